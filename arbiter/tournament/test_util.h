// Helpers shared by this directory's tests.
#ifndef ARBITER_TOURNAMENT_TEST_UTIL_H_
#define ARBITER_TOURNAMENT_TEST_UTIL_H_

#include <string>

#include "arbiter/tournament/config.h"

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

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_TEST_UTIL_H_
