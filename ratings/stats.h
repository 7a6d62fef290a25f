// Per-bot statistics and the crosstable, counted game by game as the games
// are read.
#ifndef ZETEMA_RATINGS_STATS_H_
#define ZETEMA_RATINGS_STATS_H_

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "ratings/dataset.h"

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

class StatsAccumulator {
 public:
  explicit StatsAccumulator(bool crosstable) : crosstable_(crosstable) {}

  BotStats& Bot(uint32_t id) {
    if (bots_.size() <= id) bots_.resize(id + 1);
    return bots_[id];
  }
  // Games, scores and encounters of one game's sides: each pair of bots on
  // different sides is one encounter (partners do not meet).
  void AddSides(std::span<const UnitView> units);

  std::vector<BotStats>& bots() { return bots_; }
  // Both directions, sorted by (a, b); empty unless asked for.
  std::vector<CrossCell> Crosstable() const;

 private:
  bool crosstable_;
  std::vector<BotStats> bots_;
  std::unordered_map<uint64_t, CrossCell> cells_;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_STATS_H_
