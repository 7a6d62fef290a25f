#include "arbiter/league/bench/simulation.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace arbiter::league {
namespace {

// The benchmark's claim at a small size (12 bots, a 150 Elo interval): over
// a fixed set of seeds, the scheduler needs at most half the games of a
// round-robin, and with the round-robin's games its ranking is no worse.
TEST(SimulationTest, SchedulerNeedsHalfTheGamesOfARoundRobin) {
  int64_t scheduled = 0, round_robin = 0;
  double scheduled_error = 0, round_robin_error = 0;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const FieldOptions o{.bots = 12,
                         .warmup_rounds = 25,
                         .batch = 6,
                         .width = 150,
                         .seed = seed};
    const Outcome rr = Simulate(o, Method::kRoundRobin, 0, 100000);
    ASSERT_GE(rr.games_to_width, 0) << seed;
    const Outcome s =
        Simulate(o, Method::kScheduler, rr.games_to_width, 100000);
    ASSERT_GE(s.games_to_width, 0) << seed;
    std::printf("seed %d: %lld and %lld games; rank error %.3f and %.3f\n",
                static_cast<int>(seed),
                static_cast<long long>(s.games_to_width),
                static_cast<long long>(rr.games_to_width), s.rank_error,
                rr.rank_error_at_width);
    scheduled += s.games_to_width;
    round_robin += rr.games_to_width;
    scheduled_error += s.rank_error;
    round_robin_error += rr.rank_error_at_width;
  }
  EXPECT_LE(2 * scheduled, round_robin);
  EXPECT_LE(scheduled_error, round_robin_error);
}

}  // namespace
}  // namespace arbiter::league
