// What happens in a game of Pontoon, and what each seat may see of it.
#ifndef PONTOON_EVENTS_H_
#define PONTOON_EVENTS_H_

#include <cstdint>
#include <span>
#include <string>

#include "arbiter/games/pontoon/cards.h"

namespace pontoon {

// The same meanings as pontoon.v1.EventType (proto/pontoon/v1).
enum class EventType : uint8_t {
  kShuffle,        // value = shuffle number from 1
  kHandStart,      // seat = banker, value = hand number
  kDeal,           // card to seat's hand `hand`, face_up or not
  kBet,            // value = stake
  kBankerPontoon,  // cards = the banker's two cards
  kPontoon,        // card = the ace shown; cards = both when both are shown
  kStick,
  kTwist,
  kBuy,     // value = chips added
  kSplit,   // value = the new hand's stake
  kBust,    // cards = all shown; value = stake the banker takes
  kShow,    // cards = the hand, all shown
  kSettle,  // value = what the punter wins (negative: pays)
  kUnder,   // cards under the pack in order (see kHiddenFlag)
  kNewBanker,
  kHandEnd,  // value = hand number
  kGameEnd,
};

// In the cards of a kUnder event: a card only the event's seat (the banker)
// knows, its own face-down card that was never shown.
inline constexpr Card kHiddenFlag = 64;

struct Event {
  EventType type = EventType::kHandStart;
  int8_t seat = -1;
  int8_t hand = 0;
  Card card = kNoCard;
  bool face_up = false;
  int32_t value = 0;
  // The event's cards: [cards_at, cards_at + num_cards) of the state's list.
  uint32_t cards_at = 0;
  uint8_t num_cards = 0;
};

// The viewer that sees every card (replays), and the one that sees only
// what is public (records, spectators).
inline constexpr int kEveryone = -1;
inline constexpr int kPublicOnly = -2;

// Whether `viewer` may see the card of a kDeal event, or card `c` (with its
// kHiddenFlag) of a kUnder event.
bool DealVisible(const Event& e, int viewer);
bool UnderCardVisible(const Event& e, Card c, int viewer);

// One line of text as `viewer` sees it; `cards` are the event's cards.
std::string EventText(const Event& e, std::span<const Card> cards, int viewer);
// Viewers of the same class get the same EventText: a card dealt face down
// and the cards under the pack differ for the seat (and kEveryone), every
// other event is the same for all.
int ViewerClass(const Event& e, int viewer);

}  // namespace pontoon

#endif  // PONTOON_EVENTS_H_
