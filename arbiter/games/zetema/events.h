// What happens in a game, and what each seat may see of it.
#ifndef ZETEMA_EVENTS_H_
#define ZETEMA_EVENTS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/games/zetema/action.h"
#include "arbiter/games/zetema/cards.h"

namespace zetema {

enum class EventType : uint8_t {
  kDeal,       // seat = dealer, value = hand number
  kDraw,       // seat drew `card` (only that seat sees which card)
  kDeclare,    // seat declared `action` for `points`
  kDiscard,    // seat discarded `card` to its rank pile
  kZetema,     // seat formed a zetema of `card`'s rank for `points`
  kWaste,      // `cards` went to the waste (a declaration's or a zetema's)
  kSkip,       // seat had no cards and nothing to draw
  kExtraTurn,  // seat takes another turn (two_player_extra_turn)
  kHandEnd,    // value = hand number
  kGameEnd,    // seat = winner or -1
};

struct Event {
  EventType type = EventType::kDeal;
  int8_t seat = -1;
  Card card = kNoCard;
  int points = 0;
  int value = 0;
  Action action;  // kDeclare: the declaration; kWaste: action.cards
};

std::string_view ToString(EventType t);

// Whether `viewer` (-1: everyone) sees the card of a kDraw event: everyone
// and the seat that drew.
bool SeesDrawnCard(const Event& e, int viewer);

// One line of text; `viewer` (-1: everyone) decides whether a drawn card is
// shown.
std::string EventToString(const Event& e, int viewer = -1);
// Viewers of the same class get the same EventToString: 1 for a draw's
// viewers that do not see its card, 0 for every other.
int ViewerClass(const Event& e, int viewer);

// What `seat` may see when it is asked to act.
struct Observation {
  int seat = 0;
  int current_player = 0;
  int dealer = 0;
  int hand_number = 0;
  int stock_size = 0;
  CardSet hand;
  CardSet piles;  // every rank pile together
  CardSet waste;
  std::vector<int> hand_sizes;
  std::vector<int> scores;       // per seat
  std::vector<int> team_of;      // per seat
  std::vector<int> team_scores;  // per team
  std::vector<CardSet> known;    // per seat: shown in a declaration, still held
  std::vector<Event> history;    // public events, with this seat's own draws
};

}  // namespace zetema

#endif  // ZETEMA_EVENTS_H_
