#include "arbiter/games/zetema/ruleset_toml.h"

#include <fmt/format.h>

namespace zetema {
namespace {

// Every reader sets `*error` (naming the key) on a bad value.
struct Reader {
  std::string prefix;
  std::string error;

  std::string Key(std::string_view key) const {
    return prefix + std::string(key);
  }
  bool Fail(std::string_view key, std::string_view what) {
    error = fmt::format("{}: {}", Key(key), what);
    return false;
  }

  bool Int(std::string_view key, const toml::node& node, int* out) {
    const auto v = node.value_exact<int64_t>();
    if (!v) return Fail(key, "must be an integer");
    if (*v < -1000000000 || *v > 1000000000) return Fail(key, "out of range");
    *out = int(*v);
    return true;
  }
  bool Bool(std::string_view key, const toml::node& node, bool* out) {
    const auto v = node.value_exact<bool>();
    if (!v) return Fail(key, "must be true or false");
    *out = *v;
    return true;
  }
  template <typename E>
  bool Enum(std::string_view key, const toml::node& node,
            std::initializer_list<E> values, E* out) {
    const auto v = node.value_exact<std::string>();
    std::string names;
    for (const E e : values) {
      if (v && *v == ToString(e)) {
        *out = e;
        return true;
      }
      names += (names.empty() ? "" : " | ") + std::string(ToString(e));
    }
    return Fail(key, fmt::format("must be one of {}", names));
  }
  bool IntList(std::string_view key, const toml::node& node,
               std::array<int, 5>* out) {
    const toml::array* arr = node.as_array();
    if (!arr || arr->size() != 5) {
      return Fail(key,
                  "must be a list of 5 integers (for 2, 3, 4, 5, 6 "
                  "players; 1, 2, 3, 4, 5 marriages)");
    }
    for (size_t i = 0; i < 5; ++i) {
      if (!Int(fmt::format("{}[{}]", key, i), (*arr)[i], &(*out)[i])) {
        return false;
      }
    }
    return true;
  }
  // { K = 130, Q = 130, J = 120, A = 110, "5" = 110, other = 100 }: `other`
  // first, then the named ranks.
  bool RankTable(std::string_view key, const toml::node& node,
                 std::array<int, 13>* out) {
    const toml::table* table = node.as_table();
    if (!table) return Fail(key, "must be a table of rank = points");
    if (const toml::node* other = table->get("other")) {
      int v;
      if (!Int(fmt::format("{}.other", key), *other, &v)) return false;
      out->fill(v);
    }
    for (auto&& [k, v] : *table) {
      if (k.str() == "other") continue;
      const auto rank = ParseRank(k.str());
      const std::string sub = fmt::format("{}.{}", key, k.str());
      if (!rank)
        return Fail(sub, "unknown rank (want A 2..9 T J Q K or other)");
      if (!Int(sub, v, &(*out)[*rank])) return false;
    }
    return true;
  }
  bool Suit(std::string_view key, const toml::node& node, int* out) {
    const auto v = node.value_exact<std::string>();
    const auto suit = v ? ParseSuit(*v) : std::unexpected(std::string());
    if (!suit) return Fail(key, "must be one of S H D C");
    *out = *suit;
    return true;
  }
};

bool ApplyPoints(const toml::table& table, Reader& rd, Points* p) {
  const std::string saved = rd.prefix;
  rd.prefix += "points.";
  bool ok = true;
  for (auto&& [key, node] : table) {
    const std::string_view k = key.str();
    if (k == "sequence") {
      ok = rd.Int(k, node, &p->sequence);
    } else if (k == "flush") {
      ok = rd.Int(k, node, &p->flush);
    } else if (k == "flush_sequence") {
      ok = rd.Int(k, node, &p->flush_sequence);
    } else if (k == "marriages") {
      ok = rd.IntList(k, node, &p->marriages);
    } else if (k == "assembly") {
      ok = rd.RankTable(k, node, &p->assembly);
    } else if (k == "zetema") {
      ok = rd.RankTable(k, node, &p->zetema);
    } else {
      ok = rd.Fail(k, "unknown key");
    }
    if (!ok) break;
  }
  rd.prefix = saved;
  return ok;
}

bool ApplyKey(std::string_view k, const toml::node& node, Reader& rd,
              Ruleset* r) {
  if (k == "turn_order") {
    return rd.Enum(k, node, {TurnOrder::kDrawFirst, TurnOrder::kPlayFirst},
                   &r->turn_order);
  }
  if (k == "imperial_suit") return rd.Suit(k, node, &r->imperial_suit);
  if (k == "hand_size") return rd.IntList(k, node, &r->hand_size);
  if (k == "meld_length") return rd.IntList(k, node, &r->meld_length);
  if (k == "target") return rd.IntList(k, node, &r->target);
  if (k == "partnerships") return rd.Bool(k, node, &r->partnerships);
  if (k == "six_player_teams") {
    return rd.Enum(k, node, {SixPlayerTeams::kPairs, SixPlayerTeams::kTrios},
                   &r->six_player_teams);
  }
  if (k == "imperial_flush") return rd.Bool(k, node, &r->imperial_flush);
  if (k == "imperial_bonus") {
    return rd.Enum(
        k, node,
        {ImperialBonus::kEach, ImperialBonus::kSecond, ImperialBonus::kNone},
        &r->imperial_bonus);
  }
  if (k == "assembly_after") {
    return rd.Enum(k, node,
                   {AssemblyAfter::kDiscard, AssemblyAfter::kWasteAndRefill},
                   &r->assembly_after);
  }
  if (k == "marriage_refill") {
    return rd.Enum(k, node,
                   {MarriageRefill::kEndOfTurn, MarriageRefill::kNextTurn},
                   &r->marriage_refill);
  }
  if (k == "two_player_extra_turn") {
    return rd.Bool(k, node, &r->two_player_extra_turn);
  }
  if (k == "kq_zetema_needs_assembly") {
    return rd.Bool(k, node, &r->kq_zetema_needs_assembly);
  }
  if (k == "max_hands") return rd.Int(k, node, &r->max_hands);
  if (k == "points") {
    const toml::table* table = node.as_table();
    if (!table) return rd.Fail(k, "must be a table");
    return ApplyPoints(*table, rd, &r->points);
  }
  return rd.Fail(k, "unknown key");
}

}  // namespace

std::expected<void, std::string> ApplyRulesetTable(const toml::table& table,
                                                   std::string_view prefix,
                                                   Ruleset* rules) {
  Reader rd{std::string(prefix), ""};
  for (auto&& [key, node] : table) {
    if (key.str() == "base") continue;  // the caller's business
    if (!ApplyKey(key.str(), node, rd, rules)) return std::unexpected(rd.error);
  }
  const std::string err = ValidateRuleset(*rules);
  if (!err.empty()) return std::unexpected(std::string(prefix) + err);
  return {};
}

std::expected<Ruleset, std::string> ParseRuleset(std::string_view toml_text) {
  // toml++ 3.3 (Debian 12) can crash on some UTF-8 sequences (a known toml++
  // bug). A ruleset needs none: refuse them before parsing.
  int line = 1, column = 1;
  for (const char c : toml_text) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      return std::unexpected(fmt::format(
          "line {}, column {}: non-ASCII character (a ruleset file is ASCII)",
          line, column));
    }
    if (c == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  toml::table table;
  try {
    table = toml::parse(toml_text);
  } catch (const toml::parse_error& e) {
    return std::unexpected(
        fmt::format("line {}, column {}: {}", e.source().begin.line,
                    e.source().begin.column, e.description()));
  }
  const toml::node* base_node = table.get("base");
  if (!base_node) {
    return std::unexpected(std::string(
        "base: missing (the preset to start from: parlett, sackson, hunt or "
        "casual)"));
  }
  const auto base_name = base_node->value_exact<std::string>();
  if (!base_name) return std::unexpected(std::string("base: must be a string"));
  auto rules = Preset(*base_name);
  if (!rules) return std::unexpected("base: " + rules.error());
  if (auto ok = ApplyRulesetTable(table, "", &*rules); !ok) {
    return std::unexpected(ok.error());
  }
  return rules;
}

std::string RulesetToToml(const Ruleset& r) {
  auto list = [](const std::array<int, 5>& a) {
    return fmt::format("[{}, {}, {}, {}, {}]", a[0], a[1], a[2], a[3], a[4]);
  };
  auto ranks = [](const std::array<int, 13>& t) {
    std::string out = "{ ";
    for (int rank = 0; rank < kNumRanks; ++rank) {
      out += fmt::format("{}\"{}\" = {}", rank ? ", " : "", RankChar(rank),
                         t[rank]);
    }
    return out + " }";
  };
  auto quote = [](std::string_view v) { return fmt::format("\"{}\"", v); };
  auto b = [](bool v) { return std::string(v ? "true" : "false"); };
  std::string out = fmt::format(
      "# Ruleset \"{}\": every knob after a line on what it means. The "
      "rules:\n# docs/rules/zetema.md. `arbiter rules show FILE` reads this "
      "back.\n",
      r.base);
  // One comment line per knob says what it means, so that the printed file
  // explains itself; comments do not change what it parses to.
  auto knob = [&out](std::string_view key, const std::string& value,
                     std::string_view comment) {
    out += fmt::format("# {}\n{} = {}\n", comment, key, value);
  };
  knob("base", quote(r.base),
       "the preset the other keys override: parlett | sackson | hunt | "
       "casual");
  knob("turn_order", quote(ToString(r.turn_order)),
       "draw_first: draw, declare, discard | play_first: declare, discard, "
       "draw");
  knob("imperial_suit", quote(std::string(1, SuitChar(r.imperial_suit))),
       "the suit with a second copy of its 13 cards (65 cards): S | H | D | "
       "C");
  knob("hand_size", list(r.hand_size),
       "cards dealt to each player, 5 or 6; by player count 2..6");
  knob("meld_length", list(r.meld_length),
       "cards in a sequence or flush, 3 to hand size + 1; by player count "
       "2..6");
  knob("target", list(r.target),
       "points of a player or team that end the game; by player count 2..6");
  knob("partnerships", b(r.partnerships),
       "teams at 4 players {0,2}{1,3} and at 6 (six_player_teams); false: "
       "everyone alone");
  knob("six_player_teams", quote(ToString(r.six_player_teams)),
       "pairs: {0,3}{1,4}{2,5} | trios: {0,2,4}{1,3,5}");
  knob("imperial_flush", b(r.imperial_flush),
       "a flush of the imperial suit counts; false: no meld (in sequence: a "
       "plain sequence)");
  knob("imperial_bonus", quote(ToString(r.imperial_bonus)),
       "each: +10 per imperial-suit marriage | second: +10 for the deal's "
       "second one | none");
  knob("assembly_after", quote(ToString(r.assembly_after)),
       "discard: discard a card | waste_and_refill: the five to the waste, "
       "refill, no discard");
  knob("marriage_refill", quote(ToString(r.marriage_refill)),
       "when a player who declared marriages draws back to a full hand: "
       "end_of_turn | next_turn");
  knob("two_player_extra_turn", b(r.two_player_extra_turn),
       "at 2 players, a zetema formed on an empty stock gives another turn");
  knob("kq_zetema_needs_assembly", b(r.kq_zetema_needs_assembly),
       "a K or Q zetema scores only after an assembly of that rank in the "
       "deal");
  knob("max_hands", std::to_string(r.max_hands),
       "safety limit on hands per game; reaching it ends the game with no "
       "winner");
  out += "\n[points]\n";
  knob("sequence", std::to_string(r.points.sequence),
       "meld_length cards of consecutive rank, not all one suit");
  knob("flush", std::to_string(r.points.flush),
       "meld_length cards of one suit, not in sequence");
  knob("flush_sequence", std::to_string(r.points.flush_sequence),
       "meld_length cards of one suit in sequence");
  knob("marriages", list(r.points.marriages),
       "king and queen of a suit; by marriages declared together, 1..5");
  knob("assembly", ranks(r.points.assembly),
       "all five cards of a rank; by rank");
  knob("zetema", ranks(r.points.zetema),
       "the fifth card discarded onto a rank pile; by rank");
  return out;
}

}  // namespace zetema
