#include "arbiter/records/merge.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace arbiter::records {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

class MergeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/merge_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::filesystem::path Write(const std::string& name,
                              const std::vector<std::string>& records,
                              std::string tail = "") {
    auto w = RecordWriter::Open(dir_ / name, {.sync_each = false});
    EXPECT_TRUE(w) << w.error();
    for (const auto& r : records) EXPECT_TRUE(w->Append(r));
    if (!tail.empty()) {
      std::ofstream(dir_ / name, std::ios::app | std::ios::binary) << tail;
    }
    return dir_ / name;
  }
  std::vector<std::string> Read(const std::filesystem::path& path) {
    auto reader = RecordReader::Open(path);
    EXPECT_TRUE(reader) << reader.error();
    std::vector<std::string> out;
    std::string_view text;
    while (*reader->Next(&text)) out.emplace_back(text);
    return out;
  }
  std::expected<MergeReport, std::string> Merge(
      const std::vector<std::filesystem::path>& inputs, const std::string& out,
      size_t memory = 1 << 19) {
    auto w = RecordWriter::Open(dir_ / out, {.create_new = true});
    EXPECT_TRUE(w) << w.error();
    return MergeRecordFiles(inputs, *w,
                            {.max_in_memory = memory, .temp_dir = dir_});
  }

  std::filesystem::path dir_;
};

std::string Rec(const std::string& id, int x = 0) {
  return "{\"game_id\":\"" + id + "\",\"x\":" + std::to_string(x) + "}";
}

TEST_F(MergeTest, EveryGameOnceInInputOrder) {
  const auto a = Write("a.jsonl", {Rec("g1"), Rec("g2")});
  const auto b = Write("b.jsonl.zst", {Rec("g3"), Rec("g1"), Rec("g4")});
  for (size_t memory : {size_t(1) << 19, size_t(2)}) {  // in memory, spilled
    const std::string out = "m" + std::to_string(memory) + ".jsonl";
    auto report = Merge({a, b, a}, out, memory);
    ASSERT_TRUE(report) << report.error();
    EXPECT_THAT(report->conflicts, IsEmpty());
    EXPECT_EQ(report->written, 4);
    EXPECT_EQ(report->copies, 3);
    EXPECT_THAT(Read(dir_ / out),
                ElementsAre(Rec("g1"), Rec("g2"), Rec("g3"), Rec("g4")));
  }
  EXPECT_THAT(Merge({a, b}, "x.jsonl")->notes,
              ElementsAre(HasSubstr("b.jsonl.zst:2: skipped, a copy of " +
                                    a.string() + ":1")));
}

TEST_F(MergeTest, IsIdempotent) {
  const auto a = Write("a.jsonl", {Rec("g1"), Rec("g2")});
  const auto b = Write("b.jsonl", {Rec("g3")});
  ASSERT_TRUE(Merge({a, b}, "once.jsonl.zst"));
  ASSERT_TRUE(Merge({dir_ / "once.jsonl.zst", a, b, dir_ / "once.jsonl.zst"},
                    "twice.jsonl"));
  EXPECT_EQ(Read(dir_ / "twice.jsonl"), Read(dir_ / "once.jsonl.zst"));
  EXPECT_THAT(Read(dir_ / "twice.jsonl"),
              ElementsAre(Rec("g1"), Rec("g2"), Rec("g3")));
}

TEST_F(MergeTest, RefusesDifferentRecordsUnderOneId) {
  const auto a = Write("a.jsonl", {Rec("g1"), Rec("g2")});
  const auto forged = Write("f.jsonl", {Rec("g0"), Rec("g2", 1)});
  for (size_t memory : {size_t(1) << 19, size_t(2)}) {
    const std::string out = "m" + std::to_string(memory) + ".jsonl";
    auto report = Merge({a, forged}, out, memory);
    ASSERT_TRUE(report) << report.error();
    ASSERT_EQ(report->conflicts.size(), 1u);
    EXPECT_EQ(report->conflicts[0],
              "game g2: " + a.string() + ":2 and " + forged.string() +
                  ":2 are different records with this id");
    EXPECT_EQ(report->written, 0);
    EXPECT_THAT(Read(dir_ / out), IsEmpty());
  }
}

TEST_F(MergeTest, TornAndMalformedRecordsAreSkippedAndNamed) {
  const auto a = Write("a.jsonl", {Rec("g1"), "{\"x\":1}", "not json"},
                       "{\"game_id\":\"g9\",\"x\"");
  const auto z =
      Write("z.jsonl.zst", {Rec("g2")}, CompressRecord(Rec("g3")).substr(0, 9));
  auto report = Merge({a, z}, "m.jsonl");
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->written, 2);
  EXPECT_EQ(report->torn, 2);
  EXPECT_EQ(report->malformed, 2);
  EXPECT_THAT(
      report->notes,
      ElementsAre(HasSubstr("a.jsonl:2: skipped, no game_id"),
                  HasSubstr("a.jsonl:3: skipped, invalid JSON"),
                  HasSubstr("a.jsonl:4: skipped, the record ends early"),
                  HasSubstr("cut short")));
  EXPECT_THAT(Read(dir_ / "m.jsonl"), ElementsAre(Rec("g1"), Rec("g2")));
}

TEST_F(MergeTest, AMissingInputIsAnError) {
  auto report = Merge({dir_ / "nope.jsonl"}, "m.jsonl");
  ASSERT_FALSE(report);
  EXPECT_THAT(report.error(), HasSubstr("nope.jsonl"));
}

}  // namespace
}  // namespace arbiter::records
