// Actions and their text notation (docs/rules/zetema.md, "Actions").
//
//   discard C
//   meld C C C C C [C] [discard C]
//   marry C C [, C C]...        a card from a rank pile carries a trailing *
//
// Two actions are the same when they have the same type, the same declared
// cards, each from the same place (hand or pile), and the same discard
// (docs/rules/zetema.md, "Actions"); operator== implements exactly that, since
// CardSet ignores order and which imperial copy.
#ifndef ZETEMA_ACTION_H_
#define ZETEMA_ACTION_H_

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

#include "arbiter/games/zetema/cards.h"

namespace zetema {

enum class ActionType : uint8_t { kDiscard, kMeld, kMarry };

enum class MeldType : uint8_t {
  kNone,  // not a meld (or not yet classified)
  kSequence,
  kFlush,
  kFlushSequence,
  kAssembly,
};

struct Action {
  ActionType type = ActionType::kDiscard;
  // Filled in by the engine for its legal actions; not part of identity.
  MeldType meld = MeldType::kNone;
  // kDiscard: the card. kMeld: the discard that finishes the turn, or kNoCard.
  Card discard = kNoCard;
  CardSet cards;  // kMeld: the declared cards. kMarry: those from the hand.
  CardSet pile;   // kMarry: those taken from the K and Q piles.

  static Action Discard(Card c) {
    Action a;
    a.discard = c;
    return a;
  }

  friend bool operator==(const Action& a, const Action& b) {
    return a.type == b.type && a.discard == b.discard && a.cards == b.cards &&
           a.pile == b.pile;
  }
};

std::string_view ToString(MeldType t);

// Canonical text: meld cards sorted by rank (an ace that tops a sequence
// last); marriages paired so that every pair holds a card from the hand,
// suits in the order S H D C.
std::string ActionToString(const Action& action);

// Errors name the offending token and its position ("token 3").
std::expected<Action, std::string> ParseAction(std::string_view text);

}  // namespace zetema

#endif  // ZETEMA_ACTION_H_
