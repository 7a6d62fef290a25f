#include "arbiter/records/external_sort.h"

#include <gtest/gtest.h>

#include "arbiter/common/splitmix.h"

namespace arbiter::records {
namespace {

struct Less {
  bool operator()(uint64_t a, uint64_t b) const { return a < b; }
};

std::vector<uint64_t> SortThrough(const std::vector<uint64_t>& input,
                                  size_t memory, size_t* runs) {
  ExternalSorter<uint64_t, Less> sorter(memory, "/tmp");
  for (uint64_t v : input) EXPECT_TRUE(sorter.Add(v));
  EXPECT_TRUE(sorter.Finish());
  *runs = sorter.spilled_runs();
  std::vector<uint64_t> out;
  uint64_t v = 0;
  for (;;) {
    auto more = sorter.Next(&v);
    EXPECT_TRUE(more);
    if (!more || !*more) break;
    out.push_back(v);
  }
  return out;
}

TEST(ExternalSorter, SortsInMemoryAndThroughSpilledRuns) {
  SplitMix64 rng(3);
  std::vector<uint64_t> input(10007);
  for (auto& v : input) v = rng.Below(5000);  // with repeats
  std::vector<uint64_t> expected = input;
  std::sort(expected.begin(), expected.end());
  size_t runs = 0;
  EXPECT_EQ(SortThrough(input, 1 << 20, &runs), expected);
  EXPECT_EQ(runs, 0u);
  EXPECT_EQ(SortThrough(input, 100, &runs), expected);
  EXPECT_EQ(runs, 101u);
  EXPECT_TRUE(SortThrough({}, 100, &runs).empty());
}

}  // namespace
}  // namespace arbiter::records
