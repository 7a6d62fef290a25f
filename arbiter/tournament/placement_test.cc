#include "arbiter/tournament/placement.h"

#include <gtest/gtest.h>

#include <thread>

#include "arbiter/process/affinity.h"

namespace arbiter::tournament {
namespace {

TEST(PlacementTest, ConcurrencyTakesTheOptionThenTheConfigThenTheCpus) {
  EXPECT_EQ(Concurrency(3, 5), 3);
  EXPECT_EQ(Concurrency(0, 5), 5);
  EXPECT_EQ(Concurrency(0, 0), int(AllowedCpus().size()));
}

TEST(PlacementTest, OneCpuPerSlotWhileThereAreEnough) {
  const std::vector<int> allowed = AllowedCpus();
  ASSERT_FALSE(allowed.empty());
  EXPECT_EQ(GameCpus(true, 1), std::vector<int>{allowed[0]});
  EXPECT_EQ(GameCpus(true, int(allowed.size())), allowed);
  // More slots than CPUs, affinity off, or no slot: nothing pinned.
  EXPECT_TRUE(GameCpus(true, int(allowed.size()) + 1).empty());
  EXPECT_TRUE(GameCpus(false, 1).empty());
  EXPECT_TRUE(GameCpus(true, 0).empty());
}

TEST(PlacementTest, PlacementTextSaysWhereGamesRun) {
  const std::vector<int> allowed = AllowedCpus();
  ASSERT_FALSE(allowed.empty());
  EXPECT_EQ(PlacementText(true, 1),
            "1 game at a time, each game and its bots on a CPU of its own "
            "(CPU " +
                std::to_string(allowed[0]) + ")");
  EXPECT_EQ(PlacementText(false, 3),
            "3 games at once, placed by the kernel (affinity off)");
  EXPECT_EQ(PlacementText(true, int(allowed.size()) + 1),
            std::to_string(allowed.size() + 1) +
                " games at once, placed by the kernel (more games than the " +
                std::to_string(allowed.size()) +
                (allowed.size() == 1 ? " CPU" : " CPUs") +
                " this run may use)");
}

TEST(PlacementTest, APinnedThreadReportsItsCpu) {
  const int last = AllowedCpus().back();
  int seen = -2;
  std::thread([&] {
    ASSERT_TRUE(PinThisThread(last));
    seen = PinnedCpu();
  }).join();
  EXPECT_EQ(seen, last);
  EXPECT_FALSE(PinThisThread(-1));
  // The caller's own placement is untouched.
  if (AllowedCpus().size() > 1) EXPECT_EQ(PinnedCpu(), -1);
}

}  // namespace
}  // namespace arbiter::tournament
