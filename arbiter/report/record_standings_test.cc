#include "arbiter/report/record_standings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace arbiter::report {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::SizeIs;

// A record of a two-seat game that `first` won against `second`.
std::string Record(const std::string& id, const std::string& first,
                   const std::string& second) {
  return R"({"game_id":")" + id + R"(","seats":[{"seat":0,"bot_name":")" +
         first + R"("},{"seat":1,"bot_name":")" + second +
         R"("}],"result":{"places":[1,2]}})";
}

class RecordStandingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Per process: test processes of other runs may share the machine.
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ("record_standings." + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  std::string Write(const std::string& name,
                    const std::vector<std::string>& lines) {
    const auto path = dir_ / name;
    std::ofstream out(path);
    for (const auto& line : lines) out << line << "\n";
    return path.string();
  }
  std::filesystem::path dir_;
};

TEST_F(RecordStandingsTest, CountsEveryGameIdOnceAcrossFiles) {
  const std::string a =
      Write("a.jsonl", {Record("g1", "x", "y"), Record("g2", "y", "z")});
  const std::string b =
      Write("b.jsonl", {Record("g1", "x", "y"), "not a record"});
  auto read = ReadRecordGames({a, b});
  ASSERT_TRUE(read) << read.error();
  EXPECT_THAT(read->games, SizeIs(2));
  EXPECT_EQ(read->copies, 1);
  EXPECT_THAT(read->bots, ElementsAre("x", "y", "z"));
  ASSERT_THAT(read->problems, SizeIs(1));
  EXPECT_THAT(read->problems[0], HasSubstr("b.jsonl:2"));
  auto standings = StandingsOf(*read);
  ASSERT_TRUE(standings) << standings.error();
  EXPECT_EQ(standings->TotalGames(), 2);
  EXPECT_EQ(standings->Games(1), 2);  // y
  EXPECT_EQ(standings->Points(0), 1);
}

TEST_F(RecordStandingsTest, RefusesTwoRecordsUnderOneGameId) {
  const std::string a = Write("a.jsonl", {Record("g1", "x", "y")});
  const std::string b = Write("b.jsonl", {Record("g1", "y", "x")});
  auto read = ReadRecordGames({a, b});
  ASSERT_FALSE(read);
  EXPECT_THAT(read.error(), HasSubstr("b.jsonl:1: game g1 is also at "));
  EXPECT_THAT(read.error(), HasSubstr("a.jsonl:1 as a different record"));
}

TEST_F(RecordStandingsTest, NamesAFileThatCannotBeRead) {
  auto read = ReadRecordGames({(dir_ / "missing.jsonl").string()});
  ASSERT_FALSE(read);
  EXPECT_THAT(read.error(), HasSubstr("missing.jsonl"));
}

}  // namespace
}  // namespace arbiter::report
