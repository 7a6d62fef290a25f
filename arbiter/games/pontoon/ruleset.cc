#include "arbiter/games/pontoon/ruleset.h"

#include <fmt/format.h>

namespace pontoon {

std::expected<Ruleset, std::string> Preset(std::string_view name) {
  Ruleset rules;
  if (name == "standard") return rules;
  if (name == "traditional") {
    // The house rule of many tables: nobody sticks under 16.
    rules.base = "traditional";
    rules.min_stick = 16;
    rules.banker_min_stick = 16;
    return rules;
  }
  return std::unexpected(fmt::format(
      "'{}' is no preset of pontoon (standard, traditional)", name));
}

std::expected<void, std::string> Validate(const Ruleset& r) {
  auto bad = [](std::string_view key, std::string what) {
    return std::unexpected(fmt::format("{}: {}", key, what));
  };
  if (r.max_players < kMinSeats || r.max_players > kMaxSeats) {
    return bad("max_players",
               fmt::format("must be 2 to 8, not {}", r.max_players));
  }
  if (r.min_bet < 1 || r.min_bet > kMaxBetLimit) {
    return bad("min_bet",
               fmt::format("must be 1 to {}, not {}", kMaxBetLimit, r.min_bet));
  }
  if (r.max_bet < r.min_bet || r.max_bet > kMaxBetLimit) {
    return bad("max_bet", fmt::format("must be min_bet ({}) to {}, not {}",
                                      r.min_bet, kMaxBetLimit, r.max_bet));
  }
  if (r.min_stick < 0 || r.min_stick > 21) {
    return bad("min_stick",
               fmt::format("must be 0 to 21, not {}", r.min_stick));
  }
  if (r.banker_min_stick < 0 || r.banker_min_stick > 21) {
    return bad("banker_min_stick",
               fmt::format("must be 0 to 21, not {}", r.banker_min_stick));
  }
  if (r.hands < 1 || r.hands > kMaxHandsLimit) {
    return bad("hands",
               fmt::format("must be 1 to {}, not {}", kMaxHandsLimit, r.hands));
  }
  return {};
}

std::expected<void, std::string> ApplyTable(const toml::table& table,
                                            std::string_view prefix,
                                            bool allow_base, Ruleset* rules) {
  for (auto&& [k, node] : table) {
    const std::string key(k.str());
    const std::string name = std::string(prefix) + key;
    if (key == "base") {
      if (!allow_base) {
        return std::unexpected(name + ": name the base ruleset, not here");
      }
      continue;  // read by ParseRuleset
    }
    int* field = key == "max_players"        ? &rules->max_players
                 : key == "min_bet"          ? &rules->min_bet
                 : key == "max_bet"          ? &rules->max_bet
                 : key == "min_stick"        ? &rules->min_stick
                 : key == "banker_min_stick" ? &rules->banker_min_stick
                 : key == "hands"            ? &rules->hands
                                             : nullptr;
    if (field != nullptr) {
      const auto v = node.value_exact<int64_t>();
      if (!v) return std::unexpected(name + ": must be an integer");
      if (*v < -1000000000 || *v > 1000000000) {
        return std::unexpected(name + ": out of range");
      }
      *field = int(*v);
    } else if (key == "split_pontoon") {
      const auto v = node.value_exact<bool>();
      if (!v) return std::unexpected(name + ": must be true or false");
      rules->split_pontoon = *v;
    } else {
      return std::unexpected(
          name +
          ": unknown key (max_players, min_bet, max_bet, min_stick, "
          "banker_min_stick, hands, split_pontoon)");
    }
  }
  if (auto ok = Validate(*rules); !ok) {
    return std::unexpected(std::string(prefix) + ok.error());
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
        fmt::format("line {}, column {}: {}", e.source().begin.line,
                    e.source().begin.column, e.description()));
  }
  std::string base = "standard";
  if (const toml::node* node = table.get("base")) {
    const auto name = node->value_exact<std::string>();
    if (!name) return std::unexpected("base: must be a preset name");
    base = *name;
  }
  auto rules = Preset(base);
  if (!rules) return std::unexpected("base: " + rules.error());
  if (auto ok = ApplyTable(table, "", true, &*rules); !ok) {
    return std::unexpected(ok.error());
  }
  return rules;
}

std::string RulesetToToml(const Ruleset& r) {
  return fmt::format(
      "base = \"{}\"\n"
      "max_players = {}  # seats a table may have, 2 to 8\n"
      "min_bet = {}  # the smallest stake a punter may bet\n"
      "max_bet = {}  # the largest\n"
      "min_stick = {}  # a punter may stick at this total or more (0 to "
      "21)\n"
      "banker_min_stick = {}  # the banker likewise\n"
      "hands = {}  # hands in a game\n"
      "split_pontoon = {}  # an ace and a ten made by a split is a pontoon\n",
      r.base, r.max_players, r.min_bet, r.max_bet, r.min_stick,
      r.banker_min_stick, r.hands, r.split_pontoon);
}

}  // namespace pontoon
