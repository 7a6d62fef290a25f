#include "arbiter/match/record_io.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace arbiter {
namespace {

TEST(RecordIoTest, AppendsOneLinePerRecordWithEveryField) {
  char tmpl[] = "/tmp/record_io_test.XXXXXX";
  const std::string dir = ::mkdtemp(tmpl);
  const std::string path = dir + "/games.jsonl";
  arbiter::v1::GameRecord r;
  r.set_game_id("g1");
  r.set_seed(uint64_t{1} << 60);
  r.mutable_result()->set_winner(-1);
  ASSERT_TRUE(AppendRecord(path, r).has_value());
  r.set_game_id("g2");
  ASSERT_TRUE(AppendRecord(path, r).has_value());

  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  // Proto field names, primitives printed even when zero, 64-bit as string.
  EXPECT_NE(line.find("\"game_id\":\"g1\""), std::string::npos) << line;
  EXPECT_NE(line.find("\"num_players\":0"), std::string::npos) << line;
  EXPECT_NE(line.find("\"seed\":\"1152921504606846976\""), std::string::npos);
  EXPECT_NE(line.find("\"winner\":-1"), std::string::npos);

  auto all = ReadRecords(path);
  ASSERT_TRUE(all.has_value()) << all.error();
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[1].game_id(), "g2");
  EXPECT_EQ((*all)[1].seed(), uint64_t{1} << 60);
  std::filesystem::remove_all(dir);
}

TEST(RecordIoTest, ReadersAcceptMissingFieldsAndNumbersAsStrings) {
  auto r = RecordFromJson(
      R"({"game_id":"x","num_players":"3","seed":5,"future_field":1})");
  ASSERT_TRUE(r.has_value()) << r.error();
  EXPECT_EQ(r->num_players(), 3);
  EXPECT_EQ(r->seed(), 5u);
  EXPECT_EQ(r->round(), 0);
}

TEST(RecordIoTest, BadLinesNameTheLine) {
  char tmpl[] = "/tmp/record_io_test.XXXXXX";
  const std::string dir = ::mkdtemp(tmpl);
  const std::string path = dir + "/games.jsonl";
  std::ofstream(path) << "{\"game_id\":\"a\"}\n\n{not json\n";
  auto all = ReadRecords(path);
  ASSERT_FALSE(all.has_value());
  EXPECT_NE(all.error().find(":3:"), std::string::npos) << all.error();
  EXPECT_FALSE(ReadRecords(dir + "/missing.jsonl").has_value());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arbiter
