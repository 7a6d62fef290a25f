#include "arbiter/game/card_keys.h"

#include <fmt/format.h>

namespace game {

std::expected<std::string, std::string> CardsText(const toml::node& node,
                                                  std::string_view key) {
  if (const auto text = node.value_exact<std::string>()) return *text;
  const toml::array* list = node.as_array();
  if (list == nullptr) {
    return std::unexpected(fmt::format(
        "{}: must be cards, as deck takes them: a string (\"AS 2S 3S\") or "
        "a list of strings ([\"AS\", \"2S\", \"3S\"])",
        key));
  }
  std::string cards;
  for (size_t i = 0; i < list->size(); ++i) {
    const auto text = (*list)[i].value_exact<std::string>();
    if (!text) {
      return std::unexpected(fmt::format(
          "{}[{}]: must be a string of cards (\"AS\", \"2S 3S\")", key, i));
    }
    cards += (cards.empty() ? "" : " ") + *text;
  }
  return cards;
}

std::expected<std::vector<std::string>, std::string> CardsTextList(
    const toml::node& node, std::string_view key, std::string_view each) {
  const toml::array* list = node.as_array();
  if (list == nullptr) {
    return std::unexpected(fmt::format(
        "{}: must be a list with the cards of each {}, each as deck takes "
        "them ([\"AS 2S\", \"3H\"])",
        key, each));
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < list->size(); ++i) {
    auto cards = CardsText((*list)[i], fmt::format("{}[{}]", key, i));
    if (!cards) return std::unexpected(cards.error());
    out.push_back(std::move(*cards));
  }
  return out;
}

}  // namespace game
