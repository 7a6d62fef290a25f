// The steps of a rating that the in-memory path (ratings.cc: every game
// kept) and the streaming one (stream.cc: nothing kept per game) share.
#ifndef ZETEMA_RATINGS_RATE_STEPS_H_
#define ZETEMA_RATINGS_RATE_STEPS_H_

#include <cstdint>
#include <expected>
#include <functional>
#include <string>
#include <vector>

#include "ratings/anchor.h"
#include "ratings/bootstrap.h"
#include "ratings/collector.h"
#include "ratings/ratings.h"
#include "ratings/solve.h"

namespace ratings {

std::string ModelName(int max_sides, bool pairwise);

CollectorOptions CollectorOptionsOf(const Options& options, HistoryKey history);

// The id of `options.anchor` among `names`; -1 without an anchor.
std::expected<int64_t, std::string> AnchorId(
    const std::vector<std::string>& names, const Options& options);

// Per player, the games that set its pool's level: those whose every
// player is in the core (all its games, in a pool without a core). Group g
// of games has players [begin[g], begin[g + 1]) of `players`, and count(g)
// games.
template <typename Count>
std::vector<double> LevelWeights(size_t num_players, const Solution& full,
                                 const std::vector<uint32_t>& begin,
                                 const std::vector<uint32_t>& players,
                                 Count&& count) {
  std::vector<double> weight(num_players, 0.0);
  for (size_t g = 0; g + 1 < begin.size(); ++g) {
    const double n = count(g);
    if (n == 0) continue;
    const int32_t pool = full.pools.of[players[begin[g]]];
    if (pool < 0) continue;
    bool level = true;
    if (full.standings.pool_has_core[pool]) {
      for (uint32_t i = begin[g]; i < begin[g + 1] && level; ++i) {
        level = full.standings.of[players[i]] == Standing::kCore;
      }
    }
    if (!level) continue;
    for (uint32_t i = begin[g]; i < begin[g + 1]; ++i) weight[players[i]] += n;
  }
  return weight;
}

// The level weights of the fit `full`.
using LevelFunction = std::function<std::vector<double>(const Solution& full)>;

// The players' ratings of one set of slot weights `y` over `data` (a
// history point): the fit, its anchor and its bootstrap (from `weights`).
std::vector<PlayerReport> RatePoint(const Dataset& data,
                                    std::span<const double> y,
                                    const std::vector<std::string>& names,
                                    int64_t anchor_id, const Options& options,
                                    const LevelFunction& level,
                                    const ReplicateWeights& weights);

// The report of collected games: their fit (c.data.slot_y), the bootstrap
// (over the dataset's contributions, or `weights` when given) and notes.
std::expected<Report, std::string> RateCollected(
    const Collected& c, const Options& options, const LevelFunction& level,
    const ReplicateWeights* weights);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_RATE_STEPS_H_
