// Checks of scenario [expect] entries that every game's own keys share:
// an integer, a list of integers, a string, and cards (in the form deck
// takes, card_keys.h) compared after the game normalizes them (e.g. a card
// set printed in its sorted form).
#ifndef ARBITER_GAME_EXPECT_H_
#define ARBITER_GAME_EXPECT_H_

#include <toml++/toml.h>

#include <cstdint>
#include <expected>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/game/game.h"

namespace game {

ExpectCheck ExpectInt(std::string_view key, const toml::node& want,
                      int64_t actual);
ExpectCheck ExpectIntList(std::string_view key, const toml::node& want,
                          const std::vector<int>& actual);

// Turns one expected string into its normal form, or says why it is bad.
using Normalizer =
    std::function<std::expected<std::string, std::string>(std::string_view)>;

// `want` is one string.
ExpectCheck ExpectString(std::string_view key, const toml::node& want,
                         const std::string& actual,
                         const Normalizer& normalize);
// `want` is cards (CardsText), normalized before comparing with `actual`
// (already in normal form).
ExpectCheck ExpectCards(std::string_view key, const toml::node& want,
                        const std::string& actual, const Normalizer& normalize);
// `want` holds each seat's cards (CardsTextList), one per entry of
// `actual`.
ExpectCheck ExpectCardsPerSeat(std::string_view key, const toml::node& want,
                               const std::vector<std::string>& actual,
                               const Normalizer& normalize);

}  // namespace game

#endif  // ARBITER_GAME_EXPECT_H_
