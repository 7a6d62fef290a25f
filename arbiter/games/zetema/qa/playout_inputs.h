// Random inputs for playouts: a portable generator, near-miss actions and
// random knob combinations, for the playout test and the fuzzer.
#ifndef ZETEMA_PLAYOUT_INPUTS_H_
#define ZETEMA_PLAYOUT_INPUTS_H_

#include <cstdint>
#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/zetema/action.h"
#include "arbiter/games/zetema/ruleset.h"
#include "arbiter/games/zetema/state.h"

namespace zetema::playout {

// The same sequence everywhere, so that a seed names the same playout on
// every platform.
using Rng = arbiter::SplitMix64;

// Near-miss actions: small mutations of listed actions (a discard not in
// hand, a meld with a wrong discard or one card changed, marriages with a
// card moved between hand and pile) and parses of mutated action text.
std::vector<Action> NearMisses(const State& state,
                               const std::vector<Action>& legal, Rng& rng,
                               int count);

// `base` with every knob drawn at random among valid values (small targets and
// max_hands included, so that games also end by the hand limit).
Ruleset RandomKnobs(Ruleset base, Rng& rng);

}  // namespace zetema::playout

#endif  // ZETEMA_PLAYOUT_INPUTS_H_
