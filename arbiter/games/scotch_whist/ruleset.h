// The knobs of Scotch Whist (docs/rules/scotch_whist.md, "Knobs"), default
// first:
//
//   key           default   range        meaning
//   target        41        1 to 10000   points that win the game at once
//   max_hands     50        1 to 10000   hands dealt at most
//   partnerships  false     bool         4 seats play {0,2} {1,3}, 6 seats
//                                        {0,3} {1,4} {2,5}; no effect at
//                                        other seat counts
//
// Presets: "standard" (every default) and "partnerships" (the same with
// partnerships = true). A ruleset file is TOML: `base = "PRESET"` and any of
// the keys above.
#ifndef SCOTCH_WHIST_RULESET_H_
#define SCOTCH_WHIST_RULESET_H_

#include <toml++/toml.h>

#include <array>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace scotch_whist {

struct Ruleset {
  std::string base = "standard";
  int target = 41;
  int max_hands = 50;
  bool partnerships = false;

  bool operator==(const Ruleset&) const = default;

  // Team of every seat (teams numbered in order of their lowest seat).
  std::vector<int> Teams(int num_players) const;
};

inline constexpr std::array<std::string_view, 2> kPresetNames = {
    "standard", "partnerships"};
inline constexpr int kMaxKnobValue = 10000;

std::expected<Ruleset, std::string> Preset(std::string_view name);
// "" when the knobs are in range, else the first bad key and why.
std::string ValidateRuleset(const Ruleset& rules);

// Applies every key of `table` but `base` (refused) to `rules`; errors name
// the key with `prefix` before it. The result is validated.
std::expected<void, std::string> ApplyRulesetTable(const toml::table& table,
                                                   std::string_view prefix,
                                                   Ruleset* rules);
// A ruleset file's text: `base` (required, a preset), then its keys.
std::expected<Ruleset, std::string> ParseRuleset(std::string_view text,
                                                 std::string_view source);
// Every knob, with a comment each; ParseRuleset gives back `rules`.
std::string RulesetToToml(const Ruleset& rules);

}  // namespace scotch_whist

#endif  // SCOTCH_WHIST_RULESET_H_
