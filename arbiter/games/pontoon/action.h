// Pontoon's actions and their text: `bet N`, `buy N`, `twist`, `stick`,
// `split` (keywords in any case on input).
#ifndef PONTOON_ACTION_H_
#define PONTOON_ACTION_H_

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

namespace pontoon {

enum class ActionType : uint8_t { kBet, kBuy, kTwist, kStick, kSplit };

struct Action {
  ActionType type = ActionType::kStick;
  int32_t amount = 0;  // bet and buy: the chips; otherwise 0

  friend bool operator==(const Action&, const Action&) = default;
};

std::string ActionText(const Action& action);
std::expected<Action, std::string> ParseAction(std::string_view text);

}  // namespace pontoon

#endif  // PONTOON_ACTION_H_
