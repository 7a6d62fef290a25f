// The one form of every scenario key that holds cards, `deck` first: a
// string of cards in the game's notation ("AS 2S 3S", as the game reads a
// deck), or a list of such strings, read in order as one run of cards
// (["AS", "2S", "3S"]). Keys with cards per seat (`hands`) or per hand
// (`decks`) are a list of such values.
#ifndef ARBITER_GAME_CARD_KEYS_H_
#define ARBITER_GAME_CARD_KEYS_H_

#include <toml++/toml.h>

#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace game {

// `node`'s cards as one string (a list's strings joined by spaces), for the
// game's card parser; the error names `key` and says what form it takes.
std::expected<std::string, std::string> CardsText(const toml::node& node,
                                                  std::string_view key);

// A list of cards, one CardsText per `each` ("seat", "hand"), its entries
// named key[i].
std::expected<std::vector<std::string>, std::string> CardsTextList(
    const toml::node& node, std::string_view key, std::string_view each);

}  // namespace game

#endif  // ARBITER_GAME_CARD_KEYS_H_
