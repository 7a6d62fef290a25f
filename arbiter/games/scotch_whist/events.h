// What happens in a game of Scotch Whist. Every event is public but the
// deal, whose hands only their holders see; its text for a seat adds that
// seat's hand.
#ifndef SCOTCH_WHIST_EVENTS_H_
#define SCOTCH_WHIST_EVENTS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "arbiter/games/scotch_whist/cards.h"

namespace scotch_whist {

enum class EventType : uint8_t {
  kDeal,     // seat = dealer, value = hand number, card = the turned trump
  kPlay,     // seat played card
  kTrick,    // seat won trick number `value`, holding `cards`
  kScore,    // seat is credited `points` for `item` (card: the trump scored);
             // value = the total of its team (its own without partnerships)
  kHandEnd,  // value = hand number
  kGameEnd,  // seat = the winner, or -1 when max_hands ended the game
};

// The scoring items of a hand, in the order they are scored.
enum class ScoreItem : uint8_t { kTen, kTricks, kAce, kKing, kQueen, kJack };

struct Event {
  EventType type = EventType::kDeal;
  int8_t seat = -1;
  Card card = kNoCard;
  ScoreItem item = ScoreItem::kTen;
  int16_t points = 0;
  int32_t value = 0;
  CardSet cards;

  bool operator==(const Event&) const = default;
};

std::string_view ToString(EventType t);
std::string_view ToString(ScoreItem item);  // "ten", "tricks", "ace", ...

// One line of text for everyone (the deal without any hand).
std::string EventToString(const Event& e);

}  // namespace scotch_whist

#endif  // SCOTCH_WHIST_EVENTS_H_
