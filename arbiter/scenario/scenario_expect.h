// The [expect] table of a scenario file, checked against a state.
#ifndef ARBITER_SCENARIO_SCENARIO_EXPECT_H_
#define ARBITER_SCENARIO_SCENARIO_EXPECT_H_

#include <toml++/toml.h>

#include <expected>
#include <string>
#include <vector>

#include "arbiter/game/game.h"

namespace arbiter {

// One line per expectation that does not hold; the error names a malformed
// or unknown key. `last_refused`: the scenario's last action was refused.
std::expected<std::vector<std::string>, std::string> CheckExpectations(
    const toml::table& expect, const game::State& state, bool last_refused);

}  // namespace arbiter

#endif  // ARBITER_SCENARIO_SCENARIO_EXPECT_H_
