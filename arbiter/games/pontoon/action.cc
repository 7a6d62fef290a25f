#include "arbiter/games/pontoon/action.h"

#include <cctype>
#include <charconv>
#include <sstream>
#include <vector>

namespace pontoon {

std::string ActionText(const Action& a) {
  switch (a.type) {
    case ActionType::kBet:
      return "bet " + std::to_string(a.amount);
    case ActionType::kBuy:
      return "buy " + std::to_string(a.amount);
    case ActionType::kTwist:
      return "twist";
    case ActionType::kStick:
      return "stick";
    case ActionType::kSplit:
      return "split";
  }
  return "?";
}

std::expected<Action, std::string> ParseAction(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(std::move(w));
  if (words.empty()) return std::unexpected("an empty action");
  std::string verb = words[0];
  for (char& c : verb) c = char(std::tolower(static_cast<unsigned char>(c)));
  Action a;
  if (verb == "bet" || verb == "buy") {
    a.type = verb == "bet" ? ActionType::kBet : ActionType::kBuy;
    if (words.size() != 2) {
      return std::unexpected("'" + verb + "' wants a number of chips: '" +
                             verb + " N'");
    }
    const std::string& n = words[1];
    const auto [end, ec] =
        std::from_chars(n.data(), n.data() + n.size(), a.amount);
    if (ec != std::errc() || end != n.data() + n.size() || a.amount < 0) {
      return std::unexpected("'" + n + "' is not a number of chips");
    }
    return a;
  }
  if (verb == "twist") {
    a.type = ActionType::kTwist;
  } else if (verb == "stick") {
    a.type = ActionType::kStick;
  } else if (verb == "split") {
    a.type = ActionType::kSplit;
  } else {
    return std::unexpected("'" + words[0] +
                           "' is no action (bet N, buy N, twist, stick, "
                           "split)");
  }
  if (words.size() != 1) {
    return std::unexpected("'" + verb + "' takes nothing after it");
  }
  return a;
}

}  // namespace pontoon
