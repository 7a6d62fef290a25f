// Who scored against whom in weighted games, and what follows for the
// ratings.
//
// A player "scores against" another when it was picked (placed better, or
// tied) in a choice set where the other was a candidate on another side.
// With lone players, maximum-likelihood ratings exist in a pool exactly
// when every player reaches every other along these edges (Zermelo, Ford):
// otherwise some group never scored against the rest, or never lost to it,
// and its ratings run off to infinity. The graph then splits into strongly
// connected parts; the largest one with two or more players is the pool's
// "core", which has ratings of its own; every other player is above it
// (reaches it but is not reached: its upper bound is open), below it, or
// apart (neither: both bounds open).
#ifndef ZETEMA_RATINGS_GRAPH_H_
#define ZETEMA_RATINGS_GRAPH_H_

#include <cstdint>
#include <span>
#include <vector>

#include "ratings/dataset.h"

namespace ratings {

enum class Standing : uint8_t {
  kAbsent,  // no game with weight
  kCore,    // rated by maximum likelihood
  kAbove,   // above the core: upper bound open
  kBelow,   // below the core: lower bound open
  kApart,   // neither: both bounds open
};

// Pools: players linked by games with weight. Ratings of different pools
// do not compare.
struct Pools {
  std::vector<int32_t> of;  // per player; -1 when absent
  int count = 0;
};

Pools FindPools(const Dataset& data, std::span<const double> y);

// Per player standing; per pool, whether it has a core.
struct Standings {
  std::vector<Standing> of;
  std::vector<uint8_t> pool_has_core;
};

// By the scoring graph (exact for lone players; with partners or the
// first-seat advantage a necessary condition only, see solve.h).
Standings StandingsByGraph(const Dataset& data, std::span<const double> y,
                           const Pools& pools);

// The incidence lists that the quick test walks, built once per dataset.
class ScoringGraph {
 public:
  explicit ScoringGraph(const Dataset& data);
  // True when every player is present and, within each of `pools` (the
  // pools of all the games), reaches and is reached from every other: then
  // every rating is a maximum-likelihood estimate. Stops as soon as that is
  // shown, which on dense data is after a few players.
  bool AllStronglyConnected(std::span<const double> y,
                            const Pools& pools) const;

 private:
  bool Reaches(std::span<const double> y, uint32_t root, size_t target,
               bool forward, std::vector<uint8_t>* seen,
               std::vector<uint32_t>* stack) const;
  const Dataset& data_;
  // player -> units holding it; unit -> slots of it (pairs and sets).
  std::vector<uint32_t> player_unit_begin_, player_unit_;
  std::vector<uint32_t> unit_slot_begin_, unit_slot_;
  std::vector<uint32_t> slot_set_;  // set slot -> its set
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_GRAPH_H_
