// Pontoon's knobs (docs/rules/pontoon.md), the presets, and ruleset files:
// TOML with `base = "PRESET"` and any knob overriding the preset's value.
#ifndef PONTOON_RULESET_H_
#define PONTOON_RULESET_H_

#include <toml++/toml.h>

#include <array>
#include <expected>
#include <string>
#include <string_view>

namespace pontoon {

inline constexpr int kMinSeats = 2;
inline constexpr int kMaxSeats = 8;
// Bounds of the project's own, so that chips always fit in 32 bits.
inline constexpr int kMaxBetLimit = 1000;
inline constexpr int kMaxHandsLimit = 1000;

struct Ruleset {
  std::string base = "standard";
  int max_players = 8;  // 2..8
  int min_bet = 1;      // 1 <= min_bet <= max_bet
  int max_bet = 10;
  int min_stick = 0;          // 0..21: a punter may stick at this total or more
  int banker_min_stick = 0;   // 0..21: the banker likewise
  int hands = 20;             // hands in a game
  bool split_pontoon = true;  // a split's ace and ten is a pontoon

  friend bool operator==(const Ruleset&, const Ruleset&) = default;
};

inline constexpr std::array<std::string_view, 2> kPresetNames = {"standard",
                                                                 "traditional"};

// A preset by name, or an error listing them.
std::expected<Ruleset, std::string> Preset(std::string_view name);
// The ranges of every knob; the error names the knob.
std::expected<void, std::string> Validate(const Ruleset& rules);

// Applies the keys of `table` (every knob; `base` only when `allow_base`)
// onto `rules`; errors name the key, prefixed with `prefix`.
std::expected<void, std::string> ApplyTable(const toml::table& table,
                                            std::string_view prefix,
                                            bool allow_base, Ruleset* rules);
// A whole ruleset file's text: its base preset, then its keys.
std::expected<Ruleset, std::string> ParseRuleset(std::string_view text,
                                                 std::string_view source);
// Every knob, one per line with a comment; ParseRuleset gives it back.
std::string RulesetToToml(const Ruleset& rules);

}  // namespace pontoon

#endif  // PONTOON_RULESET_H_
