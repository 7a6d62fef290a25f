#include "ratings/collector.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ratings/test_games.h"

namespace ratings {
namespace {

using ::testing::HasSubstr;
using testing::Pair;
using testing::Partnership;
using testing::Standing;

GameError Refused(const Game& game) {
  Collector collector({});
  GameViewStorage storage;
  const auto added = collector.Add(storage.View(game));
  EXPECT_FALSE(added);
  EXPECT_EQ(collector.games(), 0);
  return added ? GameError{} : added.error();
}

TEST(CollectorTest, RefusesSelfPlayAndAPlayerTwiceApart) {
  GameError e = Refused(Pair("A", "A", 1));
  EXPECT_EQ(e.field, GameField::kPlayer);
  EXPECT_EQ(e.seat, 1);
  EXPECT_THAT(e.message, HasSubstr("'A' plays seat 0 too, on another side"));
  e = Refused(Standing({{"A", 1}, {"B", 2}, {"A", 3}}));
  EXPECT_EQ(e.seat, 2);
  // On both teams of a partnership game.
  e = Refused(Partnership("A", "B", "C", "A", true));
  EXPECT_EQ(e.seat, 3);
}

TEST(CollectorTest, CopiesOnOneTeamAreThatBot) {
  const Collected c = testing::Collect({Partnership("A", "B", "A", "B", true)});
  EXPECT_EQ(c.data.NumUnits(), 2u);  // {A} and {B}
  EXPECT_EQ(c.bots[0].games, 1);
  EXPECT_DOUBLE_EQ(c.bots[0].score, 1);  // one opponent met, once
  EXPECT_DOUBLE_EQ(c.bots[0].encounters, 1);
}

TEST(CollectorTest, RefusesBadNamesSeatsAndTies) {
  Game g = Pair("A", "B", 1);
  g.seats[1].player = std::string("B\0", 2);
  GameError e = Refused(g);
  EXPECT_EQ(e.field, GameField::kPlayer);
  EXPECT_EQ(e.seat, 1);
  EXPECT_EQ(e.message, "the name holds a NUL byte");
  g = Pair("A", "B", 1);
  g.seats.pop_back();
  EXPECT_THAT(Refused(g).message, HasSubstr("expected at least 2 seats"));
  g = Pair("A", "B", 1);
  g.seats[0].team = g.seats[1].team = 0;
  EXPECT_THAT(Refused(g).message, HasSubstr("every seat is on one team"));
  g = Pair("A", "B", 1);
  g.seats[0].faults = {"bad\nreason"};
  EXPECT_THAT(Refused(g).message, HasSubstr("a fault reason holds a control"));
  std::vector<std::pair<std::string, int>> tie;
  for (int i = 0; i < kMaxTiedSides + 1; ++i)
    tie.emplace_back("P" + std::to_string(i), 1);
  e = Refused(Standing(tie));
  EXPECT_EQ(e.field, GameField::kPlace);
  EXPECT_THAT(e.message, HasSubstr("13 sides tie for place 1; at most 12"));
}

TEST(CollectorTest, CountsStatisticsAsItGoes) {
  std::vector<Game> games = {Partnership("A", "B", "C", "D", true),
                             Standing({{"A", 1}, {"B", 1}, {"C", 3}})};
  games[0].seats[0].points = 30;
  games[0].seats[2].faults = {"timeout"};
  games[0].seats[2].decisions = 3;
  games[0].seats[2].decision_us_total = 900;
  games[0].seats[2].decision_us_max = 500;
  const Collected c = testing::Collect(games, {.crosstable = true});
  ASSERT_EQ(c.names.size(), 4u);
  const BotStats& a = c.bots[0];  // A: beat B and D, then tied B, beat C
  EXPECT_EQ(a.games, 2);
  EXPECT_DOUBLE_EQ(a.score, 3.5);
  EXPECT_DOUBLE_EQ(a.encounters, 4);
  EXPECT_EQ(a.points, 30);
  const BotStats& cc = c.bots[2];
  EXPECT_EQ(cc.faults.at("timeout"), 1);
  EXPECT_EQ(cc.decisions, 3);
  EXPECT_EQ(cc.decision_us_max, 500);
  EXPECT_EQ(c.max_sides, 3);
  EXPECT_EQ(c.games, 2);
  // Partners do not meet: A-C only in the second game.
  for (const CrossCell& cell : c.crosstable) {
    if (cell.a == 0 && cell.b == 2) EXPECT_DOUBLE_EQ(cell.encounters, 1);
  }
  EXPECT_EQ(c.crosstable.size(), 10u);  // 8, and A-C both ways
}

}  // namespace
}  // namespace ratings
