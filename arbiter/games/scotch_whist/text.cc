#include "arbiter/games/scotch_whist/text.h"

#include <fmt/format.h>

namespace scotch_whist {

std::string EventText(const State& s, const Event& e, int viewer) {
  std::string text = EventToString(e);
  if (e.type != EventType::kDeal) return text;
  if (viewer >= 0 && viewer < s.num_players()) {
    return text + "; your hand: " + s.DealtHand(e.value, viewer).ToString();
  }
  if (viewer == kAllSeats) {
    for (int p = 0; p < s.num_players(); ++p) {
      text +=
          fmt::format("; seat {}: {}", p, s.DealtHand(e.value, p).ToString());
    }
  }
  return text;
}

std::string ObservationText(const State& s, int seat) {
  const int n = s.num_players();
  std::string trick;
  const Trick& t = s.CurrentTrick();
  for (int i = 0; i < t.size; ++i) {
    trick += fmt::format("{}seat {} {}", i == 0 ? "" : ", ", t.SeatOf(i, n),
                         CardToString(t.cards[size_t(i)]));
  }
  std::string out = fmt::format(
      "hand {} dealer {} to move {}\ntrump {}: {} {}\nyour hand: {}\n"
      "trick: {}\n",
      s.HandNumber(), s.Dealer(), s.CurrentPlayer(), SuitChar(s.TrumpSuit()),
      CardToString(s.TrumpCard()),
      s.TrumpHeld() ? "(still held by the dealer)" : "(played)",
      s.Hand(seat).ToString(), trick.empty() ? "-" : trick);
  for (int p = 0; p < n; ++p) {
    out += fmt::format("seat {}: team {}, {} points, {} cards, captured: {}\n",
                       p, s.TeamOf(p), s.Score(p), s.Hand(p).Size(),
                       s.Captured(p).ToString());
  }
  return out;
}

}  // namespace scotch_whist
