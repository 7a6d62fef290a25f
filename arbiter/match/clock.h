// A seat's clock: a per-move limit, optionally with a time bank and an
// increment, and a grace margin that absorbs transport jitter.
//
// A decision may take move_ms plus what is left of the bank; the part beyond
// move_ms comes out of the bank, and every decision then adds increment_ms to
// the bank. A decision is a timeout when it takes longer than that plus
// grace_ms (the grace is never advertised to the bot and never banked).
#ifndef ARBITER_MATCH_CLOCK_H_
#define ARBITER_MATCH_CLOCK_H_

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "arbiter/match/policy.h"

namespace arbiter {

class SeatClock {
 public:
  using Micros = std::chrono::microseconds;

  explicit SeatClock(const TimeControl& tc)
      : tc_(tc), bank_(Micros(tc.bank_ms * 1000)) {}

  // What the bot is told it may use for the next decision.
  Micros Allowed() const { return Micros(tc_.move_ms * 1000) + bank_; }
  // When the arbiter stops waiting.
  Micros HardLimit() const { return Allowed() + Micros(tc_.grace_ms * 1000); }
  Micros bank() const { return bank_; }

  // Charges a decision that took `used`; false when it was a timeout.
  bool Charge(Micros used) {
    if (used > HardLimit()) return false;
    const Micros over = used - Micros(tc_.move_ms * 1000);
    if (over > Micros(0)) bank_ = std::max(Micros(0), bank_ - over);
    bank_ += Micros(tc_.increment_ms * 1000);
    return true;
  }

 private:
  TimeControl tc_;
  Micros bank_;
};

}  // namespace arbiter

#endif  // ARBITER_MATCH_CLOCK_H_
