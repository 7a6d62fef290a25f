// Per-bot statistics and the crosstable, counted straight from the games.
#ifndef ZETEMA_RATINGS_STATS_H_
#define ZETEMA_RATINGS_STATS_H_

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "ratings/game.h"

namespace ratings {

struct BotStats {
  int64_t games = 0;      // games played (a bot in several seats counts once)
  double score = 0;       // pairwise points: 1 per opponent placed below,
  double encounters = 0;  // 1/2 per tie, out of this many opponents met
  int64_t points = 0;     // game points summed over its seats
  std::map<std::string, int64_t> faults;  // by reason
  int64_t decisions = 0;
  int64_t decision_us_total = 0;
  int64_t decision_us_max = 0;
};

// Score of `a` against `b`: pairwise points out of encounters.
struct CrossCell {
  uint32_t a = 0, b = 0;
  double score = 0;
  double encounters = 0;
};

struct GameStats {
  std::vector<BotStats> bots;         // per player id
  std::vector<CrossCell> crosstable;  // sorted by (a, b); both directions
};

// `ids` maps player names to the ids used in the result.
GameStats ComputeStats(std::span<const Game> games,
                       const std::unordered_map<std::string, uint32_t>& ids);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_STATS_H_
