#include "arbiter/cli/scenario.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <filesystem>
#include <memory>
#include <set>

#include "arbiter/games/zetema/ruleset_file.h"
#include "arbiter/games/zetema/ruleset_toml.h"

namespace arbiter {
namespace {

using nlohmann::json;
using zetema::Action;
using zetema::CardSet;
using zetema::State;

struct Scenario {
  zetema::GameConfig config;
  std::vector<std::string> actions;
  toml::table expect;
};

std::unexpected<std::string> Bad(std::string_view key, std::string_view what) {
  return std::unexpected(fmt::format("{}: {}", key, what));
}

std::expected<int64_t, std::string> IntAt(const toml::table& t,
                                          std::string_view key) {
  const auto v = t[key].value_exact<int64_t>();
  if (!v) return Bad(key, "must be an integer");
  return *v;
}

std::expected<std::vector<std::string>, std::string> Strings(
    const toml::node& node, std::string_view key) {
  const toml::array* arr = node.as_array();
  if (!arr) return Bad(key, "must be a list of strings");
  std::vector<std::string> out;
  for (size_t i = 0; i < arr->size(); ++i) {
    const auto s = (*arr)[i].value_exact<std::string>();
    if (!s) return Bad(fmt::format("{}[{}]", key, i), "must be a string");
    out.push_back(*s);
  }
  return out;
}

std::expected<std::vector<zetema::Card>, std::string> DeckAt(
    const toml::node& node, std::string_view key) {
  const auto text = node.value_exact<std::string>();
  if (!text) return Bad(key, "must be a string of cards");
  auto cards = zetema::ParseCards(*text);
  if (!cards) return Bad(key, cards.error());
  return cards;
}

std::expected<Scenario, std::string> ParseScenario(const toml::table& t,
                                                   const std::string& dir) {
  static const std::set<std::string, std::less<>> kKeys = {
      "ruleset", "players", "dealer", "deck",  "decks",
      "seed",    "actions", "rules",  "expect"};
  for (auto&& [key, node] : t) {
    if (!kKeys.contains(key.str())) return Bad(key.str(), "unknown key");
  }
  Scenario sc;
  const std::string ruleset_name =
      t["ruleset"].value_or(std::string("parlett"));
  auto rules = zetema::LoadRuleset(ruleset_name, dir);
  if (!rules) return Bad("ruleset", rules.error());
  if (const toml::node* node = t.get("rules")) {
    const toml::table* overrides = node->as_table();
    if (!overrides) return Bad("rules", "must be a table");
    if (overrides->contains("base")) {
      return Bad("rules.base", "name the base with the top-level `ruleset`");
    }
    const std::string err = ApplyRulesetTable(*overrides, "rules.", &*rules);
    if (!err.empty()) return std::unexpected(err);
  }
  sc.config.rules = std::make_shared<zetema::Ruleset>(*rules);
  if (!t.contains("players")) return Bad("players", "missing");
  auto players = IntAt(t, "players");
  if (!players) return std::unexpected(players.error());
  sc.config.num_players = int(*players);
  if (t.contains("dealer")) {
    auto dealer = IntAt(t, "dealer");
    if (!dealer) return std::unexpected(dealer.error());
    sc.config.first_dealer = int(*dealer);
  }
  if (t.contains("seed")) {
    auto seed = IntAt(t, "seed");
    if (!seed) return std::unexpected(seed.error());
    sc.config.seed = uint64_t(*seed);
  }
  if (const toml::node* deck = t.get("deck")) {
    if (t.contains("decks")) return Bad("deck", "give deck or decks, not both");
    auto cards = DeckAt(*deck, "deck");
    if (!cards) return std::unexpected(cards.error());
    sc.config.decks.push_back(*cards);
  }
  if (const toml::node* decks = t.get("decks")) {
    const toml::array* arr = decks->as_array();
    if (!arr) return Bad("decks", "must be a list of decks");
    for (size_t i = 0; i < arr->size(); ++i) {
      auto cards = DeckAt((*arr)[i], fmt::format("decks[{}]", i));
      if (!cards) return std::unexpected(cards.error());
      sc.config.decks.push_back(*cards);
    }
  }
  if (const toml::node* actions = t.get("actions")) {
    auto list = Strings(*actions, "actions");
    if (!list) return std::unexpected(list.error());
    sc.actions = *list;
  }
  if (const toml::node* expect = t.get("expect")) {
    if (!expect->as_table()) return Bad("expect", "must be a table");
    sc.expect = *expect->as_table();
  }
  return sc;
}

}  // namespace

// Defined in scenario_expect.cc.
std::expected<std::vector<std::string>, std::string> CheckExpectations(
    const toml::table& expect, const State& state, bool last_refused);

json StateToJson(const State& s) {
  const int n = s.num_players();
  json j;
  j["hand_number"] = s.HandNumber();
  j["dealer"] = s.Dealer();
  j["to_move"] = s.CurrentPlayer();
  j["winner"] = s.Winner();
  j["scores"] = json::array();
  j["team_scores"] = json::array();
  j["teams"] = json::array();
  j["hands"] = json::array();
  j["known"] = json::array();
  for (int p = 0; p < n; ++p) {
    j["scores"].push_back(s.Score(p));
    j["teams"].push_back(s.TeamOf(p));
    j["hands"].push_back(s.Hand(p).ToString());
    j["known"].push_back(s.Known(p).ToString());
  }
  for (int t = 0; t < s.NumTeams(); ++t)
    j["team_scores"].push_back(s.TeamScore(t));
  j["piles"] = json::object();
  for (int r = 0; r < zetema::kNumRanks; ++r) {
    const CardSet pile = s.Piles().OfRank(r);
    if (!pile.Empty())
      j["piles"][std::string(1, zetema::RankChar(r))] = pile.ToString();
  }
  j["waste"] = s.WasteSize();
  j["waste_cards"] = s.Waste().ToString();
  j["stock"] = s.StockSize();
  const std::vector<Action> legal = s.LegalActions();
  j["legal_count"] = legal.size();
  j["legal"] = json::array();
  for (const Action& a : legal) j["legal"].push_back(zetema::ActionToString(a));
  if (s.IsTerminal()) j["standings"] = s.Standings();
  return j;
}

std::expected<ScenarioResult, std::string> RunScenarioFile(
    const std::string& path) {
  const auto text = zetema::ReadTextFile(path);
  if (!text) return std::unexpected(text.error());
  toml::table table;
  try {
    table = toml::parse(*text, path);
  } catch (const toml::parse_error& e) {
    return std::unexpected(
        fmt::format("{}:{}:{}: {}", path, e.source().begin.line,
                    e.source().begin.column, e.description()));
  }
  const std::string dir = std::filesystem::path(path).parent_path().string();
  auto sc = ParseScenario(table, dir);
  if (!sc) return std::unexpected(path + ": " + sc.error());
  auto state = State::New(sc->config);
  if (!state) return std::unexpected(path + ": " + state.error());

  ScenarioResult result;
  const bool expect_illegal = sc->expect["illegal"].value_or(false);
  bool last_refused = false;
  std::string refusal;
  for (size_t i = 0; i < sc->actions.size(); ++i) {
    const bool last = i + 1 == sc->actions.size();
    auto action = zetema::ParseAction(sc->actions[i]);
    auto applied =
        action
            ? state->Apply(*action)
            : std::expected<void, std::string>(std::unexpected(action.error()));
    if (applied) continue;
    if (last && expect_illegal) {
      last_refused = true;
      refusal = applied.error();
      break;
    }
    result.failures.push_back(
        fmt::format("actions[{}] \"{}\" (seat {}): {}", i, sc->actions[i],
                    state->CurrentPlayer(), applied.error()));
    break;
  }
  result.final_state = StateToJson(*state);
  if (last_refused) result.final_state["refused"] = refusal;
  if (!result.failures.empty()) return result;  // the script itself failed
  auto failures = CheckExpectations(sc->expect, *state, last_refused);
  if (!failures) return std::unexpected(path + ": " + failures.error());
  result.failures = *failures;
  return result;
}

}  // namespace arbiter
