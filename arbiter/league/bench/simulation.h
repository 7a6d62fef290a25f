// A simulated league, to measure the scheduler against a plain round-robin:
// bots of known strength play two-seat games drawn by the rating model
// (ratings/synthetic.h), and the ratings are refitted (IncrementalRatings)
// after every batch of games.
//
// The field first plays `warmup_rounds` round-robins among itself; then a
// newcomer joins and the league goes on, batch by batch, with the tables
// of the method under test.
#ifndef ZETEMA_ARBITER_LEAGUE_BENCH_SIMULATION_H_
#define ZETEMA_ARBITER_LEAGUE_BENCH_SIMULATION_H_

#include <cstdint>

namespace arbiter::league {

struct FieldOptions {
  int bots = 40;          // the established field, before the newcomer
  double spread = 200;    // true Elo: normal around 0 with this deviation
  int warmup_rounds = 2;  // round-robins of the field before the newcomer
  int batch = 20;         // games between refits
  double width = 50;      // the newcomer's target 95% interval (Elo)
  uint64_t seed = 1;      // the true ratings and every game drawn
};

enum class Method { kScheduler, kRoundRobin };

struct Outcome {
  // Games after the newcomer joined until its 95% interval (+-1.96 sd) was
  // `width` wide; -1 when not within `max_games`.
  int64_t games_to_width = -1;
  // The mean absolute error of the ranks of every bot (the newcomer too)
  // against their true order: after `budget` games, and when the interval
  // reached `width`.
  double rank_error = 0;
  double rank_error_at_width = 0;
  double field_sd = 0;  // the field's median error when the newcomer joined
};

// Plays until both the width and the budget are reached, or `max_games`.
Outcome Simulate(const FieldOptions& options, Method method, int64_t budget,
                 int64_t max_games);

}  // namespace arbiter::league

#endif  // ZETEMA_ARBITER_LEAGUE_BENCH_SIMULATION_H_
