// Published ratings (Elo) from a solution, and the values of bootstrap
// replicates on the same footing.
//
// Each pool is shifted so that the average of its core (the players with
// maximum-likelihood ratings; everyone, in a pool without a core), each
// player weighted by its number of games within the core, is `average`; or
// so that the anchor is at `average`. When everyone played as often, as in
// a tournament, that is the plain average; otherwise a player with one
// game, whose rating is uncertain by hundreds of points, does not shift
// everyone else by its error. Prior-bounded ratings do not move the others.
//
// A replicate is shifted so that the players it shares with that set
// (still in the core, in the replicate's part of the pool that holds most
// of them) keep the same average as in the full fit. What a replicate says
// about a player is then one of:
//   a rating;
//   +inf or -inf: it has a rating in the full fit but runs off above or
//     below the core in the replicate (all its resampled games won, or
//     lost; with partners, a rating that runs off for the team structure
//     alone is bounded by the prior there instead, see solve.h);
//   NaN, undetermined: absent from the replicate, apart from its core, or
//     cut off from it. Undetermined counts as -inf for the lower bound and
//     +inf for the upper one: it widens the interval both ways.
#ifndef ZETEMA_RATINGS_ANCHOR_H_
#define ZETEMA_RATINGS_ANCHOR_H_

#include <cstdint>
#include <numbers>
#include <span>
#include <vector>

#include "ratings/dataset.h"
#include "ratings/solve.h"

namespace ratings {

inline constexpr double kEloPerNat = 400 / std::numbers::ln10;

class Anchor {
 public:
  // `anchor`: a player id, or -1 for pool averages; `games` per player:
  // the weights of the average.
  Anchor(const Dataset& data, const Solution& full, int64_t anchor,
         double average, std::vector<double> games);

  // Per player, in Elo (NaN for players without games).
  const std::vector<double>& ratings() const { return ratings_; }
  // The first-seat advantage in Elo.
  double advantage() const { return advantage_; }

  // A replicate's value per player (see above), less the player's rating:
  // single precision then keeps 0.01 Elo whatever --average is.
  void Values(const Solution& replicate, float* out) const;
  // A replicate's first-seat advantage (NaN when undetermined).
  float AdvantageValue(const Solution& replicate) const;

 private:
  const Dataset& data_;
  const Solution& full_;
  int64_t anchor_;
  double average_;
  std::vector<double> ratings_;
  double advantage_ = 0;
  std::vector<double> weight_;  // per player: its games
  // Per pool of the full fit, the players that fix its level.
  std::vector<std::vector<uint32_t>> level_set_;
  std::vector<std::vector<uint32_t>> members_;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_ANCHOR_H_
