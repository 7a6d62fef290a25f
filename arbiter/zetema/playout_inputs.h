// Random inputs for playouts: a portable generator, near-miss actions and
// random knob combinations, for the playout test and the fuzzer.
#ifndef ZETEMA_PLAYOUT_INPUTS_H_
#define ZETEMA_PLAYOUT_INPUTS_H_

#include <cstdint>
#include <vector>

#include "arbiter/zetema/action.h"
#include "arbiter/zetema/ruleset.h"
#include "arbiter/zetema/state.h"

namespace zetema::playout {

// A small, fast generator (SplitMix64) with the same sequence everywhere, so
// that a seed names the same playout on every platform.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform enough below n > 0 (n is tiny next to 2^64).
  uint32_t Below(uint32_t n) { return uint32_t(Next() % n); }

 private:
  uint64_t state_;
};

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
