#include "arbiter/tournament/swiss.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "arbiter/tournament/matching.h"
#include "arbiter/tournament/tables.h"

namespace arbiter::tournament {
namespace {

// Checks that every bot is at exactly one table or has a bye.
void ExpectEveryBotOnce(const Round& round, int n, int units) {
  std::vector<int> seen(n, 0);
  for (const Table& t : round.tables) {
    EXPECT_EQ(int(t.size()), units);
    for (int b : t) ++seen[b];
  }
  for (int b : round.byes) ++seen[b];
  for (int b = 0; b < n; ++b) EXPECT_EQ(seen[b], 1) << "bot " << b;
  EXPECT_EQ(int(round.byes.size()), n % units);
}

int Rematches(const SwissHistory& h, const Round& round) {
  int count = 0;
  for (const Table& t : round.tables) {
    for (size_t i = 0; i < t.size(); ++i) {
      for (size_t j = i + 1; j < t.size(); ++j)
        count += h.Meetings(t[i], t[j]) > 0;
    }
  }
  return count;
}

// The fewest rematches any pairing with one bye (odd n) can have, by brute
// force: the most pairs of bots that have not met.
int MinRematches(const SwissHistory& h, int n) {
  std::vector<bool> used(n, false);
  std::function<int(int)> best_fresh = [&](int byes_left) -> int {
    int first = 0;
    while (first < n && used[first]) ++first;
    if (first == n) return 0;
    int best = -1000;
    used[first] = true;
    if (byes_left > 0) best = std::max(best, best_fresh(byes_left - 1));
    for (int j = first + 1; j < n; ++j) {
      if (used[j]) continue;
      used[j] = true;
      best =
          std::max(best, (h.Meetings(first, j) == 0) + best_fresh(byes_left));
      used[j] = false;
    }
    used[first] = false;
    return best;
  };
  return n / 2 - best_fresh(n % 2);
}

// Plays a round with random results: one game per table, in table order.
void PlayRandomly(SwissHistory& h, const Round& round, SplitMix64& rng) {
  for (const Table& t : round.tables) {
    h.AddTable(t);
    h.AddGame(t);
    const int winner = int(rng.Below(t.size() + 1));  // t.size(): a draw
    for (size_t i = 0; i < t.size(); ++i) {
      h.AddScore(
          t[i], winner == int(t.size()) ? 0.5 : (int(i) == winner ? 1.0 : 0.0));
    }
  }
  for (int b : round.byes) {
    h.AddBye(b);
    h.AddScore(b, 1.0);
  }
}

TEST(SwissTest, TwoSeatPropertiesOverRandomTournaments) {
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    SplitMix64 rng(seed);
    const int n = 2 + int(rng.Below(11));  // 2..12: brute force stays cheap
    const int rounds =
        1 + int(rng.Below(n + 2));  // past the point of rematches
    SwissHistory h(n);
    for (int r = 1; r <= rounds; ++r) {
      const Round round = PairSwissRound(h, 2, r, seed);
      SCOPED_TRACE(testing::Message()
                   << "seed " << seed << " n " << n << " round " << r);
      ExpectEveryBotOnce(round, n, 2);
      EXPECT_EQ(Rematches(h, round), MinRematches(h, n));
      // No second bye while fresh pairings abound.
      if (!round.byes.empty() && 2 * r <= n)
        EXPECT_EQ(h.Byes(round.byes[0]), 0);
      for (const Table& t : round.tables) {
        // Who moved first less often moves first.
        EXPECT_LE(2 * h.FirstMoves(t[0]) - h.Games(t[0]),
                  2 * h.FirstMoves(t[1]) - h.Games(t[1]));
      }
      EXPECT_EQ(round.tables, PairSwissRound(h, 2, r, seed).tables);
      PlayRandomly(h, round, rng);
    }
  }
}

TEST(SwissTest, FirstMoveBalanceStaysWithinTwo) {
  // Like colours in chess: never three more first moves than second moves
  // (or the reverse) while a pairing without rematches allows it.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    SplitMix64 rng(seed);
    const int n = 20 + int(seed % 2);
    SwissHistory h(n);
    int off_by_one = 0;
    for (int r = 1; r <= 9; ++r) {
      const Round round = PairSwissRound(h, 2, r, seed);
      EXPECT_EQ(Rematches(h, round), 0);
      PlayRandomly(h, round, rng);
      for (int b = 0; b < n; ++b) {
        const int balance = 2 * h.FirstMoves(b) - h.Games(b);
        EXPECT_LE(std::abs(balance), 2) << "seed " << seed << " round " << r;
        off_by_one += std::abs(balance) <= 1;
      }
    }
    // Most bots stay within one.
    EXPECT_GE(off_by_one, 9 * n * 3 / 4) << "seed " << seed;
  }
}

TEST(SwissTest, LargeFieldsNeverRematchEarly) {
  // Dirac: fewer than n/2 rounds always leave a rematch-free pairing.
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const int n = 100 + 2 * int(seed);
    SplitMix64 rng(seed);
    SwissHistory h(n);
    for (int r = 1; r <= 12; ++r) {
      const Round round = PairSwissRound(h, 2, r, seed);
      ExpectEveryBotOnce(round, n, 2);
      EXPECT_EQ(Rematches(h, round), 0);
      PlayRandomly(h, round, rng);
    }
  }
}

TEST(SwissTest, PairsWithinScoreGroups) {
  const int n = 16;
  SwissHistory h(n);
  Round first = PairSwissRound(h, 2, 1, 5);
  SplitMix64 rng(5);
  for (const Table& t : first.tables) {
    h.AddTable(t);
    h.AddGame(t);
    h.AddScore(t[rng.Below(2)], 1.0);
  }
  const Round second = PairSwissRound(h, 2, 2, 5);
  for (const Table& t : second.tables) EXPECT_EQ(h.Score(t[0]), h.Score(t[1]));
}

TEST(SwissTest, SeedDecidesTheFirstRound) {
  SwissHistory h(10);
  EXPECT_EQ(PairSwissRound(h, 2, 1, 1).tables,
            PairSwissRound(h, 2, 1, 1).tables);
  EXPECT_NE(PairSwissRound(h, 2, 1, 1).tables,
            PairSwissRound(h, 2, 1, 2).tables);
}

TEST(SwissTest, ManySeatPropertiesOverRandomTournaments) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    SplitMix64 rng(seed);
    const int units = 3 + int(rng.Below(4));
    const int n = units + int(rng.Below(40));
    SwissHistory h(n);
    std::vector<int> byes(n, 0);
    for (int r = 1; r <= 6; ++r) {
      const Round round = PairSwissRound(h, units, r, seed);
      SCOPED_TRACE(testing::Message() << "seed " << seed << " n " << n
                                      << " units " << units << " round " << r);
      ExpectEveryBotOnce(round, n, units);
      // Byes go round: nobody gets a second before everyone had one.
      for (int b : round.byes) ++byes[b];
      const auto [lo, hi] = std::minmax_element(byes.begin(), byes.end());
      EXPECT_LE(*hi - *lo, 1);
      EXPECT_EQ(round.tables, PairSwissRound(h, units, r, seed).tables);
      PlayRandomly(h, round, rng);
    }
  }
}

TEST(SwissTest, ManySeatTablesAvoidRepeatsInLargeFields) {
  SwissHistory h(90);
  SplitMix64 rng(9);
  for (int r = 1; r <= 5; ++r) {
    const Round round = PairSwissRound(h, 3, r, 9);
    EXPECT_EQ(Rematches(h, round), 0) << "round " << r;
    PlayRandomly(h, round, rng);
  }
}

TEST(MatchingTest, FindsAPerfectMatchingThroughABlossom) {
  // A 5-cycle 0-1-2-3-4 with a pendant 5 on vertex 0; greedy 1-2, 3-4 leaves
  // 0 and 5 free, and the augmenting path 5-0 is direct; start instead from
  // 0-1, 2-3, which leaves 4 and 5: the path 5-0-1-2-3-4 needs the blossom.
  const std::set<std::pair<int, int>> edges = {{0, 1}, {1, 2}, {2, 3},
                                               {3, 4}, {0, 4}, {0, 5}};
  auto allowed = [&](int a, int b) {
    return edges.contains({std::min(a, b), std::max(a, b)});
  };
  std::vector<int> mate = {1, 0, 3, 2, -1, -1};
  MaximumMatching(6, allowed, mate);
  for (int v = 0; v < 6; ++v) {
    ASSERT_NE(mate[v], -1) << v;
    EXPECT_EQ(mate[mate[v]], v);
    EXPECT_TRUE(allowed(v, mate[v]));
  }
}

}  // namespace
}  // namespace arbiter::tournament
