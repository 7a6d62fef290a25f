// Games drawn from known ratings under the model the fit assumes, for the
// tests and the benchmark.
#ifndef ZETEMA_RATINGS_SYNTHETIC_H_
#define ZETEMA_RATINGS_SYNTHETIC_H_

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "ratings/game.h"

namespace ratings {

struct SyntheticOptions {
  std::vector<double> ratings;  // true Elo of players "P0", "P1", ...
  int games = 1000;
  int seats = 2;        // seats per game
  int team_size = 1;    // seats per team; seats % team_size == 0
  bool copies = false;  // each team is copies of one bot
  // Two sides only: a draw happens with probability 2 * draw_rate * p(1-p),
  // which keeps the expected score at the Bradley-Terry p.
  double draw_rate = 0;
  double first_seat_advantage = 0;  // Elo, for the side that moves first
  int duplicate_size = 0;  // > 0: groups of this many games share a group
  // The last `sparse` players of `ratings` play only sparse_min..sparse_max
  // games each (after the others' games), against the others.
  int sparse = 0;
  int sparse_min = 1;
  int sparse_max = 3;
  uint64_t seed = 1;
};

std::string SyntheticName(int player);

std::vector<Game> DrawGames(const SyntheticOptions& options);

// One game among `bots` (indices into options.ratings: one per seat, or
// one per team with copies; seat s is on team s % teams, seat 0 moves
// first), drawn by the model; `games` and `seed` are not used.
Game DrawGame(const SyntheticOptions& options, std::span<const int> bots,
              std::mt19937_64& rng);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_SYNTHETIC_H_
