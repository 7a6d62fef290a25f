#include "arbiter/records/run_ids.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "arbiter/records/record_writer.h"

namespace arbiter::records {
namespace {

TEST(RunIds, FindsTheFirstGameOfARun) {
  char tmpl[] = "/tmp/run_ids_test.XXXXXX";
  const std::filesystem::path dir = ::mkdtemp(tmpl);
  EXPECT_EQ(RunGameId("0badcafe", "g3"), "0badcafe-g3");
  EXPECT_EQ(*FindRunInFile(dir / "none.jsonl", "0badcafe"), std::nullopt);
  for (const char* name : {"g.jsonl", "g.jsonl.zst"}) {
    auto w = RecordWriter::Open(dir / name);
    ASSERT_TRUE(w);
    ASSERT_TRUE(w->Append(R"({"game_id":"0badcafe1-g1"})"));
    ASSERT_TRUE(w->Append("not json"));
    ASSERT_TRUE(w->Append(R"({"game_id":"0badcafe-g2"})"));
    auto found = FindRunInFile(dir / name, "0badcafe");
    ASSERT_TRUE(found) << found.error();
    EXPECT_EQ(*found, "0badcafe-g2") << name;
    EXPECT_EQ(*FindRunInFile(dir / name, "12345678"), std::nullopt);
  }
  EXPECT_FALSE(FindRunInFile(dir, "0badcafe"));  // a directory
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arbiter::records
