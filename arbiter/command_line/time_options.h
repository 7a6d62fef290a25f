// The options of match play that `arbiter play` and `arbiter match` share
// with tournament configs (time_control.*, fault_policy): one name, one
// range and one help text each, documented once in docs/arbiter.md ("Time
// and faults").
#ifndef ARBITER_COMMAND_LINE_TIME_OPTIONS_H_
#define ARBITER_COMMAND_LINE_TIME_OPTIONS_H_

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "arbiter/command_line/usage.h"
#include "arbiter/match/policy.h"

namespace arbiter {

// Adds --move-ms, --bank-ms, --increment-ms, --grace-ms (each 0..kMaxTimeMs)
// and --fault-policy; their defaults are what `time` and `fault_policy` hold.
inline void AddTimeOptions(CLI::App* cmd, TimeControl* time,
                           std::string* fault_policy) {
  const auto ms = IntegerIn(0, kMaxTimeMs);
  cmd->add_option("--move-ms", time->move_ms,
                  "time per decision (0 only with a bank)")
      ->check(ms);
  cmd->add_option("--bank-ms", time->bank_ms,
                  "extra time a seat may spend over the game")
      ->check(ms);
  cmd->add_option("--increment-ms", time->increment_ms,
                  "added to the bank after each decision")
      ->check(ms);
  cmd->add_option("--grace-ms", time->grace_ms,
                  "allowance per game for answers later than their time "
                  "(the transport's delay), spent by each")
      ->check(ms);
  cmd->add_option("--fault-policy", *fault_policy,
                  "forfeit: a faulting seat loses the game; default_action "
                  "(or default): play a default action for it and record a "
                  "strike")
      ->check(CLI::IsMember({"forfeit", "default_action", "default"}));
}

// What is wrong with a time control whose values are each in range, as a
// message naming the option; none when it is usable.
inline std::optional<std::string> CheckTimeOptions(const TimeControl& time) {
  if (time.move_ms == 0 && time.bank_ms == 0) {
    return "--move-ms: must be greater than 0 when --bank-ms is 0";
  }
  return std::nullopt;
}

}  // namespace arbiter

#endif  // ARBITER_COMMAND_LINE_TIME_OPTIONS_H_
