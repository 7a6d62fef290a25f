#include "ratings/solve.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ratings/test_games.h"

namespace ratings {
namespace {

using testing::Collect;
using testing::Partnership;

bool AllFinite(const std::vector<double>& x) {
  return std::all_of(x.begin(), x.end(),
                     [](double v) { return std::isfinite(v); });
}

// Every player has won and lost, so the scoring graph is strongly
// connected, yet A and B's team rises with every result: with A, B up and
// C, D down, {A,B} beats {C,D} by more, and the other two games do not
// change. The maximum-likelihood ratings do not exist.
std::vector<Game> HiddenSeparation() {
  return {Partnership("A", "C", "B", "D", true),
          Partnership("C", "A", "B", "D", true),
          Partnership("A", "B", "D", "C", true)};
}

TEST(SolveTest, TeamsCanRunOffWhereTheGraphSeesNothing) {
  const Collected c = Collect(HiddenSeparation());
  const Pools pools = FindPools(c.data, c.data.slot_y);
  EXPECT_TRUE(ScoringGraph(c.data).AllStronglyConnected(c.data.slot_y, pools));
  Fitter fitter(c.data);
  const std::vector<int32_t> pool(4, 0);
  const FitResult plain =
      fitter.Fit({.y = c.data.slot_y, .centre = pool, .num_groups = 1}, {});
  // The old fit ran off here until its conjugate gradients divided 0 by 0;
  // this one runs off too, but stays finite and says it is not clean.
  EXPECT_FALSE(plain.Clean());
  EXPECT_TRUE(AllFinite(plain.x));
  EXPECT_GT(plain.max_gap, kRunawayGap);
  Solver solver(c.data);
  const Solution s = solver.Solve(c.data.slot_y, nullptr);
  EXPECT_TRUE(AllFinite(s.x));
  EXPECT_TRUE(s.converged);
  EXPECT_FALSE(s.prior_everywhere);
  int bounded = 0;
  for (Standing st : s.standings.of) bounded += st != Standing::kCore;
  EXPECT_GT(bounded, 0);
  // What the graph sees: everyone in its core.
  for (Standing st : s.graph) EXPECT_EQ(st, Standing::kCore);
}

TEST(SolveTest, PlainFitWhenEveryPoolIsConnected) {
  const Collected c = Collect(testing::OrdoClassic());
  Solver solver(c.data);
  const Solution s = solver.Solve(c.data.slot_y, nullptr);
  EXPECT_EQ(s.fits, 1);
  EXPECT_NEAR(s.x[0] * 400 / std::log(10.0), 400 * std::log10(3.0), 1e-6);
  for (Standing st : s.standings.of) EXPECT_EQ(st, Standing::kCore);
}

TEST(SolveTest, FirstSeatAdvantageWithoutAnEstimateGetsThePrior) {
  std::vector<Game> games;
  for (int i = 0; i < 4; ++i) {
    games.push_back(testing::Pair("A", "B", 1));
    games.push_back(testing::Pair("B", "A", 1));
    games.push_back(testing::Pair("A", "C", 1));
    games.push_back(testing::Pair("C", "B", 1));
  }
  const Collected c = Collect(games, {.first_seat_advantage = true});
  Solver solver(c.data);
  const Solution s = solver.Solve(c.data.slot_y, nullptr);
  EXPECT_TRUE(s.advantage_prior);
  EXPECT_TRUE(AllFinite(s.x));
  EXPECT_GT(s.x[3], 0.5);  // the advantage, bounded by the prior
  EXPECT_LT(s.x[3], 5);
}

}  // namespace
}  // namespace ratings
