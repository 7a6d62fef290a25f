// Helpers shared by this directory's tests.
#ifndef ARBITER_TOURNAMENT_TEST_UTIL_H_
#define ARBITER_TOURNAMENT_TEST_UTIL_H_

#include <string>

#include "arbiter/tournament/config.h"
#include "arbiter/tournament/schedule.h"
#include "arbiter/games/zetema/ruleset.h"

namespace arbiter::tournament {

// A config with bots "b0".."b{n-1}" (command builtin:random).
inline TournamentConfig MakeConfig(int num_bots, int seats = 2) {
  TournamentConfig config;
  config.seats = seats;
  config.seed = 7;
  for (int i = 0; i < num_bots; ++i) {
    config.bots.push_back({"b" + std::to_string(i), "builtin:random", "", {}});
  }
  return config;
}

// The engine's layout for `seats` seats (Ruleset::Teams): partners {0,2}{1,3}
// at 4 seats; {0,3}{1,4}{2,5} (pairs) or {0,2,4}{1,3,5} (trios) at 6.
inline TeamLayout Layout(int seats, bool partnerships, bool six_trios = false) {
  zetema::Ruleset rules;
  rules.partnerships = partnerships;
  rules.six_player_teams = six_trios ? zetema::SixPlayerTeams::kTrios
                                     : zetema::SixPlayerTeams::kPairs;
  return {rules.Teams(seats)};
}

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_TEST_UTIL_H_
