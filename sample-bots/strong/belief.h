// What one seat knows of a game, and positions sampled from it.
//
// The seat sees its own hand, the rank piles, the waste (every card there
// was shown), the cards others showed in declarations and still hold, every
// hand's size and the stock's size. Every other card is unseen: a sample
// deals the unseen cards at random to the other hands' hidden places and the
// stock. The deal's state the rules depend on (refills owed, assemblies and
// imperial marriages declared) is read from the public events.
#ifndef SAMPLE_BOTS_STRONG_BELIEF_H_
#define SAMPLE_BOTS_STRONG_BELIEF_H_

#include <expected>
#include <string>
#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/zetema/events.h"
#include "arbiter/games/zetema/ruleset.h"
#include "arbiter/games/zetema/state.h"

namespace strong {

struct Belief {
  int seat = 0;
  // Other hands hold only their shown cards here, and the stock is empty.
  zetema::Position position;
  std::vector<int> hidden;  // per seat: cards held that `seat` has not seen
  int stock_size = 0;
  std::vector<zetema::Card> unseen;  // shared among `hidden` and the stock
};

// The belief of `observation.seat`, which must be the seat to act. The
// observation needs this deal's public events (its history). Errors say what
// does not add up.
std::expected<Belief, std::string> BeliefFrom(
    const zetema::Observation& observation, const zetema::Ruleset& rules);

// A position consistent with the belief: the unseen cards shuffled into the
// hidden places and the stock.
zetema::Position Sample(const Belief& belief, arbiter::SplitMix64& rng);

}  // namespace strong

#endif  // SAMPLE_BOTS_STRONG_BELIEF_H_
