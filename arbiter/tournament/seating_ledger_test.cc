#include "arbiter/tournament/seating_ledger.h"

#include <gtest/gtest.h>

namespace arbiter::tournament {
namespace {

TEST(SeatingLedgerTest, AHolderNeverPlaysTwoSeatingsOfOneDeal) {
  SeatingLedger ledger;
  int a, b, c;  // three processes' runners
  const SeatingLedger::Holder ab[] = {&a, &b};
  EXPECT_TRUE(ledger.MayPlay(&a, "t-r1-t1-d1"));
  ledger.Play("t-r1-t1-d1", /*seatings=*/3, ab);
  EXPECT_FALSE(ledger.MayPlay(&a, "t-r1-t1-d1"));
  EXPECT_FALSE(ledger.MayPlay(&b, "t-r1-t1-d1"));
  EXPECT_TRUE(ledger.MayPlay(&c, "t-r1-t1-d1"));
  // Other deals, and games of no duplicate deal, are anyone's.
  EXPECT_TRUE(ledger.MayPlay(&a, "t-r1-t1-d2"));
  EXPECT_TRUE(ledger.MayPlay(&a, ""));
  const SeatingLedger::Holder just_c[] = {&c};
  ledger.Play("t-r1-t1-d1", 3, just_c);
  EXPECT_FALSE(ledger.MayPlay(&c, "t-r1-t1-d1"));
  EXPECT_FALSE(ledger.MayPlay(&a, "t-r1-t1-d1"));
  EXPECT_EQ(ledger.size(), 1u);
}

TEST(SeatingLedgerTest, ForgetsADealOnceItsLastSeatingIsHandedOut) {
  SeatingLedger ledger;
  int a, b;
  const SeatingLedger::Holder just_a[] = {&a}, just_b[] = {&b};
  ledger.Play("d1", 2, just_a);
  ledger.Play("d2", 2, just_a);
  EXPECT_EQ(ledger.size(), 2u);
  ledger.Play("d1", 2, just_b);
  EXPECT_EQ(ledger.size(), 1u);
  ledger.Play("d2", 2, just_b);
  EXPECT_EQ(ledger.size(), 0u);
  // Games of no duplicate deal are never remembered.
  ledger.Play("", 1, just_a);
  EXPECT_EQ(ledger.size(), 0u);
  // A deal whose seatings are not counted (fewer than 2) is never
  // forgotten.
  ledger.Play("d3", 1, just_a);
  ledger.Play("d3", 1, just_b);
  EXPECT_FALSE(ledger.MayPlay(&a, "d3"));
  EXPECT_FALSE(ledger.MayPlay(&b, "d3"));
}

// A slot's first game of a deal of k seatings needs, per bot, k - 1 more
// processes per seat it takes; the most over the slots, not the sum.
TEST(SeatingLedgerTest, OtherSeatingsNeedProcessesOfTheirOwn) {
  const ScheduledGame pair{
      .seat_bots = {0, 1}, .duplicate_group = "d1", .seatings = 2};
  const ScheduledGame teams{
      .seat_bots = {2, 1, 2, 1}, .duplicate_group = "d2", .seatings = 2};
  const ScheduledGame three{
      .seat_bots = {0, 1, 3}, .duplicate_group = "d3", .seatings = 3};
  const ScheduledGame single{.seat_bots = {0, 3}};  // no duplicate deal
  EXPECT_EQ(OtherSeatingSeats({&pair, nullptr}, 4),
            (std::vector<int>{1, 1, 0, 0}));
  EXPECT_EQ(OtherSeatingSeats({&pair, &teams}, 4),
            (std::vector<int>{1, 2, 2, 0}));
  EXPECT_EQ(OtherSeatingSeats({&pair, &three, &single}, 4),
            (std::vector<int>{2, 2, 0, 2}));
  EXPECT_EQ(OtherSeatingSeats({&single}, 4), (std::vector<int>(4, 0)));
}

}  // namespace
}  // namespace arbiter::tournament
