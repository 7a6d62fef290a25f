#include "arbiter/match/clock.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

using Ms = std::chrono::milliseconds;

TEST(SeatClockTest, PerMoveLimitOnly) {
  SeatClock clock({.move_ms = 100, .grace_ms = 10});
  EXPECT_EQ(clock.Allowed(), Ms(100));
  EXPECT_EQ(clock.HardLimit(), Ms(110));
  EXPECT_TRUE(clock.Charge(Ms(105)));   // within grace
  EXPECT_EQ(clock.Allowed(), Ms(100));  // grace is never banked or owed
  EXPECT_FALSE(clock.Charge(Ms(111)));
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

}  // namespace
}  // namespace arbiter
