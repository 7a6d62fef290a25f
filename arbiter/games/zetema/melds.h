// Which card sets are melds or marriages, and every one a hand can declare.
// Kept apart from the state so they can be tested and benchmarked alone.
#ifndef ZETEMA_MELDS_H_
#define ZETEMA_MELDS_H_

#include <bit>
#include <vector>

#include "arbiter/games/zetema/action.h"
#include "arbiter/games/zetema/cards.h"
#include "arbiter/games/zetema/ruleset.h"

namespace zetema {

inline constexpr int kAssemblySize = 5;

// What `cards` would score as a declaration of `meld_length` cards (an
// assembly is always the five cards of a rank); kNone when it is no meld.
MeldType ClassifyMeld(const CardSet& cards, const Ruleset& rules,
                      int meld_length);

// The rank of an assembly (cards must be one).
inline int AssemblyRank(const CardSet& cards) {
  return std::countr_zero(cards.RankMask());
}

// Appends every distinct meld held in `hand` (with its type) to `out`.
struct Meld {
  CardSet cards;
  MeldType type;
};
void ListMelds(const CardSet& hand, const Ruleset& rules, int meld_length,
               std::vector<Meld>* out);

// Number of marriages that `from_hand` and `from_pile` pair into with a hand
// card in each, or 0 when they do not.
int CountMarriages(const CardSet& from_hand, const CardSet& from_pile);

// Appends every distinct marriage declaration: cards of the hand and of the K
// and Q piles, as (from_hand, from_pile). `piles` may hold every rank pile;
// only its kings and queens are read.
struct Marriage {
  CardSet from_hand;
  CardSet from_pile;
};
void ListMarriages(const CardSet& hand, const CardSet& piles,
                   std::vector<Marriage>* out);

// Cheap pre-checks, so that a turn with nothing to declare costs little.
bool MayHoldMeld(const CardSet& hand, int meld_length);
bool MayMarry(const CardSet& hand, const CardSet& piles);

}  // namespace zetema

#endif  // ZETEMA_MELDS_H_
