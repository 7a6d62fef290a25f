// The legal actions of any game, read from the game's own message.
#include "zetema_bot/bot.h"

namespace zetema_bot {
namespace {

template <typename Legal>
std::string_view TextOf(const Legal& legal, int index) {
  if (index < 0 || index >= legal.size()) return {};
  return legal.Get(index).text();
}

}  // namespace

std::string_view GameDecision::text(int index) const {
  using D = arbiter::v1::DecisionRequest;
  switch (request.decision_case()) {
    case D::kText:
      if (index < 0 || index >= request.text().legal_actions_size()) return {};
      return request.text().legal_actions(index);
    case D::kZetema:
      return TextOf(request.zetema().legal_actions(), index);
    case D::kPontoon:
      return TextOf(request.pontoon().legal_actions(), index);
    case D::kScotchWhist:
      return TextOf(request.scotch_whist().legal_actions(), index);
    case D::DECISION_NOT_SET:
      break;
  }
  return {};
}

}  // namespace zetema_bot
