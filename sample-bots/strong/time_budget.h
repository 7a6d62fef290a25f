// How long the strong bot thinks about one decision.
#ifndef SAMPLE_BOTS_STRONG_TIME_BUDGET_H_
#define SAMPLE_BOTS_STRONG_TIME_BUDGET_H_

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace strong {

inline constexpr double kDefaultFraction = 0.4;
// Kept back whatever the limit: the reply's way back, a descheduled thread
// on a loaded machine, and the conversion before the search starts.
inline constexpr int64_t kReserveMs = 5;

// `time_left_ms` is the arbiter's whole allowance for this decision (the
// move limit plus what is left of the bank). A bank is spread over the moves
// to come (a twentieth at a time), never spent at once.
inline std::chrono::microseconds ThinkTime(uint32_t time_left_ms,
                                           uint32_t move_limit_ms,
                                           uint32_t bank_ms, double fraction) {
  int64_t allowance = time_left_ms;
  if (move_limit_ms > 0) {
    allowance = std::min<int64_t>(allowance, move_limit_ms + bank_ms / 20);
  }
  const double ms = fraction * double(allowance) - double(kReserveMs);
  return std::chrono::microseconds(std::max<int64_t>(500, int64_t(ms * 1000)));
}

}  // namespace strong

#endif  // SAMPLE_BOTS_STRONG_TIME_BUDGET_H_
