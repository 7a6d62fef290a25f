// Checking a scenario's [expect] entries against the state the next seat is
// asked to decide in. The runner checks the keys every game shares; the game
// checks its own (game::State::Expect).
#include "arbiter/scenario/scenario_expect.h"

#include <fmt/format.h>

#include <algorithm>

#include "arbiter/game/expect.h"

namespace arbiter {
namespace {

// legal_includes / legal_excludes: each text is (or is not) a legal action.
game::ExpectCheck Legal(std::string_view key, const toml::node& node,
                        const game::State& s, bool included) {
  const toml::array* arr = node.as_array();
  if (!arr) return {.error = fmt::format("expect.{}: must be a list", key)};
  game::ExpectCheck check;
  for (size_t i = 0; i < arr->size(); ++i) {
    const auto text = (*arr)[i].value_exact<std::string>();
    if (!text) {
      return {.error = fmt::format("expect.{}[{}]: must be a string", key, i)};
    }
    // Text that is no action at all is certainly not a legal one.
    const auto index = s.ParseText(*text);
    if (index.has_value() == included) continue;
    const std::string why =
        included ? ": " + index.error().detail : std::string();
    check.failure += fmt::format("{}expect.{}: \"{}\" is {}legal{}",
                                 check.failure.empty() ? "" : "\n", key, *text,
                                 index ? "" : "not ", why);
  }
  return check;
}

game::ExpectCheck Check(std::string_view k, const toml::node& node,
                        const game::State& s, bool last_refused) {
  const game::Outcome o = s.GetOutcome();
  if (k == "scores") return game::ExpectIntList(k, node, o.scores);
  if (k == "team_scores") return game::ExpectIntList(k, node, o.team_scores);
  if (k == "to_move") return game::ExpectInt(k, node, s.CurrentSeat());
  if (k == "winner") return game::ExpectInt(k, node, o.winner);
  if (k == "legal_count") return game::ExpectInt(k, node, s.NumLegalActions());
  if (k == "legal_includes") return Legal(k, node, s, true);
  if (k == "legal_excludes") return Legal(k, node, s, false);
  if (k == "illegal") {
    const auto want = node.value_exact<bool>();
    if (!want) return {.error = "expect.illegal: must be true or false"};
    if (*want && !last_refused) {
      return {.failure =
                  "expect.illegal: expected the last action to be refused, "
                  "but it was legal (or there was none)"};
    }
    return {};
  }
  game::ExpectCheck own = s.Expect(k, node);
  if (!own.known) own.error = fmt::format("expect.{}: unknown key", k);
  return own;
}

}  // namespace

std::expected<std::vector<std::string>, std::string> CheckExpectations(
    const toml::table& expect, const game::State& state, bool last_refused) {
  std::vector<std::string> failures;
  for (auto&& [key, node] : expect) {
    const game::ExpectCheck c = Check(key.str(), node, state, last_refused);
    if (!c.error.empty()) return std::unexpected(c.error);
    // One line per failure (legal_includes may list several).
    for (size_t pos = 0; pos < c.failure.size();) {
      const size_t end = std::min(c.failure.find('\n', pos), c.failure.size());
      failures.push_back(c.failure.substr(pos, end - pos));
      pos = end + 1;
    }
  }
  return failures;
}

}  // namespace arbiter
