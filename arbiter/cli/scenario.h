// The scenario runner behind `arbiter rules run FILE.toml` (DESIGN.md): plays
// a scripted game from explicit decks and checks the [expect] entries.
#ifndef ARBITER_CLI_SCENARIO_H_
#define ARBITER_CLI_SCENARIO_H_

#include <expected>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "arbiter/games/zetema/state.h"

namespace arbiter {

struct ScenarioResult {
  nlohmann::json final_state;     // what the runner prints
  std::vector<std::string> failures;  // one line per expectation not met
};

// Runs the scenario in `path`. An unexpected error (a malformed file, a bad
// card, an unknown key) comes back as the error, naming what was wrong.
std::expected<ScenarioResult, std::string> RunScenarioFile(
    const std::string& path);

// The state as JSON, with the keys of [expect] where they apply.
nlohmann::json StateToJson(const zetema::State& state);

}  // namespace arbiter

#endif  // ARBITER_CLI_SCENARIO_H_
