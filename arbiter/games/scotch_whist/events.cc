#include "arbiter/games/scotch_whist/events.h"

#include <fmt/format.h>

namespace scotch_whist {

std::string_view ToString(EventType t) {
  switch (t) {
    case EventType::kDeal:
      return "deal";
    case EventType::kPlay:
      return "play";
    case EventType::kTrick:
      return "trick";
    case EventType::kScore:
      return "score";
    case EventType::kHandEnd:
      return "hand_end";
    case EventType::kGameEnd:
      return "game_end";
  }
  return "?";
}

std::string_view ToString(ScoreItem item) {
  switch (item) {
    case ScoreItem::kTen:
      return "ten";
    case ScoreItem::kTricks:
      return "tricks";
    case ScoreItem::kAce:
      return "ace";
    case ScoreItem::kKing:
      return "king";
    case ScoreItem::kQueen:
      return "queen";
    case ScoreItem::kJack:
      return "jack";
  }
  return "?";
}

std::string EventToString(const Event& e) {
  switch (e.type) {
    case EventType::kDeal:
      return fmt::format("hand {}: seat {} deals and turns up {} (trump {})",
                         e.value, e.seat, CardToString(e.card),
                         SuitChar(SuitOf(e.card)));
    case EventType::kPlay:
      return fmt::format("seat {} plays {}", e.seat, CardToString(e.card));
    case EventType::kTrick:
      return fmt::format("seat {} wins trick {} ({})", e.seat, e.value,
                         e.cards.ToString());
    case EventType::kScore:
      if (e.item == ScoreItem::kTricks) {
        return fmt::format("seat {} scores {} for tricks ({} in all)", e.seat,
                           e.points, e.value);
      }
      return fmt::format(
          "seat {} scores {} for the {} of trumps, {} ({} in "
          "all)",
          e.seat, e.points, ToString(e.item), CardToString(e.card), e.value);
    case EventType::kHandEnd:
      return fmt::format("hand {} ends", e.value);
    case EventType::kGameEnd:
      return e.seat >= 0
                 ? fmt::format("seat {} reaches the target and wins", e.seat)
                 : std::string("the last hand is played: game over");
  }
  return "?";
}

}  // namespace scotch_whist
