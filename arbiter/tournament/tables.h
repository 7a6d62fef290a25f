// Which bots sit together: every combination, or a balanced design when
// there are too many combinations.
#ifndef ARBITER_TOURNAMENT_TABLES_H_
#define ARBITER_TOURNAMENT_TABLES_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

// C(n, k), saturating at INT64_MAX.
int64_t Binomial(int n, int k);

// Every k-subset of {0..n-1}, in lexicographic order.
std::vector<Table> AllCombinations(int n, int k);

// `rounds` rounds of tables of k out of n bots. Each round is made of whole
// partitions of the bots into tables (as many as fit in `max_tables`, at
// least one), so that appearances stay within one of each other; the n % k
// bots left out of a partition are those that played most so far. Each
// table is filled greedily with the bots that have met its members least,
// ties broken by a shuffle seeded from `seed`.
std::vector<std::vector<Table>> BalancedRounds(int n, int k, int rounds,
                                               int max_tables, uint64_t seed);

// The one seeded generator of this library, stable everywhere.
using arbiter::SplitMix64;

// How often each pair of bots sat at one table (partners included).
class Meetings {
 public:
  int Count(int a, int b) const {
    const auto it = counts_.find(Key(a, b));
    return it == counts_.end() ? 0 : it->second;
  }
  void Add(const Table& table) {
    for (size_t i = 0; i < table.size(); ++i) {
      for (size_t j = i + 1; j < table.size(); ++j) {
        if (table[i] != table[j]) ++counts_[Key(table[i], table[j])];
      }
    }
  }

 private:
  static uint64_t Key(int a, int b) {
    if (a > b) std::swap(a, b);
    return (uint64_t(uint32_t(a)) << 32) | uint32_t(b);
  }
  std::unordered_map<uint64_t, int> counts_;
};

// A seeded Fisher-Yates shuffle.
void Shuffle(std::vector<int>& items, uint64_t seed);

// Takes a table of `size` bots from `pool`: its first bot, then each time the
// candidate among the next `window` with the lowest cost(table, bot), the
// first of cost 0 at once. Fast for thousands of bots; used by balanced
// round-robin designs and by Swiss.
Table TakeGreedyTable(std::vector<int>& pool, int size, size_t window,
                      const std::function<int(const Table&, int)>& cost);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_TABLES_H_
