// The TOML side of rulesets, for callers that already hold a parsed table
// (the scenario runner's [rules] overrides, tournament configs).
#ifndef ZETEMA_RULESET_TOML_H_
#define ZETEMA_RULESET_TOML_H_

#include <toml++/toml.h>

#include <expected>
#include <string>
#include <string_view>

#include "arbiter/games/zetema/ruleset.h"

namespace zetema {

// Overrides `rules` with the keys of `table` (every key of a ruleset file but
// `base`), then validates. Errors name the key (prefixed with `prefix`, e.g.
// "rules.").
std::expected<void, std::string> ApplyRulesetTable(const toml::table& table,
                                                   std::string_view prefix,
                                                   Ruleset* rules);

}  // namespace zetema

#endif  // ZETEMA_RULESET_TOML_H_
