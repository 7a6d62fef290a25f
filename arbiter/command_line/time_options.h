// The options of match play that `arbiter play` and `arbiter match` share
// with tournament configs (time_control.*, fault_policy): one name, one
// range, one parser and one help text each (match/policy.h), documented
// once in docs/arbiter.md ("Time and faults").
#ifndef ARBITER_COMMAND_LINE_TIME_OPTIONS_H_
#define ARBITER_COMMAND_LINE_TIME_OPTIONS_H_

#include <CLI/CLI.hpp>
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/command_line/usage.h"
#include "arbiter/match/policy.h"

namespace arbiter {

// "--move-ms": the option of the time setting `key` ("move_ms").
inline std::string TimeOptionName(std::string_view key) {
  std::string name = "--" + std::string(key);
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

// Adds --move-ms, --bank-ms, --increment-ms, --grace-ms (each 0..kMaxTimeMs)
// and --fault-policy; their defaults are what `time` and `fault_policy` hold.
inline void AddTimeOptions(CLI::App* cmd, TimeControl* time,
                           std::string* fault_policy) {
  for (const TimeSetting& setting : kTimeSettings) {
    cmd->add_option(TimeOptionName(setting.key), time->*setting.field,
                    std::string(setting.help))
        ->check(IntegerIn(0, kMaxTimeMs));
  }
  cmd->add_option("--fault-policy", *fault_policy,
                  "forfeit: a faulting seat loses the game; default_action "
                  "(or default): play a default action for it and record a "
                  "strike")
      ->check(CLI::IsMember(FaultPolicyNames()));
}

// What is wrong with a time control whose values are each in range, as a
// message naming the option; none when it is usable.
inline std::optional<std::string> CheckTimeOptions(const TimeControl& time) {
  if (!LeavesTime(time)) {
    return "--move-ms: must be greater than 0 when --bank-ms is 0";
  }
  return std::nullopt;
}

}  // namespace arbiter

#endif  // ARBITER_COMMAND_LINE_TIME_OPTIONS_H_
