// The scenario runner behind `arbiter rules run FILE.toml`: plays a scripted
// game of any registered game (`game = "..."`, default the default game)
// from explicit decks and checks the [expect] entries
// (docs/scenarios.md).
#ifndef ARBITER_SCENARIO_SCENARIO_H_
#define ARBITER_SCENARIO_SCENARIO_H_

#include <expected>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace arbiter {

struct ScenarioResult {
  nlohmann::json final_state;         // what the runner prints
  std::vector<std::string> failures;  // one line per expectation not met
};

// Runs the scenario in `path`. An unexpected error (a malformed file, a bad
// card, an unknown key) comes back as the error, naming what was wrong.
std::expected<ScenarioResult, std::string> RunScenarioFile(
    const std::string& path);

}  // namespace arbiter

#endif  // ARBITER_SCENARIO_SCENARIO_H_
