#include "arbiter/scenario/scenario.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "arbiter/game/card_keys.h"
#include "arbiter/game/registry.h"
#include "arbiter/scenario/scenario_expect.h"

namespace arbiter {
namespace {

struct Scenario {
  std::shared_ptr<const game::Game> game;
  game::Setup setup;
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

// The game, its ruleset (a preset or a file, with [rules] overrides) and
// the keys every scenario knows.
std::expected<Scenario, std::string> ParseScenario(const toml::table& t,
                                                   const std::string& dir) {
  if (t.contains("game") && !t["game"].is_string()) {
    return Bad("game", "must be a string");
  }
  auto type = game::FindGame(
      t["game"].value_or(std::string(game::DefaultGame().Name())));
  if (!type) return Bad("game", type.error());
  const std::string dealer_key((*type)->DealerKey());
  const std::set<std::string, std::less<>> keys = {
      "game",  "ruleset", "players", dealer_key, "deck",
      "decks", "seed",    "actions", "rules",    "expect"};
  for (auto&& [key, node] : t) {
    if (!keys.contains(key.str())) return Bad(key.str(), "unknown key");
  }
  const toml::table* overrides = nullptr;
  if (const toml::node* node = t.get("rules")) {
    overrides = node->as_table();
    if (!overrides) return Bad("rules", "must be a table");
  }
  Scenario sc;
  auto game = (*type)->Load(
      t["ruleset"].value_or(std::string((*type)->Presets().front())), dir,
      overrides, "rules.");
  if (!game) return Bad("ruleset", game.error());
  sc.game = *game;
  if (!t.contains("players")) return Bad("players", "missing");
  auto players = IntAt(t, "players");
  if (!players) return std::unexpected(players.error());
  sc.setup.num_seats = int(*players);
  if (t.contains(dealer_key)) {
    auto dealer = IntAt(t, dealer_key);
    if (!dealer) return std::unexpected(dealer.error());
    sc.setup.first_dealer = int(*dealer);
  }
  if (t.contains("seed")) {
    auto seed = IntAt(t, "seed");
    if (!seed) return std::unexpected(seed.error());
    sc.setup.seed = uint64_t(*seed);
  }
  if (const toml::node* deck = t.get("deck")) {
    if (t.contains("decks")) return Bad("deck", "give deck or decks, not both");
    auto text = game::CardsText(*deck, "deck");
    if (!text) return std::unexpected(text.error());
    sc.setup.decks.push_back(*text);
  }
  if (const toml::node* decks = t.get("decks")) {
    auto list = game::CardsTextList(*decks, "decks", "hand");
    if (!list) return std::unexpected(list.error());
    sc.setup.decks = *list;
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

std::expected<std::string, std::string> ReadFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::unexpected("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::expected<ScenarioResult, std::string> RunScenarioFile(
    const std::string& path) {
  const auto text = ReadFile(path);
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
  auto state = sc->game->NewState(sc->setup);
  if (!state) return std::unexpected(path + ": " + state.error());

  ScenarioResult result;
  const bool expect_illegal = sc->expect["illegal"].value_or(false);
  bool last_refused = false;
  std::string refusal;
  for (size_t i = 0; i < sc->actions.size(); ++i) {
    const bool last = i + 1 == sc->actions.size();
    const int seat = (*state)->CurrentSeat();
    auto applied = (*state)->ApplyText(sc->actions[i]);
    if (applied) continue;
    if (last && expect_illegal) {
      last_refused = true;
      refusal = applied.error();
      break;
    }
    result.failures.push_back(fmt::format("actions[{}] \"{}\" (seat {}): {}", i,
                                          sc->actions[i], seat,
                                          applied.error()));
    break;
  }
  result.final_state = (*state)->ToJson();
  if (last_refused) result.final_state["refused"] = refusal;
  if (!result.failures.empty()) return result;  // the script itself failed
  auto failures = CheckExpectations(sc->expect, **state, last_refused);
  if (!failures) return std::unexpected(path + ": " + failures.error());
  result.failures = *failures;
  return result;
}

}  // namespace arbiter
