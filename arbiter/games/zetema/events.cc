#include "arbiter/games/zetema/events.h"

#include <charconv>
#include <iterator>

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

bool SeesDrawnCard(const Event& e, int viewer) {
  return viewer < 0 || viewer == e.seat;
}

int ViewerClass(const Event& e, int viewer) {
  return e.type == EventType::kDraw && !SeesDrawnCard(e, viewer) ? 1 : 0;
}

namespace {

// The texts are made at every position of every replay the report writes:
// appended piece by piece, not formatted.
void Append(std::string& out, std::string_view s) { out += s; }
void Append(std::string& out, char c) { out += c; }
void Append(std::string& out, int n) {
  char digits[12];
  out.append(digits, std::to_chars(digits, std::end(digits), n).ptr);
}

// The pieces one after the other, numbers in decimal.
template <typename... Pieces>
std::string Cat(const Pieces&... pieces) {
  std::string out;
  (Append(out, pieces), ...);
  return out;
}

std::string DeclareText(const Event& e) {
  const std::string_view what = e.action.type == ActionType::kMarry
                                    ? "marriages"
                                    : ToString(e.action.meld);
  // Show the declaration only; a meld's discard has its own event.
  Action shown = e.action;
  if (shown.type == ActionType::kMeld) shown.discard = kNoCard;
  return Cat("seat ", int(e.seat), " declares ", what, " (",
             ActionToString(shown), ") for ", e.points);
}

}  // namespace

std::string EventToString(const Event& e, int viewer) {
  const int seat = e.seat;
  switch (e.type) {
    case EventType::kDeal:
      return Cat("hand ", e.value, ": seat ", seat, " deals");
    case EventType::kDraw:
      if (!SeesDrawnCard(e, viewer)) return Cat("seat ", seat, " draws");
      return Cat("seat ", seat, " draws ", CardToString(e.card));
    case EventType::kDeclare:
      return DeclareText(e);
    case EventType::kDiscard:
      return Cat("seat ", seat, " discards ", CardToString(e.card));
    case EventType::kZetema:
      return Cat("seat ", seat, " forms a zetema of ", RankChar(RankOf(e.card)),
                 "s for ", e.points);
    case EventType::kWaste:
      return Cat("to the waste: ", e.action.cards.ToString());
    case EventType::kSkip:
      return Cat("seat ", seat, " has no cards and is skipped");
    case EventType::kExtraTurn:
      return Cat("seat ", seat, " takes another turn");
    case EventType::kHandEnd:
      return Cat("hand ", e.value, " ends");
    case EventType::kGameEnd:
      return seat >= 0 ? Cat("game over: seat ", seat, " wins")
                       : std::string("game over: no winner");
  }
  return "?";
}

}  // namespace zetema
