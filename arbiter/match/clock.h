// A seat's clock: a per-move limit, optionally with a time bank and an
// increment, and a grace that absorbs transport jitter.
//
// A decision may take move_ms plus what is left of the bank: that is what
// the bot is told (DecisionRequest.time_left_ms). Every decision is charged
// the whole time the arbiter measured, from sending the request to
// receiving the answer: the part beyond move_ms comes out of the bank, and
// what the bank cannot pay (the answer came after time_left_ms) comes out of
// the grace. The grace is one allowance per seat and per game, grace_ms,
// that nothing refills: an answer that would need more of it than is left
// is a timeout. Then every decision adds increment_ms to the bank.
//
// So the grace is never free time: a bot that answers late at every move
// spends its bank, then its grace, and then times out, within a bounded
// number of moves, with or without a bank; a bot that answers within
// time_left_ms never touches it. It is what an answer given at the last
// moment may overshoot by, because the way back takes time: the transport's
// round trip, some tenths of a millisecond (docs/performance.md).
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
      : tc_(tc),
        bank_(Micros(tc.bank_ms * 1000)),
        grace_(Micros(tc.grace_ms * 1000)) {}

  // What the bot is told it may use for the next decision.
  Micros Allowed() const { return move() + bank_; }
  // When the arbiter stops waiting.
  Micros HardLimit() const { return Allowed() + grace_; }
  Micros bank() const { return bank_; }
  // What is left of the game's grace.
  Micros grace() const { return grace_; }

  // Charges a decision that took `used`; false when it was a timeout (then
  // nothing is charged).
  bool Charge(Micros used) {
    if (used > HardLimit()) return false;
    const Micros over = std::max(Micros(0), used - move());
    const Micros from_bank = std::min(bank_, over);
    bank_ -= from_bank;
    grace_ -= over - from_bank;
    bank_ += Micros(tc_.increment_ms * 1000);
    return true;
  }

 private:
  Micros move() const { return Micros(tc_.move_ms * 1000); }

  TimeControl tc_;
  Micros bank_;
  Micros grace_;
};

}  // namespace arbiter

#endif  // ARBITER_MATCH_CLOCK_H_
