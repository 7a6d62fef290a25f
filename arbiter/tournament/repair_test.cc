#include "arbiter/tournament/repair.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "arbiter/records/record_writer.h"

namespace arbiter::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// A record of game `id` dealt from `seed`, seats a and b, won by `winner`.
std::string Rec(const std::string& id, int seed, int winner = 0,
                const std::string& b = "b") {
  return fmt::format(
      R"({{"game_id":"{}","game":"zetema","num_players":2,"seed":"{}",)"
      R"("seats":[{{"seat":0,"bot_name":"a"}},{{"seat":1,"bot_name":"{}"}}],)"
      R"("result":{{"places":[{},{}]}}}})",
      id, seed, b, winner == 0 ? 1 : 2, winner == 0 ? 2 : 1);
}

// The schedule of the tests: game "gN" is dealt from seed N, seats a, b.
std::expected<void, std::string> Judge(const records::RecordSummary& r,
                                       std::string_view where) {
  if (r.seed != std::stoull(r.game_id.substr(1)) || r.bots.size() != 2 ||
      r.bots[1] != "b") {
    return std::unexpected(
        fmt::format("{}: game {}: not the schedule's", where, r.game_id));
  }
  return {};
}

class RepairTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("repair_test." + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::filesystem::path Write(const std::string& name,
                              const std::vector<std::string>& lines) {
    const auto path = dir_ / name;
    auto writer = records::RecordWriter::Open(path);
    EXPECT_TRUE(writer.has_value());
    for (const auto& line : lines) EXPECT_TRUE(writer->Append(line));
    return path;
  }

  static std::string Read(const std::filesystem::path& path) {
    std::stringstream text;
    text << std::ifstream(path).rdbuf();
    return text.str();
  }

  std::filesystem::path dir_;
};

TEST_F(RepairTest, KeepsTheRecordTheScheduleConfirms) {
  // g2 twice: first a forged record (wrong deal seed), then the real one.
  const auto path =
      Write("games.jsonl", {Rec("g1", 1), Rec("g2", 99), Rec("g2", 2, 1)});
  auto plan = PlanRepair(path, Judge);
  ASSERT_TRUE(plan.has_value()) << plan.error();
  EXPECT_THAT(plan->undecided, IsEmpty());
  EXPECT_THAT(plan->drop, ElementsAre(1));
  EXPECT_EQ(plan->conflicts, 1);
  ASSERT_EQ(plan->notes.size(), 1u);
  EXPECT_THAT(plan->notes[0], HasSubstr(":2: game g2: not the schedule's"));
  auto backup = ApplyRepair(path, *plan);
  ASSERT_TRUE(backup.has_value()) << backup.error();
  EXPECT_EQ(Read(path), Rec("g1", 1) + "\n" + Rec("g2", 2, 1) + "\n");
  EXPECT_EQ(*backup, path.string() + ".before-repair");
  EXPECT_EQ(Read(*backup), Rec("g1", 1) + "\n" + Rec("g2", 99) + "\n" +
                               Rec("g2", 2, 1) + "\n");
}

TEST_F(RepairTest, TwoPlaysOfOneGameKeepTheFirstAndCopiesGo) {
  // Two runs played g1 (same seats and deal, another result); g2 is copied.
  const auto path = Write("games.jsonl", {Rec("g1", 1, 0), Rec("g2", 2),
                                          Rec("g1", 1, 1), Rec("g2", 2)});
  auto plan = PlanRepair(path, Judge);
  ASSERT_TRUE(plan.has_value()) << plan.error();
  EXPECT_THAT(plan->drop, ElementsAre(2, 3));
  ASSERT_EQ(plan->notes.size(), 2u);
  EXPECT_THAT(plan->notes[0],
              HasSubstr(":4: game g2: dropped, a copy of line 2"));
  EXPECT_THAT(plan->notes[1],
              HasSubstr(":3: game g1: dropped, another play of the game kept "
                        "at " +
                        path.string() + ":1"));
}

TEST_F(RepairTest, NoConfirmedRecordIsUndecided) {
  const auto path = Write("games.jsonl", {Rec("g1", 7), Rec("g1", 8)});
  auto plan = PlanRepair(path, Judge);
  ASSERT_TRUE(plan.has_value());
  ASSERT_EQ(plan->undecided.size(), 1u);
  EXPECT_THAT(plan->undecided[0],
              HasSubstr("game g1: none of its 2 records is the schedule's"));
}

TEST_F(RepairTest, WithoutAScheduleRecordsMustAgreeOnSeatsAndSeed) {
  const auto agree = Write("a.jsonl", {Rec("g1", 1, 0), Rec("g1", 1, 1)});
  auto plan = PlanRepair(agree, nullptr);
  ASSERT_TRUE(plan.has_value());
  EXPECT_THAT(plan->undecided, IsEmpty());
  EXPECT_THAT(plan->drop, ElementsAre(1));
  const auto differ = Write("b.jsonl", {Rec("g1", 1), Rec("g1", 1, 0, "c")});
  plan = PlanRepair(differ, nullptr);
  ASSERT_TRUE(plan.has_value());
  ASSERT_EQ(plan->undecided.size(), 1u);
  EXPECT_THAT(plan->undecided[0], HasSubstr("differ in seats or deal seed"));
}

TEST_F(RepairTest, PiecesThatAreNoRecordGoAndZstdStaysZstd) {
  const auto path = dir_ / "games.jsonl.zst";
  {
    auto writer = records::RecordWriter::Open(path);
    ASSERT_TRUE(writer.has_value());
    ASSERT_TRUE(writer->Append(Rec("g1", 1)));
    ASSERT_TRUE(writer->Append(Rec("g1", 1, 1)));
    ASSERT_TRUE(writer->Append(R"({"game_id":"g2","seed":)"));  // torn
  }
  auto plan = PlanRepair(path, Judge);
  ASSERT_TRUE(plan.has_value()) << plan.error();
  EXPECT_THAT(plan->drop, ElementsAre(1, 2));
  ASSERT_TRUE(ApplyRepair(path, *plan).has_value());
  auto reader = records::RecordReader::Open(path);
  ASSERT_TRUE(reader.has_value());
  EXPECT_EQ(reader->encoding(), records::Encoding::kZstd);
  std::string_view text;
  ASSERT_TRUE(*reader->Next(&text));
  EXPECT_EQ(text, Rec("g1", 1));
  EXPECT_FALSE(*reader->Next(&text));
}

TEST_F(RepairTest, ABackupIsNeverOverwritten) {
  const auto path = Write("games.jsonl", {Rec("g1", 1), Rec("g1", 1, 1)});
  std::ofstream(path.string() + ".before-repair") << "older\n";
  auto plan = PlanRepair(path, Judge);
  ASSERT_TRUE(plan.has_value());
  auto backup = ApplyRepair(path, *plan);
  ASSERT_TRUE(backup.has_value()) << backup.error();
  EXPECT_EQ(*backup, path.string() + ".before-repair.2");
  EXPECT_EQ(Read(path.string() + ".before-repair"), "older\n");
}

}  // namespace
}  // namespace arbiter::tournament
