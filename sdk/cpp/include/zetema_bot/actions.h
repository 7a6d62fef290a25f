// Actions in docs/rules/zetema.md notation, to and from the protocol's
// structured form (zetema.v1.Action):
//
//   discard C
//   meld C C C C C [C] [discard C]
//   marry C C [, C C]...        a card taken from a rank pile carries a *
#ifndef ZETEMA_BOT_ACTIONS_H_
#define ZETEMA_BOT_ACTIONS_H_

#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "zetema/v1/zetema.pb.h"
#include "zetema_bot/cards.h"

namespace zetema_bot {

// Parses action text. Keywords are case-insensitive and cards are read as
// ParseCard reads them. The result is checked for form only (a marriage must
// pair a king and a queen of one suit); whether it is legal is the arbiter's
// call. The error names the word that is wrong.
std::expected<zetema::v1::Action, std::string> ParseAction(
    std::string_view text);

// The docs/rules/zetema.md text of an action, cards in the two-letter form and
// in the order the action holds them; "" for an action with no kind set.
std::string FormatAction(const zetema::v1::Action& action);

// True when both are the same action (docs/rules/zetema.md, "Actions"): the
// same kind, the same declared cards each from the same place (hand or pile),
// and the same discard; card order, pair order and meld_type do not matter.
bool SameAction(const zetema::v1::Action& a, const zetema::v1::Action& b);

// Builders for the structured form.
zetema::v1::Action DiscardAction(Card card);
zetema::v1::Action MeldAction(std::span<const Card> cards,
                              std::optional<Card> discard = std::nullopt);
struct MarriagePair {
  Card king;
  Card queen;
  bool king_from_pile = false;
  bool queen_from_pile = false;
};
zetema::v1::Action MarryAction(std::span<const MarriagePair> pairs);

}  // namespace zetema_bot

#endif  // ZETEMA_BOT_ACTIONS_H_
