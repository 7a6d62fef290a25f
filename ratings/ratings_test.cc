#include "ratings/ratings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ratings/synthetic.h"
#include "ratings/test_games.h"

namespace ratings {
namespace {

using ::testing::HasSubstr;
using testing::OrdoClassic;

TEST(RatingsTest, BootstrapGivesIntervalsAndLos) {
  const auto report = RateGames(OrdoClassic(), {.bootstrap = 400, .seed = 5});
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->bootstrap_replicates, 400);
  EXPECT_EQ(report->model, "bradley-terry");
  ASSERT_EQ(report->players.size(), 3u);
  for (const PlayerReport& p : report->players) {
    ASSERT_TRUE(p.interval) << p.name;
    EXPECT_LT(p.interval->lower, p.rating) << p.name;
    EXPECT_GT(p.interval->upper, p.rating) << p.name;
    EXPECT_EQ(p.games, 60);
  }
  // 30 games against each neighbour at a 75% score: clearly better.
  ASSERT_TRUE(report->players[0].los_next);
  EXPECT_GT(*report->players[0].los_next, 0.95);
  EXPECT_LE(*report->players[0].los_next, 1.0);
  EXPECT_FALSE(report->players[2].los_next);  // no next player
  EXPECT_EQ(report->players[0].name, "E1");
  EXPECT_DOUBLE_EQ(report->players[0].score, 22.5 + 27);
  EXPECT_DOUBLE_EQ(report->players[0].encounters, 60);
}

TEST(RatingsTest, BootstrapIsDeterministicAcrossThreadCounts) {
  const auto one =
      RateGames(OrdoClassic(), {.bootstrap = 100, .seed = 9, .threads = 1});
  const auto two =
      RateGames(OrdoClassic(), {.bootstrap = 100, .seed = 9, .threads = 2});
  const auto other = RateGames(OrdoClassic(), {.bootstrap = 100, .seed = 10});
  ASSERT_TRUE(one && two && other);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(one->players[i].interval->lower, two->players[i].interval->lower);
    EXPECT_EQ(one->players[i].los_next, two->players[i].los_next);
  }
  EXPECT_NE(one->players[0].interval->lower, other->players[0].interval->lower);
}

TEST(RatingsTest, NoBootstrapMeansNoIntervals) {
  const auto report = RateGames(OrdoClassic(), {.bootstrap = 0});
  ASSERT_TRUE(report);
  EXPECT_FALSE(report->players[0].interval);
  EXPECT_FALSE(report->players[0].los_next);
}

TEST(RatingsTest, DuplicateSetsAreResampledWhole) {
  // Each duplicate set plays the same deal twice with seats swapped; the
  // two games are strongly correlated (here identical in outcome for the
  // same bot), so resampling games alone would understate the spread.
  std::vector<Game> games;
  const std::vector<Game> classic = OrdoClassic();
  for (size_t i = 0; i < classic.size(); ++i) {
    Game a = classic[i];
    Game b = testing::Pair(a.seats[1].player, a.seats[0].player,
                           a.seats[0].place < a.seats[1].place    ? -1
                           : a.seats[0].place == a.seats[1].place ? 0
                                                                  : 1);
    a.duplicate_group = b.duplicate_group = std::to_string(i);
    games.push_back(a);
    games.push_back(b);
  }
  const auto grouped = RateGames(games, {.bootstrap = 400});
  for (Game& g : games) g.duplicate_group.clear();
  const auto loose = RateGames(games, {.bootstrap = 400});
  ASSERT_TRUE(grouped && loose);
  EXPECT_EQ(grouped->resampling_units, 90);
  EXPECT_EQ(loose->resampling_units, 180);
  EXPECT_NEAR(grouped->players[0].rating, loose->players[0].rating, 1e-9);
  auto width = [](const PlayerReport& p) {
    return p.interval->upper - p.interval->lower;
  };
  // Whole sets: about sqrt(2) wider.
  EXPECT_GT(width(grouped->players[0]), 1.2 * width(loose->players[0]));
}

TEST(RatingsTest, PerBotStatisticsFromRecords) {
  std::vector<Game> games = OrdoClassic();
  games[0].seats[0].points = 30;
  games[0].seats[0].faults = {"timeout", "timeout", "crash"};
  games[0].seats[0].decisions = 4;
  games[0].seats[0].decision_us_total = 10000;
  games[0].seats[0].decision_us_max = 7000;
  games[1].seats[0].points = 12;  // E2 was white in the second game
  const auto report = RateGames(games, {.bootstrap = 0});
  ASSERT_TRUE(report);
  const PlayerReport& e1 = report->players[0];
  ASSERT_EQ(e1.name, "E1");
  EXPECT_EQ(e1.points, 30);
  EXPECT_EQ(e1.faults.at("timeout"), 2);
  EXPECT_EQ(e1.faults.at("crash"), 1);
  EXPECT_EQ(e1.decisions, 4);
  EXPECT_DOUBLE_EQ(e1.mean_decision_ms, 2.5);
  EXPECT_DOUBLE_EQ(e1.max_decision_ms, 7.0);
  EXPECT_EQ(report->players[1].points, 12);
}

TEST(RatingsTest, CrosstableHoldsPairwiseScores) {
  const auto report = RateGames(OrdoClassic(), {.bootstrap = 0});
  ASSERT_TRUE(report);
  ASSERT_EQ(report->crosstable.size(), 6u);
  const CrossEntry& e1_e2 = report->crosstable[0];
  EXPECT_EQ(e1_e2.a, 0);
  EXPECT_EQ(e1_e2.b, 1);
  EXPECT_DOUBLE_EQ(e1_e2.score, 22.5);
  EXPECT_DOUBLE_EQ(e1_e2.encounters, 30);
  const CrossEntry& e3_e1 = report->crosstable[4];
  EXPECT_EQ(e3_e1.a, 2);
  EXPECT_EQ(e3_e1.b, 0);
  EXPECT_DOUBLE_EQ(e3_e1.score, 3);
}

TEST(RatingsTest, PartnersAreNotOpponentsInTheCrosstable) {
  Game g;
  const char* names[] = {"A", "B", "C", "D"};
  for (int s = 0; s < 4; ++s) {
    g.seats.push_back({.player = names[s], .team = s % 2, .place = s % 2 + 1});
  }
  const auto report = RateGames(std::vector<Game>{g, g}, {.bootstrap = 0});
  ASSERT_TRUE(report);
  EXPECT_EQ(report->crosstable.size(), 8u);  // A,C x B,D both ways
  for (const CrossEntry& c : report->crosstable) {
    const std::string pair =
        report->players[c.a].name + report->players[c.b].name;
    EXPECT_TRUE(pair != "AC" && pair != "CA" && pair != "BD" && pair != "DB")
        << pair;
  }
}

TEST(RatingsTest, RateFilesNamesAMissingFile) {
  const auto report = RateFiles({"/nonexistent/games.jsonl"}, {});
  ASSERT_FALSE(report);
  EXPECT_THAT(report.error(), HasSubstr("/nonexistent/games.jsonl"));
}

}  // namespace
}  // namespace ratings
