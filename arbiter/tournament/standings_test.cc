#include "arbiter/tournament/standings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace arbiter::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

// A two-seat game: `winner` beats `loser` (equal: a tie).
RecordSummary Game(const std::string& winner, const std::string& loser,
                   bool tie = false) {
  static int n = 0;
  return {.game_id = "g" + std::to_string(++n),
          .round = 1,
          .bots = {winner, loser},
          .teams = {0, 1},
          .places = {1, tie ? 1 : 2}};
}

std::vector<int> Places(const Standings& s) {
  std::vector<int> places;
  for (const auto& r : s.Ranking()) places.push_back(r.place);
  return places;
}

TEST(StandingsTest, EqualScoresGoByHeadToHead) {
  // a beat b twice, b beat c twice, c beat a twice: all on 50%, and the
  // same 50% against each other.
  Standings s({"c", "b", "a"});
  for (const auto& g : {Game("a", "b"), Game("a", "b"), Game("b", "c"),
                        Game("b", "c"), Game("c", "a"), Game("c", "a")}) {
    ASSERT_TRUE(s.Add(g));
  }
  EXPECT_THAT(Places(s), ElementsAre(1, 1, 1));
  EXPECT_THAT(s.Order(), ElementsAre(2, 1, 0));  // shared: by name
  EXPECT_THAT(s.Table(), HasSubstr("  1=  a"));
  ASSERT_EQ(s.TieNotes().size(), 1u);
  EXPECT_THAT(s.TieNotes()[0],
              HasSubstr("tie at 50.0%: a, b, c (against each other: a 0.500 b "
                        "0.500 c 0.500 per game; still equal: a shared "
                        "place)"));
  EXPECT_THAT(s.Table(), HasSubstr(std::string("Ties (") + kTieRule));

  // No tie: d 2/3, x 2/4, e 1/3.
  Standings t({"e", "d", "x"});
  for (const auto& g : {Game("d", "e"), Game("x", "d"), Game("e", "x"),
                        Game("x", "e"), Game("d", "x")}) {
    ASSERT_TRUE(t.Add(g));
  }
  EXPECT_THAT(t.Order(), ElementsAre(1, 2, 0));
  EXPECT_TRUE(t.TieNotes().empty());
  Standings u({"p", "q", "r"});
  for (const auto& g : {Game("q", "p"), Game("p", "r"), Game("r", "q")}) {
    ASSERT_TRUE(u.Add(g));
  }
  ASSERT_TRUE(u.Add(Game("q", "r")));
  ASSERT_TRUE(u.Add(Game("p", "r")));  // p and q on 2/3, and q beat p
  EXPECT_THAT(u.Order(), ElementsAre(1, 0, 2));
  EXPECT_THAT(Places(u), ElementsAre(1, 2, 3));
  ASSERT_EQ(u.TieNotes().size(), 1u);
  EXPECT_THAT(u.TieNotes()[0],
              HasSubstr("against each other: q 1.000 p 0.000 per game)"));
}

TEST(StandingsTest, TiedBotsThatNeverMetShareAPlace) {
  Standings s({"a", "b", "c", "d"});
  for (const auto& g : {Game("a", "c"), Game("b", "d")}) ASSERT_TRUE(s.Add(g));
  EXPECT_THAT(Places(s), ElementsAre(1, 1, 3, 3));
  EXPECT_THAT(s.TieNotes(),
              ElementsAre(HasSubstr("a, b (not every two of them met"),
                          HasSubstr("c, d (not every two")));
  EXPECT_THAT(s.Table(), HasSubstr("  3=  c"));
  EXPECT_THAT(s.Table(20, /*tie_notes=*/false), Not(HasSubstr("Ties")));
}

TEST(StandingsTest, FilesForPublishing) {
  Standings s({"b", "a,z"});
  ASSERT_TRUE(s.Add(Game("a,z", "b")));
  ASSERT_TRUE(s.Add(Game("a,z", "b", /*tie=*/true)));
  EXPECT_EQ(s.Csv(),
            "place,bot,games,points,score,faults\n"
            "1,\"a,z\",2,1.5,0.750000,0\n"
            "2,b,2,0.5,0.250000,0\n");
  EXPECT_EQ(s.CrosstableCsv(),
            "bot,\"a,z\",b\n"
            "\"a,z\",,1.5/2\n"
            "b,0.5/2,\n");
  const auto json = nlohmann::json::parse(s.Json());
  EXPECT_EQ(json["games"], 2);
  EXPECT_EQ(json["tie_rule"], kTieRule);
  EXPECT_EQ(json["standings"][0]["bot"], "a,z");
  EXPECT_EQ(json["standings"][0]["place"], 1);
  EXPECT_DOUBLE_EQ(json["standings"][1]["score"].get<double>(), 0.25);
  EXPECT_TRUE(json["ties"].empty());
}

TEST(StandingsTest, CountsGamesInWhichABotNeverStarted) {
  Standings s({"a", "b"});
  // Partnerships with one bot per team: both of b's seats failed to start,
  // which is one game in which b never started.
  RecordSummary g{.game_id = "g",
                  .bots = {"a", "b", "a", "b"},
                  .teams = {0, 1, 0, 1},
                  .places = {1, 2, 1, 2},
                  .faults = 2,
                  .fault_seats = {1, 3},
                  .fault_startup = {true, true}};
  ASSERT_TRUE(s.Add(g));
  RecordSummary h{.game_id = "h",
                  .bots = {"a", "b"},
                  .teams = {0, 1},
                  .places = {2, 1},
                  .faults = 1,
                  .fault_seats = {0},
                  .fault_startup = {false}};
  ASSERT_TRUE(s.Add(h));
  EXPECT_EQ(s.StartupFaults(1), 1);
  EXPECT_EQ(s.Faults(1), 2);
  EXPECT_EQ(s.StartupFaults(0), 0);
  EXPECT_EQ(s.Faults(0), 1);
}

RecordSummary GameWithFaults(std::vector<std::string> bots, std::vector<int> places,
                   std::vector<int> fault_seats,
                   std::vector<std::string> fault_reasons) {
  RecordSummary s;
  s.game_id = "g";
  s.bots = std::move(bots);
  s.teams = {0, 1};
  s.places = std::move(places);
  s.fault_seats = std::move(fault_seats);
  s.fault_reasons = std::move(fault_reasons);
  s.faults = int(s.fault_seats.size());
  return s;
}

TEST(StandingsTest, FaultsByReasonNameEachBotsReasons) {
  Standings s({"a", "b"});
  EXPECT_EQ(s.FaultsByReason(), "");
  const auto g = GameWithFaults({"a", "b"}, {2, 1}, {0, 0}, {"memory limit", "timeout"});
  ASSERT_TRUE(s.Add(g));
  ASSERT_TRUE(s.Add(g));
  EXPECT_EQ(s.Faults(0), 4);
  EXPECT_EQ(s.FaultsByReason(), "   a    2 memory limit, 2 timeout\n");
  EXPECT_THAT(s.Table(), HasSubstr("4"));
}

}  // namespace
}  // namespace arbiter::tournament
