#include "arbiter/match/clock.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

using Ms = std::chrono::milliseconds;

TEST(SeatClockTest, PerMoveLimitOnly) {
  SeatClock clock({.move_ms = 100, .grace_ms = 10});
  EXPECT_EQ(clock.Allowed(), Ms(100));
  EXPECT_EQ(clock.HardLimit(), Ms(110));
  EXPECT_TRUE(clock.Charge(Ms(100)));  // within the limit: costs nothing
  EXPECT_EQ(clock.grace(), Ms(10));
  EXPECT_TRUE(clock.Charge(Ms(105)));  // within the grace, which pays
  EXPECT_EQ(clock.grace(), Ms(5));
  EXPECT_EQ(clock.Allowed(), Ms(100));  // the grace is never advertised
  EXPECT_EQ(clock.HardLimit(), Ms(105));
  EXPECT_FALSE(clock.Charge(Ms(106)));  // more than the grace left
  EXPECT_EQ(clock.grace(), Ms(5));      // a timeout is charged nothing
}

TEST(SeatClockTest, BankPaysForLongMovesAndIncrementRefills) {
  SeatClock clock(
      {.move_ms = 100, .bank_ms = 300, .increment_ms = 50, .grace_ms = 0});
  EXPECT_EQ(clock.Allowed(), Ms(400));
  EXPECT_TRUE(clock.Charge(Ms(250)));  // 150 from the bank, +50
  EXPECT_EQ(clock.bank(), Ms(200));
  EXPECT_TRUE(clock.Charge(Ms(10)));  // within the move limit, +50
  EXPECT_EQ(clock.bank(), Ms(250));
  EXPECT_FALSE(clock.Charge(Ms(351)));
}

TEST(SeatClockTest, TheBankPaysFirstThenTheGrace) {
  SeatClock clock(
      {.move_ms = 100, .bank_ms = 30, .increment_ms = 5, .grace_ms = 10});
  EXPECT_EQ(clock.HardLimit(), Ms(140));
  EXPECT_TRUE(clock.Charge(Ms(136)));  // 30 from the bank, 6 from the grace
  EXPECT_EQ(clock.bank(), Ms(5));      // the increment only
  EXPECT_EQ(clock.grace(), Ms(4));
  EXPECT_EQ(clock.Allowed(), Ms(105));
  EXPECT_EQ(clock.HardLimit(), Ms(109));
}

// A bot that answers the grace less 3 ms after every deadline, either the
// move limit or what it is told, never gets more than the time control and
// the grace: it times out once both are spent.
TEST(SeatClockTest, AnsweringLateAtEveryMoveTimesOutSoon) {
  constexpr int kMove = 50, kGrace = 10, kEarly = 3;
  for (const TimeControl tc :
       {TimeControl{.move_ms = kMove, .grace_ms = kGrace},
        TimeControl{.move_ms = kMove,
        .bank_ms = 200,
        .increment_ms = 2,
        .grace_ms = kGrace}}) {
    for (const bool told : {false, true}) {
      SeatClock clock(tc);
      int moves = 0;
      Ms spent(0);
      while (moves < 1000) {
        const auto used =
            (told ? clock.Allowed() : Ms(kMove)) + Ms(kGrace) - Ms(kEarly);
        if (!clock.Charge(std::chrono::duration_cast<Ms>(used))) break;
        spent += std::chrono::duration_cast<Ms>(used) - Ms(kMove);
        ++moves;
      }
      // Everything beyond the move limits came from the bank, its
      // increments and one grace.
      EXPECT_LE(spent.count(),
                tc.bank_ms + moves * tc.increment_ms + tc.grace_ms)
          << "told " << told << ", bank " << tc.bank_ms;
      const int bound =
          int(tc.bank_ms / (kGrace - kEarly - tc.increment_ms)) + 2;
      EXPECT_LE(moves, bound) << "told " << told << ", bank " << tc.bank_ms;
      EXPECT_GE(moves, 1);
    }
  }
}

}  // namespace
}  // namespace arbiter
