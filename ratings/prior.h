// When maximum-likelihood ratings do not exist, and the prior used then.
#ifndef ZETEMA_RATINGS_PRIOR_H_
#define ZETEMA_RATINGS_PRIOR_H_

#include <cstdint>
#include <span>
#include <vector>

#include "ratings/dataset.h"

namespace ratings {

// Weight of the prior used where the maximum-likelihood estimate does not
// exist: this many virtual draws of every player of the pool against an
// opponent of the pool's average.
inline constexpr double kPriorDraws = 1.0;

// Per component: 1 if the maximum-likelihood estimate does not exist for the
// weights `slot_y`: some part of the pool never scored against the rest
// (a player with only wins or only losses, or a group that beat every
// outsider). Then the ratings run off to infinity; the fit adds the prior.
std::vector<uint8_t> ComponentsWithoutMle(const Dataset& data,
                                          std::span<const double> slot_y);

// Where the fit adds the prior: per component, and on the first-seat
// advantage (which runs off when the first seat never lost or never won).
struct Prior {
  std::vector<uint8_t> components;
  bool advantage = false;
  bool Any() const;
};

// The prior that weights `slot_y` need.
Prior NeededPrior(const Dataset& data, std::span<const double> slot_y,
                  bool first_seat_advantage);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_PRIOR_H_
