#include "ratings/fit.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "ratings/ratings.h"
#include "ratings/synthetic.h"
#include "ratings/test_games.h"

namespace ratings {
namespace {

using testing::AddMatch;
using testing::OrdoClassic;
using testing::Pair;
using testing::Partnership;
using testing::Standing;

const double kClassic = 400 * std::log10(3.0);  // 190.848...

// Ratings by name, no bootstrap.
std::map<std::string, double> Rate(const std::vector<Game>& games,
                                   Options options = {}) {
  options.bootstrap = 0;
  const auto report = RateGames(games, options);
  EXPECT_TRUE(report) << report.error();
  std::map<std::string, double> out;
  if (report) {
    for (const auto& p : report->players) out[p.name] = p.rating;
  }
  return out;
}

TEST(FitTest, OrdoClassicExactly) {
  const auto r = Rate(OrdoClassic(), {.average = 0});
  EXPECT_NEAR(r.at("E1"), kClassic, 0.005);
  EXPECT_NEAR(r.at("E2"), 0, 0.005);
  EXPECT_NEAR(r.at("E3"), -kClassic, 0.005);
  EXPECT_NEAR(kClassic, 190.85, 0.005);
}

TEST(FitTest, OrderOfGamesDoesNotMatter) {
  std::vector<Game> games = OrdoClassic();
  std::reverse(games.begin(), games.end());
  const auto r = Rate(games, {.average = 0});
  EXPECT_NEAR(r.at("E1"), kClassic, 0.005);
  EXPECT_NEAR(r.at("E3"), -kClassic, 0.005);
}

TEST(FitTest, AnchorFixesANamedBot) {
  const auto r = Rate(OrdoClassic(), {.average = 2000, .anchor = "E3"});
  EXPECT_NEAR(r.at("E3"), 2000, 1e-9);
  EXPECT_NEAR(r.at("E2"), 2000 + kClassic, 0.005);
  EXPECT_NEAR(r.at("E1"), 2000 + 2 * kClassic, 0.005);
  const auto avg = Rate(OrdoClassic(), {.average = 1500});
  EXPECT_NEAR(avg.at("E2"), 1500, 0.005);
}

TEST(FitTest, UnknownAnchorIsAnError) {
  const auto report = RateGames(OrdoClassic(), {.anchor = "E9"});
  ASSERT_FALSE(report);
  EXPECT_THAT(report.error(),
              ::testing::HasSubstr("--anchor: 'E9' is not among the 3"));
  EXPECT_FALSE(RateGames(std::vector<Game>{}, {}));
}

TEST(FitTest, TwoSeatStandingsAreBradleyTerry) {
  // The same results as standings of two go through Plackett-Luce.
  std::vector<Game> standings;
  for (const Game& g : OrdoClassic()) {
    standings.push_back(Standing({{g.seats[0].player, g.seats[0].place},
                                  {g.seats[1].player, g.seats[1].place}}));
  }
  const auto r = Rate(standings, {.average = 0});
  EXPECT_NEAR(r.at("E1"), kClassic, 0.005);
}

TEST(FitTest, PlackettLuceSymmetricTiesGiveEqualRatings) {
  std::vector<Game> games;
  for (int i = 0; i < 5; ++i) {
    games.push_back(Standing({{"A", 1}, {"B", 1}, {"C", 1}}));
    games.push_back(Standing({{"A", 1}, {"B", 2}, {"C", 3}}));
    games.push_back(Standing({{"B", 1}, {"C", 2}, {"A", 3}}));
    games.push_back(Standing({{"C", 1}, {"A", 2}, {"B", 3}}));
  }
  const auto r = Rate(games);
  EXPECT_NEAR(r.at("A"), 1500, 1e-6);
  EXPECT_NEAR(r.at("B"), 1500, 1e-6);
  // A tie for first between A and B, C last, repeated: A = B > C.
  std::vector<Game> tied = games;
  for (int i = 0; i < 5; ++i)
    tied.push_back(Standing({{"A", 1}, {"B", 1}, {"C", 3}}));
  const auto t = Rate(tied);
  EXPECT_NEAR(t.at("A"), t.at("B"), 1e-6);
  EXPECT_GT(t.at("A"), t.at("C") + 50);
}

TEST(FitTest, RelabellingPlayersPermutesRatings) {
  std::vector<Game> games, relabelled;
  const std::vector<std::vector<std::pair<std::string, int>>> base = {
      {{"A", 1}, {"B", 2}, {"C", 3}},
      {{"A", 1}, {"B", 3}, {"C", 2}},
      {{"B", 1}, {"A", 2}, {"C", 3}},
      {{"C", 1}, {"A", 2}, {"B", 3}},
      {{"B", 1}, {"C", 2}, {"A", 3}}};
  for (const auto& s : base) {
    games.push_back(Standing(s));
    auto swapped = s;
    for (auto& [name, place] : swapped)
      name = name == "A" ? "C" : name == "C" ? "A" : name;
    relabelled.push_back(Standing(swapped));
  }
  const auto r = Rate(games), q = Rate(relabelled);
  EXPECT_NEAR(r.at("A"), q.at("C"), 1e-6);
  EXPECT_NEAR(r.at("B"), q.at("B"), 1e-6);
  EXPECT_GT(r.at("A"), r.at("B"));
  EXPECT_GT(r.at("B"), r.at("C"));
}

TEST(FitTest, PairwiseOptionEqualsPairwiseGames) {
  std::vector<Game> standings, pairs;
  const std::vector<std::vector<std::pair<std::string, int>>> base = {
      {{"A", 1}, {"B", 2}, {"C", 2}},
      {{"B", 1}, {"C", 2}, {"A", 3}},
      {{"A", 1}, {"C", 2}, {"B", 3}},
      {{"C", 1}, {"A", 2}, {"B", 3}}};
  for (const auto& s : base) {
    standings.push_back(Standing(s));
    for (size_t i = 0; i < 3; ++i) {
      for (size_t j = i + 1; j < 3; ++j) {
        const int result = s[i].second < s[j].second    ? 1
                           : s[i].second == s[j].second ? 0
                                                        : -1;
        pairs.push_back(Pair(s[i].first, s[j].first, result));
      }
    }
  }
  const auto r = Rate(standings, {.pairwise = true});
  const auto q = Rate(pairs);
  for (const char* name : {"A", "B", "C"})
    EXPECT_NEAR(r.at(name), q.at(name), 1e-6);
  const auto pl = Rate(standings);
  EXPECT_GT(std::abs(pl.at("A") - r.at("A")), 1e-3);  // a different model
}

TEST(FitTest, TeamOfCopiesIsThatBot) {
  // {A, A} against {B, B} with the classic scores rates like A against B.
  std::vector<Game> games;
  for (const Game& g : OrdoClassic()) {
    Game team;
    for (int s = 0; s < 4; ++s) {
      const SeatResult& side = g.seats[s % 2];
      team.seats.push_back(
          {.player = side.player, .team = s % 2, .place = side.place});
    }
    games.push_back(team);
  }
  const auto r = Rate(games, {.average = 0});
  EXPECT_NEAR(r.at("E1"), kClassic, 0.005);
  EXPECT_NEAR(r.at("E3"), -kClassic, 0.005);
}

TEST(FitTest, MixedTeamsAddTheirMembersRatings) {
  SyntheticOptions o{.ratings = {300, 100, 0, -150, -250},
                     .games = 40000,
                     .seats = 4,
                     .team_size = 2,
                     .seed = 7};
  const auto r = Rate(DrawGames(o), {.average = 0});
  for (int p = 0; p < 5; ++p) {
    EXPECT_NEAR(r.at(SyntheticName(p)), o.ratings[p], 15) << p;
  }
}

TEST(FitTest, RecoversFirstSeatAdvantage) {
  SyntheticOptions o{.ratings = {100, 50, 0, -50, -100},
                     .games = 40000,
                     .draw_rate = 0.5,
                     .first_seat_advantage = 40,
                     .seed = 3};
  const auto report =
      RateGames(DrawGames(o),
                {.average = 0, .first_seat_advantage = true, .bootstrap = 50});
  ASSERT_TRUE(report) << report.error();
  ASSERT_TRUE(report->first_seat_advantage);
  EXPECT_NEAR(*report->first_seat_advantage, 40, 8);
  ASSERT_TRUE(report->first_seat_interval);
  EXPECT_LT(report->first_seat_interval->lower, *report->first_seat_advantage);
  EXPECT_GT(report->first_seat_interval->upper, *report->first_seat_advantage);
  // Without the option, no advantage is reported.
  const auto plain = RateGames(DrawGames(o), {.bootstrap = 0});
  EXPECT_FALSE(plain->first_seat_advantage);
}

TEST(FitTest, AllWinsAndAllLossesAreBoundedAndReported) {
  std::vector<Game> games = OrdoClassic();
  AddMatch(&games, "Top", "E1", 5, 0, 0);
  AddMatch(&games, "Top", "E3", 5, 0, 0);
  AddMatch(&games, "Bottom", "E3", 0, 0, 4);
  const auto report = RateGames(games, {.bootstrap = 20});
  ASSERT_TRUE(report) << report.error();
  ASSERT_EQ(report->players.size(), 5u);
  const PlayerReport& top = report->players.front();
  const PlayerReport& bottom = report->players.back();
  EXPECT_EQ(top.name, "Top");
  EXPECT_EQ(bottom.name, "Bottom");
  EXPECT_THAT(top.note, ::testing::HasSubstr("all wins"));
  EXPECT_THAT(bottom.note, ::testing::HasSubstr("all losses"));
  EXPECT_TRUE(std::isfinite(top.rating));
  EXPECT_TRUE(std::isfinite(bottom.rating));
  EXPECT_GT(top.rating, report->players[1].rating + 100);
  EXPECT_LT(top.rating, 3000);
  ASSERT_TRUE(top.interval);
  EXPECT_TRUE(top.interval->upper_prior);
  EXPECT_FALSE(top.interval->lower_prior);
  EXPECT_TRUE(std::isinf(top.interval->upper));
  EXPECT_TRUE(bottom.interval->lower_prior);
  EXPECT_THAT(report->notes[0], ::testing::HasSubstr("2 players have no"));
  EXPECT_TRUE(report->converged);
}

TEST(FitTest, ThePriorActsOnlyWhereItIsNeeded) {
  // A newcomer with all wins (or all losses) does not move the players who
  // have a maximum-likelihood rating without it: not their differences,
  // and not their level, which their own average sets.
  const auto before = Rate(OrdoClassic(), {.average = 0});
  for (int result : {1, -1}) {
    std::vector<Game> games = OrdoClassic();
    AddMatch(&games, "New", "E1", result > 0 ? 3 : 0, 0, result > 0 ? 0 : 3);
    AddMatch(&games, "New", "E3", result > 0 ? 1 : 0, 0, result > 0 ? 0 : 2);
    const auto after = Rate(games, {.average = 0});
    for (const char* name : {"E1", "E2", "E3"}) {
      EXPECT_NEAR(after.at(name), before.at(name), 1e-9) << name;
    }
    EXPECT_EQ(after.at("New") > after.at("E1"), result > 0);
  }
  // In free-for-all games a newcomer who always came last leaves the
  // others' order among themselves to count.
  std::vector<Game> ffa, with;
  for (int i = 0; i < 4; ++i) {
    ffa.push_back(Standing({{"A", 1}, {"B", 2}, {"C", 3}}));
    ffa.push_back(Standing({{"B", 1}, {"C", 2}, {"A", 3}}));
    ffa.push_back(Standing({{"A", 1}, {"C", 2}, {"B", 3}}));
  }
  with = ffa;
  with.push_back(Standing({{"A", 2}, {"N", 4}, {"B", 1}, {"C", 3}}));
  std::vector<Game> without_n = ffa;
  without_n.push_back(Standing({{"A", 2}, {"B", 1}, {"C", 3}}));
  const auto r = Rate(with), q = Rate(without_n);
  for (const char* name : {"A", "B", "C"}) {
    EXPECT_NEAR(r.at(name), q.at(name), 1e-9) << name;
  }
}

TEST(FitTest, FirstSeatThatNeverLostIsBoundedAndReported) {
  std::vector<Game> games;
  for (int i = 0; i < 6; ++i) {
    games.push_back(Pair("A", "B", 1));
    games.push_back(Pair("B", "A", 1));
  }
  const auto report =
      RateGames(games, {.first_seat_advantage = true, .bootstrap = 20});
  ASSERT_TRUE(report) << report.error();
  EXPECT_TRUE(report->converged);
  ASSERT_TRUE(report->first_seat_advantage);
  EXPECT_GT(*report->first_seat_advantage, 200);
  EXPECT_LT(*report->first_seat_advantage, 2000);
  EXPECT_NEAR(report->players[0].rating, 1500, 1e-6);  // A and B are equal
  ASSERT_FALSE(report->notes.empty());
  EXPECT_THAT(report->notes[0], ::testing::HasSubstr("first seat never lost"));
}

TEST(FitTest, DisconnectedPoolsAreEachCentredAndReported) {
  std::vector<Game> games = OrdoClassic();
  AddMatch(&games, "X", "Y", 3, 0, 1);
  const auto report = RateGames(games, {.bootstrap = 0});
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->num_components, 2);
  std::map<std::string, const PlayerReport*> by;
  for (const auto& p : report->players) by[p.name] = &p;
  EXPECT_EQ(by["X"]->component, by["Y"]->component);
  EXPECT_NE(by["X"]->component, by["E1"]->component);
  EXPECT_NEAR(by["X"]->rating + by["Y"]->rating, 3000, 1e-6);
  EXPECT_NEAR(by["X"]->rating - by["Y"]->rating, 400 * std::log10(3.0), 0.005);
  EXPECT_NEAR(by["E2"]->rating, 1500, 0.005);
  ASSERT_FALSE(report->notes.empty());
  EXPECT_THAT(report->notes[0], ::testing::HasSubstr("2 disconnected pools"));
  // With an anchor, its pool is anchored and the other centred.
  const auto anchored = RateGames(games, {.anchor = "E3", .bootstrap = 0});
  ASSERT_TRUE(anchored);
  for (const auto& p : anchored->players) {
    if (p.name == "E3") EXPECT_NEAR(p.rating, 1500, 1e-9);
    if (p.name == "X") EXPECT_NEAR(p.rating, 1500 + kClassic / 2, 0.005);
  }
}

TEST(FitTest, FitterConvergesFromAWarmStart) {
  const Collected c = testing::Collect(OrdoClassic());
  Fitter fitter(c.data);
  const std::vector<int32_t> pool(3, 0);
  const FitSpec spec{.y = c.data.slot_y, .centre = pool, .num_groups = 1};
  const FitResult cold = fitter.Fit(spec, {});
  ASSERT_TRUE(cold.Clean());
  const FitResult warm = fitter.Fit(spec, cold.x);
  EXPECT_TRUE(warm.converged);
  EXPECT_LE(warm.iterations, 1);
  for (size_t p = 0; p < 3; ++p) EXPECT_NEAR(warm.x[p], cold.x[p], 1e-9);
  EXPECT_NEAR(cold.x[0] * 400 / std::numbers::ln10, kClassic, 0.005);
}

TEST(FitTest, LooseStepToleranceStillLandsOnTheOptimum) {
  // The bootstrap stops after a Newton step below 0.01; the step it has
  // just taken leaves an error of about its square.
  SyntheticOptions o{.ratings = {200, 100, 0, -100, -200, 50, -50, 150},
                     .games = 5000,
                     .draw_rate = 0.4,
                     .seed = 11};
  const Collected c = testing::Collect(DrawGames(o));
  const std::vector<int32_t> pool(8, 0);
  Fitter tight(c.data);
  const FitSpec spec{.y = c.data.slot_y, .centre = pool, .num_groups = 1};
  const FitResult full = tight.Fit(spec, {});
  std::vector<double> y = c.data.slot_y;
  for (size_t i = 0; i < y.size(); i += 3) y[i] *= 1.5;  // a "replicate"
  FitSpec rep = spec;
  rep.y = y;
  const FitResult exact = tight.Fit(rep, full.x);
  Fitter loose(c.data, 1e-2);
  const FitResult quick = loose.Fit(rep, full.x);
  ASSERT_TRUE(quick.converged);
  for (size_t p = 0; p < exact.x.size(); ++p) {
    EXPECT_NEAR(quick.x[p], exact.x[p], 1e-4) << p;  // 0.02 Elo
    EXPECT_GT(std::abs(exact.x[p] - full.x[p]), 1e-4) << p;
  }
}

TEST(FitTest, FixedParametersAndInactiveUnitsStayOut) {
  // With E3's side inactive, only E1-E2 counts: 22.5 of 30 is 3:1.
  const Collected c = testing::Collect(OrdoClassic());
  Fitter fitter(c.data);
  std::vector<uint8_t> active = {1, 1, 0};  // units E1, E2, E3
  std::vector<uint8_t> free = {1, 1, 0};
  const std::vector<int32_t> centre = {0, 0, -1};
  const FitResult f = fitter.Fit({.y = c.data.slot_y,
                                  .active_unit = active,
                                  .free = free,
                                  .centre = centre,
                                  .num_groups = 1},
                                 std::vector<double>{0, 0, 7});
  ASSERT_TRUE(f.Clean());
  EXPECT_NEAR(f.x[0] - f.x[1], std::log(3.0), 1e-9);
  EXPECT_NEAR(f.x[0] + f.x[1], 0, 1e-12);
  EXPECT_EQ(f.x[2], 7);
  // A prior of one virtual draw on a player who only won: bounded.
  std::vector<Game> games;
  AddMatch(&games, "A", "B", 3, 0, 0);
  const Collected w = testing::Collect(games);
  Fitter g(w.data);
  const std::vector<uint8_t> a_free = {1, 0};
  const std::vector<double> prior = {1, 0};
  const FitResult b =
      g.Fit({.y = w.data.slot_y, .free = a_free, .prior = prior}, {});
  ASSERT_TRUE(b.Clean());
  // 3 wins against B at 0 and a virtual draw against 0: sigmoid(x) = 3.5/4.
  EXPECT_NEAR(b.x[0], std::log(3.5 / 0.5), 1e-9);
}

}  // namespace
}  // namespace ratings
