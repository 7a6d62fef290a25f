#include "arbiter/games/scotch_whist/ruleset.h"

#include <fmt/format.h>

namespace scotch_whist {
namespace {

std::string IntKey(const toml::node& node, std::string_view key, int* out) {
  const auto v = node.value_exact<int64_t>();
  if (!v) return fmt::format("{}: must be an integer", key);
  if (*v < 1 || *v > kMaxKnobValue) {
    return fmt::format("{}: must be 1 to {}, got {}", key, kMaxKnobValue, *v);
  }
  *out = int(*v);
  return "";
}

}  // namespace

std::vector<int> Ruleset::Teams(int num_players) const {
  std::vector<int> teams(static_cast<size_t>(num_players));
  const bool paired = partnerships && (num_players == 4 || num_players == 6);
  for (int s = 0; s < num_players; ++s) {
    teams[size_t(s)] = paired ? s % (num_players / 2) : s;
  }
  return teams;
}

std::expected<Ruleset, std::string> Preset(std::string_view name) {
  Ruleset rules;
  if (name == "standard") return rules;
  if (name == "partnerships") {
    rules.base = "partnerships";
    rules.partnerships = true;
    return rules;
  }
  return std::unexpected(
      fmt::format("'{}' is no preset (standard, partnerships)", name));
}

std::string ValidateRuleset(const Ruleset& r) {
  if (!Preset(r.base)) return "base: " + Preset(r.base).error();
  if (r.target < 1 || r.target > kMaxKnobValue) {
    return fmt::format("target: must be 1 to {}, got {}", kMaxKnobValue,
                       r.target);
  }
  if (r.max_hands < 1 || r.max_hands > kMaxKnobValue) {
    return fmt::format("max_hands: must be 1 to {}, got {}", kMaxKnobValue,
                       r.max_hands);
  }
  return "";
}

std::expected<void, std::string> ApplyRulesetTable(const toml::table& table,
                                                   std::string_view prefix,
                                                   Ruleset* rules) {
  for (auto&& [k, node] : table) {
    const std::string key = std::string(prefix) + std::string(k.str());
    std::string error;
    if (k.str() == "base") {
      error = key + ": name the base ruleset, not here";
    } else if (k.str() == "target") {
      error = IntKey(node, key, &rules->target);
    } else if (k.str() == "max_hands") {
      error = IntKey(node, key, &rules->max_hands);
    } else if (k.str() == "partnerships") {
      const auto v = node.value_exact<bool>();
      if (v) {
        rules->partnerships = *v;
      } else {
        error = key + ": must be true or false";
      }
    } else {
      error = key + ": unknown key (target, max_hands, partnerships)";
    }
    if (!error.empty()) return std::unexpected(error);
  }
  if (std::string error = ValidateRuleset(*rules); !error.empty()) {
    return std::unexpected(error);
  }
  return {};
}

std::expected<Ruleset, std::string> ParseRuleset(std::string_view text,
                                                 std::string_view source) {
  toml::table table;
  try {
    table = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    return std::unexpected(
        fmt::format("{}:{}:{}: {}", source, e.source().begin.line,
                    e.source().begin.column, e.description()));
  }
  const auto base = table["base"].value_exact<std::string>();
  if (!base) return std::unexpected("base: missing (a preset name)");
  auto rules = Preset(*base);
  if (!rules) return std::unexpected("base: " + rules.error());
  table.erase("base");
  if (auto ok = ApplyRulesetTable(table, "", &*rules); !ok) {
    return std::unexpected(ok.error());
  }
  return rules;
}

std::string RulesetToToml(const Ruleset& r) {
  return fmt::format(
      "base = \"{}\"\n"
      "target = {}  # points that win the game at once\n"
      "max_hands = {}  # hands dealt at most\n"
      "partnerships = {}  # 4 seats {{0,2}} {{1,3}}, 6 seats {{0,3}} {{1,4}} "
      "{{2,5}}\n",
      r.base, r.target, r.max_hands, r.partnerships);
}

}  // namespace scotch_whist
