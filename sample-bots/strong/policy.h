// The fast playout policy of the strong bot's search, and how a playout's
// end is scored for the searching seat.
#ifndef SAMPLE_BOTS_STRONG_POLICY_H_
#define SAMPLE_BOTS_STRONG_POLICY_H_

#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/zetema/state.h"

namespace strong {

// Points `action` scores at once in `state` (its declaration and the zetema
// its discard forms), without applying it. The imperial bonus is left out.
int ImmediatePoints(const zetema::State& state, const zetema::Action& action);

// A greedy choice with a little noise: the action worth the most points now,
// then the discard that keeps the hand's pairs, kings and queens and gives
// the next seats no pile of four. Cheap enough to call at every playout step.
const zetema::Action& PlayoutChoice(const zetema::State& state,
                                    const std::vector<zetema::Action>& legal,
                                    arbiter::SplitMix64& rng);

// The result for `seat`'s team in [0, 1]: the mean over other teams of 1 for
// a better place, 1/2 for the same, 0 for a worse one. In a game still going
// on, the places are soft: a logistic of the score difference.
double Evaluate(const zetema::State& state, int seat);

// Plays `state` on with PlayoutChoice for every seat until the hand in
// progress ends or the game does.
void Playout(zetema::State& state, arbiter::SplitMix64& rng);

}  // namespace strong

#endif  // SAMPLE_BOTS_STRONG_POLICY_H_
