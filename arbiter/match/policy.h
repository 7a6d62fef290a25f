// The settings of match play that `arbiter play` and tournament configs
// share: one name and one default each (docs/arbiter.md, "Time and faults").
#ifndef ARBITER_MATCH_POLICY_H_
#define ARBITER_MATCH_POLICY_H_

#include <cstdint>
#include <optional>
#include <string_view>

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

// What a fault (timeout, illegal or malformed answer, crash, disconnect)
// costs: the game (its team is placed last), or a strike (the arbiter plays
// the default action for the seat and the game goes on).
enum class FaultPolicy { kForfeit, kDefaultAction };

inline std::string_view ToString(FaultPolicy policy) {
  return policy == FaultPolicy::kForfeit ? "forfeit" : "default_action";
}

// "forfeit" or "default_action" ("default" is read as "default_action").
inline std::optional<FaultPolicy> ParseFaultPolicy(std::string_view text) {
  if (text == "forfeit") return FaultPolicy::kForfeit;
  if (text == "default_action" || text == "default") {
    return FaultPolicy::kDefaultAction;
  }
  return std::nullopt;
}

}  // namespace arbiter

#endif  // ARBITER_MATCH_POLICY_H_
