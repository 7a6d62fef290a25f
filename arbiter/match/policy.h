// The settings of match play that `arbiter play`, `arbiter match` and
// tournament configs share: one name, one default and one parser each
// (docs/arbiter.md, "Time and faults").
#ifndef ARBITER_MATCH_POLICY_H_
#define ARBITER_MATCH_POLICY_H_

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/common/names.h"

namespace arbiter {

// Every time setting is at most a day, so that none is wrapped where it is
// used (match play keeps int milliseconds).
inline constexpr int64_t kMaxTimeMs = 86'400'000;

// A seat's clock (clock.h): a per-move limit, optionally a bank and an
// increment, and a grace that absorbs the transport's delay: one allowance
// per game for late answers, spent by each.
struct TimeControl {
  int64_t move_ms = 1000;    // limit per decision
  int64_t bank_ms = 0;       // extra time a seat may spend over the game
  int64_t increment_ms = 0;  // added to the bank after every decision
  int64_t grace_ms = 10;     // for late answers, per game (clock.h)
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// The time settings: each an option (--move-ms) and a config key
// (time_control.move_ms) of the same name, 0..kMaxTimeMs.
struct TimeSetting {
  std::string_view key;  // "move_ms"
  int64_t TimeControl::*field;
  std::string_view help;
};
inline constexpr TimeSetting kTimeSettings[] = {
    {"move_ms", &TimeControl::move_ms,
     "time per decision (0 only with a bank)"},
    {"bank_ms", &TimeControl::bank_ms,
     "extra time a seat may spend over the game"},
    {"increment_ms", &TimeControl::increment_ms,
     "added to the bank after each decision"},
    {"grace_ms", &TimeControl::grace_ms,
     "allowance per game for answers later than their time (the "
     "transport's delay), spent by each"},
};

// Whether a time control whose settings are each in range leaves every
// decision some time: a move limit, or a bank (else move_ms is wrong).
inline bool LeavesTime(const TimeControl& time) {
  return time.move_ms > 0 || time.bank_ms > 0;
}

// What a fault (timeout, illegal or malformed answer, crash, disconnect)
// costs: the game (its team is placed last), or a strike (the arbiter plays
// the default action for the seat and the game goes on).
enum class FaultPolicy { kForfeit, kDefaultAction };

// Every name `--fault-policy` and `fault_policy` take, in the order help
// and errors list them; the first of a policy's names is how it is printed.
// "default" is the short name `arbiter play` has always taken.
inline constexpr Named<FaultPolicy> kFaultPolicyNames[] = {
    {"forfeit", FaultPolicy::kForfeit},
    {"default_action", FaultPolicy::kDefaultAction},
    {"default", FaultPolicy::kDefaultAction}};

inline std::string_view ToString(FaultPolicy policy) {
  return NameOf<FaultPolicy>(kFaultPolicyNames, policy);
}

inline std::vector<std::string> FaultPolicyNames() {
  return AllNames<FaultPolicy>(kFaultPolicyNames);
}

// The policy named `text`; the error lists the names, quoted as a config
// writes them.
inline std::expected<FaultPolicy, std::string> ParseFaultPolicy(
    std::string_view text) {
  if (auto policy = FindNamed<FaultPolicy>(kFaultPolicyNames, text)) {
    return *policy;
  }
  std::string names;
  for (const std::string& name : FaultPolicyNames()) {
    names += (names.empty() ? "\"" : ", \"") + name + "\"";
  }
  return std::unexpected("must be one of " + names + ", got \"" +
                         std::string(text) + "\"");
}

}  // namespace arbiter

#endif  // ARBITER_MATCH_POLICY_H_
