#include "arbiter/games/zetema/events.h"

#include <fmt/format.h>

namespace zetema {

std::string_view ToString(EventType t) {
  switch (t) {
    case EventType::kDeal:
      return "deal";
    case EventType::kDraw:
      return "draw";
    case EventType::kDeclare:
      return "declare";
    case EventType::kDiscard:
      return "discard";
    case EventType::kZetema:
      return "zetema";
    case EventType::kWaste:
      return "waste";
    case EventType::kSkip:
      return "skip";
    case EventType::kExtraTurn:
      return "extra_turn";
    case EventType::kHandEnd:
      return "hand_end";
    case EventType::kGameEnd:
      return "game_end";
  }
  return "?";
}

std::string EventToString(const Event& e, int viewer) {
  switch (e.type) {
    case EventType::kDeal:
      return fmt::format("hand {}: seat {} deals", e.value, e.seat);
    case EventType::kDraw:
      if (viewer >= 0 && viewer != e.seat) {
        return fmt::format("seat {} draws", e.seat);
      }
      return fmt::format("seat {} draws {}", e.seat, CardToString(e.card));
    case EventType::kDeclare: {
      const std::string what = e.action.type == ActionType::kMarry
                                   ? "marriages"
                                   : std::string(ToString(e.action.meld));
      std::string text = ActionToString(e.action);
      if (e.action.type == ActionType::kMeld) {
        // Show the declaration only; the discard has its own event.
        Action shown = e.action;
        shown.discard = kNoCard;
        text = ActionToString(shown);
      }
      return fmt::format("seat {} declares {} ({}) for {}", e.seat, what, text,
                         e.points);
    }
    case EventType::kDiscard:
      return fmt::format("seat {} discards {}", e.seat, CardToString(e.card));
    case EventType::kZetema:
      return fmt::format("seat {} forms a zetema of {}s for {}", e.seat,
                         RankChar(RankOf(e.card)), e.points);
    case EventType::kWaste:
      return fmt::format("to the waste: {}", e.action.cards.ToString());
    case EventType::kSkip:
      return fmt::format("seat {} has no cards and is skipped", e.seat);
    case EventType::kExtraTurn:
      return fmt::format("seat {} takes another turn", e.seat);
    case EventType::kHandEnd:
      return fmt::format("hand {} ends", e.value);
    case EventType::kGameEnd:
      return e.seat >= 0 ? fmt::format("game over: seat {} wins", e.seat)
                         : std::string("game over: no winner");
  }
  return "?";
}

}  // namespace zetema
