#include "arbiter/tournament/records.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "arbiter/tournament/standings.h"

namespace arbiter::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::filesystem::path TempDir(const std::string& name) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string ReadAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteAll(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST(RecordsTest, SummaryReadsProtobufJson) {
  auto s = ParseRecordSummary(
      R"({"game_id":"r2-t1-d1-s0","round":"2","seats":[)"
      R"({"seat":0,"bot_name":"a","team":0},{"seat":1,"bot_name":"b","team":"1"}],)"
      R"("result":{"places":[2,"1"],"faults":[{"seat":0,"reason":"FAULT_REASON_TIMEOUT"}]}})");
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->game_id, "r2-t1-d1-s0");
  EXPECT_EQ(s->round, 2);
  EXPECT_THAT(s->bots, ElementsAre("a", "b"));
  EXPECT_THAT(s->teams, ElementsAre(0, 1));
  EXPECT_THAT(s->places, ElementsAre(2, 1));
  EXPECT_EQ(s->faults, 1);
  EXPECT_THAT(s->fault_seats, ElementsAre(0));
  // Missing fields are defaults; a seat without a team is its own team.
  auto bare =
      ParseRecordSummary(R"({"game_id":"x","seats":[{"bot_name":"a"},{}]})");
  ASSERT_TRUE(bare) << bare.error();
  EXPECT_EQ(bare->round, 0);
  EXPECT_THAT(bare->teams, ElementsAre(0, 1));
  EXPECT_TRUE(bare->places.empty());
  EXPECT_THAT(ParseRecordSummary("{\"game_id\":\"x\"").error(),
              HasSubstr("not valid JSON"));
  EXPECT_THAT(ParseRecordSummary("[1]").error(),
              HasSubstr("not a JSON object"));
  EXPECT_THAT(ParseRecordSummary("{}").error(), HasSubstr("no game_id"));
  EXPECT_THAT(ParseRecordSummary(R"({"game_id":"x","round":"two"})").error(),
              HasSubstr("round: not an integer"));
  EXPECT_THAT(ParseRecordSummary(
                  R"({"game_id":"x","seats":[{},{}],"result":{"places":[1]}})")
                  .error(),
              HasSubstr("1 places for 2 seats"));
}

TEST(RecordsTest, ScanSkipsAnUnterminatedLastLineAndReportsIt) {
  const auto dir = TempDir("scan_truncated");
  const auto path = dir / "games.jsonl";
  WriteAll(path,
           "{\"game_id\":\"g1\"}\n{\"game_id\":\"g2\"}\n{\"game_id\":\"g1\"}\n"
           "{\"game_id\":\"g3\",\"seats\":[{\"bot_na");
  RecordScan scan;
  ASSERT_TRUE(ScanRecords(path, scan));
  EXPECT_THAT(scan.game_ids, ElementsAre("g1", "g2"));
  EXPECT_EQ(scan.duplicates, 1);
  EXPECT_EQ(scan.malformed, 1);
  ASSERT_EQ(scan.problems.size(), 2u);
  EXPECT_THAT(
      scan.problems[0],
      HasSubstr(path.string() + ":3: skipped, duplicate game_id \"g1\""));
  EXPECT_THAT(scan.problems[1], HasSubstr(path.string() + ":4: skipped"));
  EXPECT_THAT(scan.problems[1], HasSubstr("unterminated last line"));
  RecordScan none;
  ASSERT_TRUE(ScanRecords(dir / "absent.jsonl", none));
  EXPECT_TRUE(none.lines.empty());
}

TEST(RecordsTest, WriterStartsOnAFreshLineAndNeverRewrites) {
  const auto dir = TempDir("writer");
  const auto path = dir / "games.jsonl";
  const std::string before = "{\"game_id\":\"g1\"}\n{\"game_id\":\"g2\",\"se";
  WriteAll(path, before);
  {
    auto writer = RecordWriter::Open(path);
    ASSERT_TRUE(writer) << writer.error();
    ASSERT_TRUE(writer->Append("{\"game_id\":\"g2\"}"));
    ASSERT_TRUE(writer->Append("{\"game_id\":\"g3\"}"));
  }
  EXPECT_EQ(ReadAll(path),
            before + "\n{\"game_id\":\"g2\"}\n{\"game_id\":\"g3\"}\n");
  RecordScan scan;
  ASSERT_TRUE(ScanRecords(path, scan));
  EXPECT_THAT(scan.game_ids, ElementsAre("g1", "g2", "g3"));
  EXPECT_EQ(scan.malformed, 1);
  // A clean file gets no blank line.
  {
    auto writer = RecordWriter::Open(path);
    ASSERT_TRUE(writer);
    ASSERT_TRUE(writer->Append("{\"game_id\":\"g4\"}"));
  }
  EXPECT_THAT(ReadAll(path),
              testing::EndsWith("\"g3\"}\n{\"game_id\":\"g4\"}\n"));
  EXPECT_FALSE(RecordWriter::Open(dir / "no" / "such" / "dir.jsonl"));
}

TEST(RecordsTest, MergeKeepsTheFirstRecordOfEveryGame) {
  const auto dir = TempDir("merge");
  WriteAll(dir / "a.jsonl",
           "{\"game_id\":\"g1\",\"v\":1}\n{\"game_id\":\"g2\"}\n");
  WriteAll(
      dir / "b.jsonl",
      "{\"game_id\":\"g2\",\"v\":2}\nnot json\n{\"game_id\":\"g3\"}\n{\"game_");
  std::ostringstream out;
  auto report = MergeRecordFiles({dir / "a.jsonl", dir / "b.jsonl"}, out);
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(out.str(),
            "{\"game_id\":\"g1\",\"v\":1}\n{\"game_id\":\"g2\"}\n{\"game_id\":"
            "\"g3\"}\n");
  EXPECT_EQ(report->duplicates, 1);
  EXPECT_EQ(report->malformed, 2);
  ASSERT_EQ(report->problems.size(), 3u);
  EXPECT_THAT(report->problems[0],
              HasSubstr("b.jsonl:1: skipped, duplicate game_id \"g2\""));
  EXPECT_THAT(report->problems[1],
              HasSubstr("b.jsonl:2: skipped, not valid JSON"));
  EXPECT_THAT(report->problems[2], HasSubstr("b.jsonl:4: skipped"));
  std::ostringstream ignored;
  auto missing = MergeRecordFiles({dir / "zzz.jsonl"}, ignored);
  ASSERT_FALSE(missing);
  EXPECT_THAT(missing.error(), HasSubstr("zzz.jsonl: no such file"));
}

TEST(StandingsTest, SeatPointsShareOutOpponentsBeaten) {
  EXPECT_THAT(SeatPoints({1, 2}, {0, 1}), ElementsAre(1.0, 0.0));
  EXPECT_THAT(SeatPoints({1, 1}, {0, 1}), ElementsAre(0.5, 0.5));
  EXPECT_THAT(SeatPoints({2, 1, 3}, {0, 1, 2}), ElementsAre(0.5, 1.0, 0.0));
  // Partners: the winning team's seats all score 1.
  EXPECT_THAT(SeatPoints({1, 2, 1, 2}, {0, 1, 0, 1}), ElementsAre(1, 0, 1, 0));
  EXPECT_THAT(SeatPoints({2, 1, 3, 2, 1, 3}, {0, 1, 2, 0, 1, 2}),
              ElementsAre(0.5, 1, 0, 0.5, 1, 0));
}

TEST(StandingsTest, CountsGamesPointsFaultsAndHeadToHead) {
  Standings s({"a", "b", "c"});
  RecordSummary g1{"g1", 1, {"a", "b"}, {0, 1}, {1, 2}, 1, {1}};
  RecordSummary g2{"g2", 1, {"c", "a", "c", "a"}, {0, 1, 0, 1}, {1, 2, 1, 2},
                   0,    {}};
  ASSERT_TRUE(s.Add(g1));
  ASSERT_TRUE(s.Add(g2));
  EXPECT_EQ(s.Games(0), 2);
  EXPECT_DOUBLE_EQ(s.Points(0), 1.0);
  EXPECT_DOUBLE_EQ(s.Points(2), 1.0);
  EXPECT_EQ(s.Faults(1), 1);
  EXPECT_EQ(s.TotalFaults(), 1);
  EXPECT_DOUBLE_EQ(s.PointsAgainst(0, 1), 1.0);
  EXPECT_EQ(s.GamesAgainst(0, 2), 1);  // one game, though two seats each
  EXPECT_DOUBLE_EQ(s.PointsAgainst(2, 0), 1.0);
  EXPECT_THAT(s.Order(), ElementsAre(2, 0, 1));
  EXPECT_THAT(s.Table(), HasSubstr("100.0%"));
  EXPECT_THAT(s.Crosstable(), HasSubstr("1/1"));
  RecordSummary stranger{"g3", 1, {"a", "zed"}, {0, 1}, {1, 2}, 0, {}};
  auto bad = s.Add(stranger);
  ASSERT_FALSE(bad);
  EXPECT_THAT(bad.error(), HasSubstr("seats[1].bot_name \"zed\""));
}

}  // namespace
}  // namespace arbiter::tournament
