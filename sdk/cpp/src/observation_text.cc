// Readable text of a decision, for debugging and for bots that reason in
// text. Cards print as docs/rules/zetema.md notation; each item is one line.
#include <string>

#include "zetema_bot/bot.h"

namespace zetema_bot {
namespace {

template <typename Container>
std::string Join(const Container& items) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += ' ';
    if constexpr (std::is_same_v<std::decay_t<decltype(item)>, std::string>) {
      out += item;
    } else {
      out += std::to_string(item);
    }
  }
  return out.empty() ? "-" : out;
}

}  // namespace

std::string ObservationText(const zetema::v1::Observation& o) {
  std::string out;
  out += "seat " + std::to_string(o.seat()) + " of " +
         std::to_string(o.num_players()) + ", hand " +
         std::to_string(o.hand_number()) + ", dealer " +
         std::to_string(o.dealer()) + ", to move " +
         std::to_string(o.current_player()) + "\n";
  out += "hand: " + Join(o.hand()) + "\n";
  out += "piles: " + Join(o.piles()) + "\n";
  out += "waste: " + std::to_string(o.waste_size()) +
         " cards: " + Join(o.waste()) + "\n";
  out += "stock: " + std::to_string(o.stock_size()) + "\n";
  out += "hand sizes: " + Join(o.hand_sizes()) + "\n";
  out += "scores: " + Join(o.scores()) + "\n";
  out += "teams: " + Join(o.team_of()) + "\n";
  out += "team scores: " + Join(o.team_scores()) + "\n";
  for (int seat = 0; seat < o.known_size(); ++seat) {
    if (o.known(seat).cards().empty()) continue;
    out += "seat " + std::to_string(seat) +
           " shown and still held: " + Join(o.known(seat).cards()) + "\n";
  }
  return out;
}

std::optional<int> Decision::Find(std::string_view action_text) const {
  const auto wanted = ParseAction(action_text);
  if (!wanted) return std::nullopt;
  for (int i = 0; i < legal_actions.size(); ++i) {
    if (SameAction(legal_actions.Get(i).action(), *wanted)) return i;
  }
  return std::nullopt;
}

std::string Decision::ToText() const {
  std::string out = ObservationText(observation);
  out += "time left: " + std::to_string(request.time_left_ms()) + " ms\n";
  out += "legal actions:\n";
  for (int i = 0; i < legal_actions.size(); ++i) {
    out += "  " + std::to_string(i) + ": " + legal_actions.Get(i).text() + "\n";
  }
  return out;
}

}  // namespace zetema_bot
