#include "ratings/ratings.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

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

TEST(RatingsTest, NoGamesNamesTheFiles) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("ratings_none_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.jsonl") << "\n\n";
  std::ofstream(dir / "b.csv") << "white,black,result\n";
  const auto report =
      RateFiles({(dir / "a.jsonl").string(), (dir / "b.csv").string()}, {});
  ASSERT_FALSE(report);
  EXPECT_THAT(report.error(),
              HasSubstr("a.jsonl and " + (dir / "b.csv").string() +
                        ": no games to rate"));
  std::filesystem::remove_all(dir);
  EXPECT_EQ(RateGames(std::vector<Game>{}, {}).error(), "no games to rate");
}

TEST(RatingsTest, RefusesOptionsByName) {
  for (double bad : {double{NAN}, double{INFINITY}, -double{INFINITY}, 1e12}) {
    const auto report = RateGames(OrdoClassic(), {.average = bad});
    ASSERT_FALSE(report) << bad;
    EXPECT_THAT(report.error(), HasSubstr("--average: ")) << bad;
  }
  EXPECT_THAT(RateGames(OrdoClassic(), {.bootstrap = -1}).error(),
              HasSubstr("--bootstrap: expected 0 to 100000, got -1"));
  EXPECT_THAT(
      RateGames(OrdoClassic(), {.bootstrap = kMaxBootstrap + 1}).error(),
      HasSubstr("--bootstrap"));
  EXPECT_THAT(RateGames(OrdoClassic(), {.threads = -2}).error(),
              HasSubstr("--threads"));
}

TEST(RatingsTest, AGameErrorNamesItsSourceAndField) {
  std::vector<Game> games = OrdoClassic();
  games[4].seats[1].player = games[4].seats[0].player;
  games[4].source = "mem:5";
  EXPECT_THAT(RateGames(games, {}).error(),
              HasSubstr("mem:5: field 'seats[1].player': 'E1' plays seat 0"));
  games[4].source.clear();
  EXPECT_THAT(RateGames(games, {}).error(), HasSubstr("game 5: field"));
}

TEST(RatingsTest, PoolsAreKeptApart) {
  std::vector<Game> games = OrdoClassic();
  testing::AddMatch(&games, "X", "Y", 6, 2, 4);
  testing::AddMatch(&games, "Y", "Z", 6, 2, 4);
  testing::AddMatch(&games, "Z", "X", 6, 2, 4);
  const auto report = RateGames(games, {.bootstrap = 100});
  ASSERT_TRUE(report) << report.error();
  ASSERT_EQ(report->num_components, 2);
  // Grouped by pool, ranked within it; no LOS across the pools.
  std::vector<int> pools, ranks;
  for (const PlayerReport& p : report->players) {
    pools.push_back(p.component);
    ranks.push_back(p.rank);
  }
  EXPECT_THAT(pools, ::testing::ElementsAre(1, 1, 1, 2, 2, 2));
  EXPECT_THAT(ranks, ::testing::ElementsAre(1, 2, 3, 1, 2, 3));
  EXPECT_TRUE(report->players[1].los_next);
  EXPECT_FALSE(report->players[2].los_next);
  EXPECT_TRUE(report->players[4].los_next);
  EXPECT_FALSE(report->players[5].los_next);
}

TEST(RatingsTest, SweepHasOpenBoundsAndEstimatesInside) {
  std::vector<Game> games;
  testing::AddMatch(&games, "A", "B", 5, 0, 0);
  const auto report = RateGames(games, {.bootstrap = 300});
  ASSERT_TRUE(report) << report.error();
  const PlayerReport& a = report->players[0];
  const PlayerReport& b = report->players[1];
  ASSERT_TRUE(a.interval && b.interval);
  EXPECT_TRUE(std::isinf(a.interval->upper));
  EXPECT_TRUE(a.interval->upper_prior);
  EXPECT_FALSE(a.interval->lower_prior);
  EXPECT_LT(a.interval->lower, a.rating);  // not a zero-width interval
  EXPECT_TRUE(std::isinf(b.interval->lower));
  EXPECT_GT(b.interval->upper, b.rating);
  EXPECT_NEAR(a.rating + b.rating, 3000, 1e-6);
}

TEST(RatingsTest, ANewcomerDoesNotWidenTheOthers) {
  // One draw: the newcomer's own interval is open (it is absent from a
  // third of the replicates), and the others' are as without it.
  std::vector<Game> games = OrdoClassic();
  games.push_back(testing::Pair("N", "E2", 0));
  const auto with = RateGames(games, {.average = 0, .bootstrap = 1000});
  const auto without =
      RateGames(OrdoClassic(), {.average = 0, .bootstrap = 1000});
  ASSERT_TRUE(with && without);
  auto find = [](const Report& r, const std::string& name) {
    for (const PlayerReport& p : r.players) {
      if (p.name == name) return p;
    }
    ADD_FAILURE() << name;
    return PlayerReport{};
  };
  for (const char* name : {"E1", "E3"}) {
    const PlayerReport p = find(*with, name), q = find(*without, name);
    EXPECT_NEAR(p.rating, q.rating, 1e-9);
    const double w = p.interval->upper - p.interval->lower;
    const double v = q.interval->upper - q.interval->lower;
    EXPECT_NEAR(w, v, 0.15 * v) << name;  // Ordo: about 2 x 46
    EXPECT_LT(w, 140) << name;
  }
  const PlayerReport n = find(*with, "N");
  EXPECT_TRUE(std::isinf(n.interval->lower) && std::isinf(n.interval->upper));
  EXPECT_FALSE(n.interval->lower_prior);
  EXPECT_THAT(with->notes.back(), HasSubstr("1 player has an interval open"));
}

TEST(RatingsTest, IndividualFillPartnershipsHaveFiniteIntervals) {
  // Small tournaments of partners drawn from 12 bots: where the fit used
  // to run off to NaN, every interval is a number and holds its estimate.
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    SyntheticOptions o{
        .ratings = {150, 120, 90, 60, 30, 0, 0, -30, -60, -90, -120, -150},
        .games = 60,
        .seats = 4,
        .team_size = 2,
        .seed = seed};
    const auto report = RateGames(DrawGames(o), {.bootstrap = 300});
    ASSERT_TRUE(report) << report.error();
    for (const PlayerReport& p : report->players) {
      ASSERT_TRUE(p.interval);
      EXPECT_FALSE(std::isnan(p.interval->lower) ||
                   std::isnan(p.interval->upper));
      EXPECT_LE(p.interval->lower, p.rating) << p.name;
      EXPECT_GE(p.interval->upper, p.rating) << p.name;
      EXPECT_TRUE(std::isfinite(p.rating));
      ASSERT_TRUE(p.los_next || &p == &report->players.back());
    }
  }
}

TEST(RatingsTest, HistoryByRoundAndByGames) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("ratings_history_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "g.jsonl").string();
  {
    std::ofstream out(path);
    const std::vector<Game> games = OrdoClassic();
    for (size_t i = 0; i < games.size(); ++i) {
      const Game& g = games[i];
      out << fmt::format(
          R"({{"round":{},"seats":[{{"bot_name":"{}"}},{{"bot_name":"{}"}}],"result":{{"places":[{},{}]}}}})"
          "\n",
          1 + i % 3, g.seats[0].player, g.seats[1].player, g.seats[0].place,
          g.seats[1].place);
    }
  }
  const auto rounds =
      RateHistory({path}, {.bootstrap = 50}, {.by_round = true});
  ASSERT_TRUE(rounds) << rounds.error();
  ASSERT_EQ(rounds->points.size(), 3u);
  EXPECT_EQ(rounds->points[0].round, 1);
  EXPECT_EQ(rounds->points[0].games, 30);
  EXPECT_EQ(rounds->points[2].games, 90);
  // The last point is the full rating.
  const auto full = RateFiles({path}, {.bootstrap = 50});
  ASSERT_TRUE(full);
  EXPECT_NEAR(rounds->points[2].players[0].rating, full->players[0].rating,
              1e-9);
  const auto every = RateHistory({path}, {.bootstrap = 0}, {.every = 40});
  ASSERT_TRUE(every);
  ASSERT_EQ(every->points.size(), 3u);
  EXPECT_EQ(every->points[0].games, 40);
  EXPECT_EQ(every->points[1].games, 80);
  EXPECT_EQ(every->points[2].games, 90);
  EXPECT_FALSE(every->points[0].players[0].interval);
  EXPECT_FALSE(RateHistory({path}, {}, {.every = 0}));
  // The same games from memory give the same history.
  std::vector<Game> games = OrdoClassic();
  for (size_t i = 0; i < games.size(); ++i) games[i].round = 1 + i % 3;
  const auto memory = RateHistory(std::span<const Game>(games),
                                  {.bootstrap = 50}, {.by_round = true});
  ASSERT_TRUE(memory) << memory.error();
  ASSERT_EQ(memory->points.size(), 3u);
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(memory->points[k].games, rounds->points[k].games);
    ASSERT_EQ(memory->points[k].players.size(),
              rounds->points[k].players.size());
    for (size_t p = 0; p < memory->points[k].players.size(); ++p) {
      EXPECT_EQ(memory->points[k].players[p].name,
                rounds->points[k].players[p].name);
      EXPECT_NEAR(memory->points[k].players[p].rating,
                  rounds->points[k].players[p].rating, 1e-9);
    }
  }
  EXPECT_FALSE(RateHistory(std::span<const Game>(games), {}, {.every = 0}));
  EXPECT_FALSE(RateHistory(std::span<const Game>(), {}, {.every = 1}));
  std::filesystem::remove_all(dir);
}

// The Ordo classic, each game with an id ("g0", ...) and its round.
std::vector<Game> OrdoWithIds(int64_t (*round)(size_t) = nullptr) {
  std::vector<Game> games = OrdoClassic();
  for (size_t i = 0; i < games.size(); ++i) {
    games[i].id = fmt::format("g{}", i);
    if (round) games[i].round = round(i);
  }
  return games;
}

std::map<int64_t, int64_t> RoundGames(const std::vector<Game>& games) {
  std::map<int64_t, int64_t> rounds;
  for (const Game& g : games) ++rounds[g.round];
  return rounds;
}

// A rater handed `games`, each accepted.
std::unique_ptr<GameRater> RaterOf(const std::vector<Game>& games,
                                   const Options& options,
                                   const GameRater::HistoryPlan& plan) {
  auto rater = std::make_unique<GameRater>(options, plan);
  GameViewStorage storage;
  for (const Game& g : games) EXPECT_TRUE(rater->Add(storage.View(g)));
  return rater;
}

TEST(GameRaterTest, GamesHandedOverOneAtATimeRateAsInMemory) {
  const std::vector<Game> games =
      OrdoWithIds([](size_t i) { return int64_t(i % 3); });
  const Options options{.bootstrap = 50, .seed = 3};
  auto fed = RaterOf(games, options, {.round_games = RoundGames(games)});
  GameRater& rater = *fed;
  EXPECT_EQ(rater.games(), int64_t(games.size()));
  const auto streamed = rater.Rate();
  const auto held = RateGames(games, options);
  ASSERT_TRUE(streamed && held);
  ASSERT_EQ(streamed->players.size(), held->players.size());
  for (size_t p = 0; p < held->players.size(); ++p) {
    EXPECT_EQ(streamed->players[p].name, held->players[p].name);
    EXPECT_DOUBLE_EQ(streamed->players[p].rating, held->players[p].rating);
    EXPECT_EQ(streamed->players[p].interval.has_value(),
              held->players[p].interval.has_value());
  }
  // The rounds come mixed (0, 1, 2, 0, ...): each point is fit once all
  // of its games are in, from theirs alone.
  const auto history = rater.RateHistory();
  const auto expected = RateHistory(games, options, {.by_round = true});
  ASSERT_TRUE(history && expected);
  ASSERT_EQ(history->points.size(), 3u);
  ASSERT_EQ(history->points.size(), expected->points.size());
  EXPECT_TRUE(history->step.by_round);
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(history->points[k].round, expected->points[k].round);
    EXPECT_EQ(history->points[k].games, expected->points[k].games);
    ASSERT_EQ(history->points[k].players.size(),
              expected->points[k].players.size());
    for (size_t p = 0; p < history->points[k].players.size(); ++p) {
      EXPECT_DOUBLE_EQ(history->points[k].players[p].rating,
                       expected->points[k].players[p].rating);
    }
  }
  EXPECT_EQ(history->points.back().games, int64_t(games.size()));
  // A game that cannot be rated names its field, and adds nothing.
  Game bad = games[0];
  bad.seats[0].player = "";
  GameRater other(options, {.every = 10});
  GameViewStorage storage;
  auto refused = other.Add(storage.View(bad));
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error(), HasSubstr("seats[0].player"));
  EXPECT_EQ(other.games(), 0);
}

TEST(GameRaterTest, HistoryByGamesAsInMemory) {
  const std::vector<Game> games = OrdoWithIds();
  const Options options{.bootstrap = 0};
  auto rater = RaterOf(games, options, {.every = 40});
  ASSERT_TRUE(rater->Rate());
  const auto history = rater->RateHistory();
  const auto expected = RateHistory(games, options, {.every = 40});
  ASSERT_TRUE(history && expected);
  ASSERT_EQ(history->points.size(), expected->points.size());
  EXPECT_FALSE(history->step.by_round);
  for (size_t k = 0; k < history->points.size(); ++k) {
    EXPECT_EQ(history->points[k].games, expected->points[k].games);
    EXPECT_DOUBLE_EQ(history->points[k].players[0].rating,
                     expected->points[k].players[0].rating);
  }
}

// More rounds than points: kMaxHistoryPoints of them, evenly spread, the
// last always, each holding the games of its rounds and the earlier ones.
TEST(GameRaterTest, ManyRoundsGiveAtMostTheMostPoints) {
  // One game a round; the last round first: its point waits for every
  // other game.
  std::vector<Game> games = OrdoWithIds([](size_t i) { return int64_t(i); });
  ASSERT_GT(games.size(), size_t(kMaxHistoryPoints));
  const auto round_games = RoundGames(games);
  std::rotate(games.begin(), games.end() - 1, games.end());
  auto rater = RaterOf(games, {.bootstrap = 0}, {.round_games = round_games});
  ASSERT_TRUE(rater->Rate());
  const auto history = rater->RateHistory();
  ASSERT_TRUE(history);
  ASSERT_EQ(history->points.size(), size_t(kMaxHistoryPoints));
  EXPECT_EQ(history->points.back().round, int64_t(games.size()) - 1);
  EXPECT_EQ(history->points.back().games, int64_t(games.size()));
  for (const HistoryPoint& point : history->points) {
    EXPECT_EQ(point.games, point.round + 1);
  }
}

// The streaming bootstrap draws each game's counts from its id: the same
// games in another order rate the same, intervals and history too (with
// 200 replicates a pairing's games are first kept one by one, then summed:
// both ways are taken here).
TEST(GameRaterTest, IntervalsDoNotDependOnTheOrder) {
  std::vector<Game> games =
      OrdoWithIds([](size_t i) { return int64_t(i % 5); });
  for (size_t i = 0; i < games.size(); ++i) {
    games[i].duplicate_group = i % 4 < 2 ? fmt::format("d{}", i / 4) : "";
  }
  const auto round_games = RoundGames(games);
  const Options options{.bootstrap = 200};
  auto rate = [&](const std::vector<Game>& list) {
    auto rater = RaterOf(list, options, {.round_games = round_games});
    auto report = rater->Rate();
    auto history = rater->RateHistory();
    EXPECT_TRUE(report && history);
    return std::pair(*report, *history);
  };
  const auto [forward, forward_history] = rate(games);
  std::reverse(games.begin(), games.end());
  const auto [backward, backward_history] = rate(games);
  auto expect_same = [](const std::vector<PlayerReport>& a,
                        const std::vector<PlayerReport>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (size_t p = 0; p < a.size(); ++p) {
      ASSERT_TRUE(a[p].interval && b[p].interval);
      EXPECT_EQ(a[p].name, b[p].name);
      // Equal, or the same infinite bound.
      auto same = [](double x, double y) {
        return x == y || std::abs(x - y) < 1e-6;
      };
      EXPECT_TRUE(same(a[p].interval->lower, b[p].interval->lower))
          << a[p].interval->lower << " " << b[p].interval->lower;
      EXPECT_TRUE(same(a[p].interval->upper, b[p].interval->upper))
          << a[p].interval->upper << " " << b[p].interval->upper;
      EXPECT_TRUE(same(a[p].los_next.value_or(-1), b[p].los_next.value_or(-1)));
    }
  };
  expect_same(forward.players, backward.players);
  ASSERT_EQ(forward_history.points.size(), 5u);
  ASSERT_EQ(backward_history.points.size(), 5u);
  for (size_t k = 0; k < 5; ++k) {
    EXPECT_EQ(forward_history.points[k].games,
              backward_history.points[k].games);
    expect_same(forward_history.points[k].players,
                backward_history.points[k].players);
  }
}

// The streaming bootstrap is another draw of the in-memory one: with many
// replicates their intervals agree to within their Monte Carlo noise.
TEST(GameRaterTest, IntervalsAgreeWithTheInMemoryBootstrap) {
  const std::vector<Game> games = OrdoWithIds();
  const Options options{.bootstrap = 4000};
  const auto streamed = RaterOf(games, options, {.every = 1000})->Rate();
  const auto held = RateGames(games, options);
  ASSERT_TRUE(streamed && held);
  for (size_t p = 0; p < held->players.size(); ++p) {
    const auto& a = streamed->players[p];
    const auto& b = held->players[p];
    ASSERT_TRUE(a.interval && b.interval);
    const double width = b.interval->upper - b.interval->lower;
    EXPECT_NEAR(a.interval->lower, b.interval->lower, 0.05 * width) << a.name;
    EXPECT_NEAR(a.interval->upper, b.interval->upper, 0.05 * width) << a.name;
  }
}

}  // namespace
}  // namespace ratings
