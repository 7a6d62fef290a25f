#include "arbiter/common/plural.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

TEST(CountTest, OneIsSingularEveryOtherCountPlural) {
  EXPECT_EQ(Count(1, "round"), "1 round");
  EXPECT_EQ(Count(0, "round"), "0 rounds");
  EXPECT_EQ(Count(2, "bye"), "2 byes");
  EXPECT_EQ(Count(1, "copy", "copies"), "1 copy");
  EXPECT_EQ(Count(3, "copy", "copies"), "3 copies");
  EXPECT_EQ(Count(1'000'000, "game"), "1000000 games");
}

}  // namespace
}  // namespace arbiter
