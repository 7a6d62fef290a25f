#include "ratings/csv_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ratings/collector.h"

namespace ratings {
namespace {

using ::testing::HasSubstr;

std::expected<std::vector<Game>, std::string> Parse(const std::string& text) {
  auto lines = LineReader::FromString(text, "r.csv");
  GameList list;
  if (auto ok = ReadCsv(lines, list); !ok) return std::unexpected(ok.error());
  return std::move(list.games);
}

// Through the collector, which checks names and who plays whom.
std::string CollectError(const std::string& text) {
  auto lines = LineReader::FromString(text, "r.csv");
  Collector collector({});
  const auto ok = ReadCsv(lines, collector);
  return ok ? "" : ok.error();
}

TEST(CsvReaderTest, ReadsTwoPlayerResults) {
  const auto games =
      Parse("white,black,result\nA,B,1-0\r\nB,A,1/2-1/2\n\nB,A,0-1\n");
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 3u);
  const Game& g = (*games)[0];
  EXPECT_EQ(g.seats[0].player, "A");
  EXPECT_EQ(g.seats[0].place, 1);
  EXPECT_EQ(g.seats[1].place, 2);
  EXPECT_TRUE(g.seats[0].moved_first);
  EXPECT_FALSE(g.seats[1].moved_first);
  EXPECT_EQ((*games)[1].seats[0].place, (*games)[1].seats[1].place);
  EXPECT_EQ((*games)[2].seats[1].place, 1);
}

TEST(CsvReaderTest, ReadsStandingsOfAnySizeWithTies) {
  // Rows of one game need not be together; the header's case and spaces
  // do not matter.
  const auto games = Parse(
      " Game , PLAYER,place\n"
      "g1,A,1\ng1,B,2\ng2,C,1\ng1,C,2\ng1,D,4\ng2,A,2\n");
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 2u);
  const Game& g1 = (*games)[0];
  ASSERT_EQ(g1.seats.size(), 4u);
  EXPECT_EQ(g1.seats[2].player, "C");
  EXPECT_EQ(g1.seats[1].place, g1.seats[2].place);
  EXPECT_TRUE(g1.seats[0].moved_first);
  EXPECT_EQ((*games)[1].seats.size(), 2u);
}

TEST(CsvReaderTest, AcceptsAByteOrderMark) {
  const auto games = Parse("\xEF\xBB\xBFwhite,black,result\nA,B,0-1\n");
  ASSERT_TRUE(games) << games.error();
  EXPECT_EQ((*games)[0].seats[1].place, 1);
}

TEST(CsvReaderTest, QuotedNamesMayHoldCommasAndQuotes) {
  const auto games =
      Parse("white,black,result\n\"Bot, the \"\"best\"\"\",B,0-1\n");
  ASSERT_TRUE(games) << games.error();
  EXPECT_EQ((*games)[0].seats[0].player, "Bot, the \"best\"");
}

TEST(CsvReaderTest, ErrorsNameFileLineAndField) {
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"white,black,result\nA,B,2-0\n",
       "r.csv:2: field 'result': expected 1-0, 0-1 or 1/2-1/2, got '2-0'"},
      {"white,black,result\nA,,1-0\n", "r.csv:2: field 'black' is empty"},
      {"white,black,result\nA,B\n", "r.csv:2: expected 3 fields, got 2"},
      {"white,black,result\nA,B,1-0,x\n", "r.csv:2: expected 3 fields, got 4"},
      {"game,player,place\ng,A,1\ng,B,x\n",
       "r.csv:3: field 'place': expected a positive integer, got 'x'"},
      {"game,player,place\ng,A,0\n",
       "r.csv:2: field 'place': expected a positive integer, got '0'"},
      {"game,player,place\ng,A,1\nh,B,1\nh,C,2\n",
       "r.csv:2: field 'game': game 'g' has only one player"},
      {"a,b,c\n",
       "r.csv:1: header: expected 'white,black,result' or "
       "'game,player,place', got 'a,b,c'"},
      {"\n\n", "r.csv: empty file"},
      {"white,black,result\n\"A,B,1-0\n", "r.csv:2: unterminated quoted field"},
      {"white,black,result\nA,B,1-0\x01\n", "got '1-0\\x01'"},
  };
  for (const Case& c : cases) {
    const auto games = Parse(c.text);
    ASSERT_FALSE(games) << c.text;
    EXPECT_THAT(games.error(), HasSubstr(c.message)) << c.text;
  }
}

TEST(CsvReaderTest, RefusedNamesAndSelfPlayNameLineAndField) {
  EXPECT_THAT(CollectError(
                  std::string("white,black,result\nA,B,1-0\nA,B\0x,1-0\n", 37)),
              HasSubstr("r.csv:3: field 'black': the name holds a NUL byte"));
  EXPECT_THAT(CollectError("white,black,result\nA,B,1-0\nA,A,1-0\n"),
              HasSubstr("r.csv:3: field 'black': 'A' plays seat 0 too"));
  EXPECT_THAT(
      CollectError("game,player,place\ng,A,1\ng,B,2\nh,A,1\nh,C,2\ng,A,3\n"),
      HasSubstr("r.csv:6: field 'player': 'A' plays seat 0 too"));
  EXPECT_THAT(CollectError("white,black,result\n\"A\nB\",C,1-0\n"),
              HasSubstr("r.csv:2: unterminated quoted field"));
  EXPECT_EQ(CollectError("white,black,result\nA,B,1-0\n"), "");
}

TEST(CsvReaderTest, MissingFileIsAnErrorNamingIt) {
  GameList list;
  const auto ok = ReadCsvFile("/nonexistent/results.csv", list);
  ASSERT_FALSE(ok);
  EXPECT_THAT(ok.error(), HasSubstr("/nonexistent/results.csv"));
}

}  // namespace
}  // namespace ratings
