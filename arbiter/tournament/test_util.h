// Helpers shared by this directory's tests.
#ifndef ARBITER_TOURNAMENT_TEST_UTIL_H_
#define ARBITER_TOURNAMENT_TEST_UTIL_H_

#include <string>

#include "arbiter/tournament/config.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

// A config with bots "b0".."b{n-1}" (command builtin:random), recording
// plain JSON lines (games.jsonl), which the tests read and edit as text.
inline TournamentConfig MakeConfig(int num_bots, int seats = 2) {
  TournamentConfig config;
  config.seats = seats;
  config.seed = 7;
  config.compress_records = false;
  for (int i = 0; i < num_bots; ++i) {
    config.bots.push_back({"b" + std::to_string(i), "builtin:random", "", {}});
  }
  return config;
}

// A partnership game's layout for `seats` seats: partners {0,2}{1,3} at 4
// seats; {0,3}{1,4}{2,5} (pairs) or {0,2,4}{1,3,5} (trios) at 6; everyone
// alone otherwise.
inline TeamLayout Layout(int seats, bool partnerships, bool six_trios = false) {
  TeamLayout layout;
  for (int s = 0; s < seats; ++s) {
    const bool teams = partnerships && (seats == 4 || seats == 6);
    const int num_teams = seats == 6 && six_trios ? 2 : seats / 2;
    layout.team_of.push_back(teams ? s % num_teams : s);
  }
  return layout;
}

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_TEST_UTIL_H_
