#include "arbiter/tournament/tables.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <numeric>

namespace arbiter::tournament {
namespace {

// One partition of the bots into tables of k (the n % k bots that played
// most sit out).
std::vector<Table> Partition(int n, int k, SplitMix64& rng,
                             std::vector<int>& appearances,
                             Meetings& meetings) {
  std::vector<int> pool(n);
  std::iota(pool.begin(), pool.end(), 0);
  Shuffle(pool, rng.Next());
  // Fewest appearances first; the tail sits out.
  std::stable_sort(pool.begin(), pool.end(), [&](int a, int b) {
    return appearances[a] < appearances[b];
  });
  pool.resize(n - n % k);
  Shuffle(pool, rng.Next());
  // Candidates looked at per seat: enough to dodge repeats, bounded so that
  // thousands of bots stay fast.
  constexpr size_t kWindow = 64;
  std::vector<Table> tables;
  while (!pool.empty()) {
    Table table =
        TakeGreedyTable(pool, k, kWindow, [&](const Table& t, int bot) {
          int cost = 0;
          for (int member : t) cost += meetings.Count(member, bot);
          return cost;
        });
    std::sort(table.begin(), table.end());
    for (int bot : table) ++appearances[bot];
    meetings.Add(table);
    tables.push_back(std::move(table));
  }
  return tables;
}

}  // namespace

void Shuffle(std::vector<int>& items, uint64_t seed) {
  SplitMix64 rng(seed);
  for (size_t i = items.size(); i > 1; --i) {
    std::swap(items[i - 1], items[rng.Below(i)]);
  }
}

int64_t Binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  k = std::min(k, n - k);
  __int128 result = 1;
  for (int i = 1; i <= k; ++i) {
    result = result * (n - k + i) / i;  // exact: a product of i consecutive
    if (result > INT64_MAX) return INT64_MAX;
  }
  return int64_t(result);
}

std::vector<Table> AllCombinations(int n, int k) {
  std::vector<Table> out;
  if (k <= 0 || k > n) return out;
  Table current(k);
  std::iota(current.begin(), current.end(), 0);
  for (;;) {
    out.push_back(current);
    int i = k - 1;
    while (i >= 0 && current[i] == n - k + i) --i;
    if (i < 0) break;
    ++current[i];
    for (int j = i + 1; j < k; ++j) current[j] = current[j - 1] + 1;
  }
  return out;
}

std::vector<std::vector<Table>> BalancedRounds(int n, int k, int rounds,
                                               int max_tables, uint64_t seed) {
  SplitMix64 rng(seed);
  std::vector<int> appearances(n, 0);
  Meetings meetings;
  const int per_partition = std::max(1, n / k);
  const int partitions = std::max(1, max_tables / per_partition);
  std::vector<std::vector<Table>> out;
  for (int r = 0; r < rounds; ++r) {
    std::vector<Table> round;
    for (int p = 0; p < partitions; ++p) {
      for (Table& t : Partition(n, k, rng, appearances, meetings)) {
        round.push_back(std::move(t));
      }
    }
    out.push_back(std::move(round));
  }
  return out;
}

Table TakeGreedyTable(std::vector<int>& pool, int size, size_t window,
                      const std::function<int(const Table&, int)>& cost) {
  Table table = {pool.front()};
  pool.erase(pool.begin());
  while (int(table.size()) < size) {
    size_t best = 0;
    int best_cost = INT_MAX;
    for (size_t c = 0; c < pool.size() && c < window; ++c) {
      const int candidate = cost(table, pool[c]);
      if (candidate < best_cost) {
        best_cost = candidate;
        best = c;
        if (candidate == 0) break;
      }
    }
    table.push_back(pool[best]);
    pool.erase(pool.begin() + best);
  }
  return table;
}

}  // namespace arbiter::tournament
