#include "ratings/csv_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

namespace ratings {
namespace {

using ::testing::HasSubstr;

std::expected<std::vector<Game>, std::string> Parse(const std::string& text) {
  std::istringstream in(text);
  return ParseCsv(in, "r.csv");
}

TEST(CsvReaderTest, ReadsTwoPlayerResults) {
  const auto games =
      Parse("white,black,result\nA,B,1-0\r\nB,A,1/2-1/2\n\nB,A,0-1\n");
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 3u);
  const Game& g = (*games)[0];
  ASSERT_EQ(g.seats.size(), 2u);
  EXPECT_EQ(g.seats[0].player, "A");
  EXPECT_TRUE(g.seats[0].moved_first);
  EXPECT_FALSE(g.seats[1].moved_first);
  EXPECT_EQ(g.seats[0].place, 1);
  EXPECT_EQ(g.seats[1].place, 2);
  EXPECT_EQ((*games)[1].seats[0].place, 1);  // a draw is a tie
  EXPECT_EQ((*games)[1].seats[1].place, 1);
  EXPECT_EQ((*games)[2].seats[0].player, "B");
  EXPECT_EQ((*games)[2].seats[0].place, 2);
  EXPECT_EQ((*games)[2].seats[1].place, 1);
  EXPECT_EQ((*games)[2].source, "r.csv:5");  // blank lines count
}

TEST(CsvReaderTest, ReadsStandingsOfAnySizeWithTies) {
  const auto games = Parse(
      "Game, Player, Place\n"
      "g1,A,2\ng1,B,1\ng2,C,1\ng1,C,2\ng2,A,1\ng2,B,3\n");
  ASSERT_TRUE(games) << games.error();
  ASSERT_EQ(games->size(), 2u);
  const Game& g1 = (*games)[0];
  EXPECT_EQ(g1.id, "g1");
  ASSERT_EQ(g1.seats.size(), 3u);
  EXPECT_EQ(g1.seats[0].player, "A");
  EXPECT_TRUE(g1.seats[0].moved_first);  // first row of the game
  EXPECT_FALSE(g1.seats[2].moved_first);
  EXPECT_EQ(g1.seats[2].player, "C");
  EXPECT_EQ(g1.seats[2].place, 2);
  const Game& g2 = (*games)[1];
  EXPECT_EQ(g2.seats[0].player, "C");
  EXPECT_EQ(g2.seats[1].place, 1);
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
  };
  for (const Case& c : cases) {
    const auto games = Parse(c.text);
    ASSERT_FALSE(games) << c.text;
    EXPECT_THAT(games.error(), HasSubstr(c.message)) << c.text;
  }
}

TEST(CsvReaderTest, MissingFileIsAnErrorNamingIt) {
  const auto games = ReadCsvFile("/nonexistent/results.csv");
  ASSERT_FALSE(games);
  EXPECT_THAT(games.error(), HasSubstr("/nonexistent/results.csv"));
}

}  // namespace
}  // namespace ratings
