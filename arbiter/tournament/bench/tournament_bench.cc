// Benchmarks of tournament scheduling. Prints one line per figure:
//   tournament.swiss_pair_1000_s <seconds> s
// the median time to pair one Swiss round of 1,000 bots (round 8, after seven
// rounds of random results), over several runs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "arbiter/tournament/swiss.h"
#include "arbiter/tournament/tables.h"

namespace {

using arbiter::tournament::PairSwissRound;
using arbiter::tournament::Round;
using arbiter::tournament::SplitMix64;
using arbiter::tournament::SwissHistory;

SwissHistory PlayedHistory(int bots, int rounds, uint64_t seed) {
  SwissHistory h(bots);
  SplitMix64 rng(seed);
  for (int r = 1; r <= rounds; ++r) {
    const Round round = PairSwissRound(h, 2, r, seed);
    for (const auto& t : round.tables) {
      h.AddTable(t);
      h.AddGame(t);
      const uint64_t outcome = rng.Below(5);  // one draw in five
      h.AddScore(t[0], outcome == 0 ? 0.5 : outcome % 2);
      h.AddScore(t[1], outcome == 0 ? 0.5 : 1 - outcome % 2);
    }
    for (int b : round.byes) {
      h.AddBye(b);
      h.AddScore(b, 1);
    }
  }
  return h;
}

}  // namespace

int main() {
  constexpr int kBots = 1000;
  constexpr int kRuns = 7;
  std::vector<double> seconds;
  size_t tables = 0;
  for (int run = 0; run < kRuns; ++run) {
    const SwissHistory h = PlayedHistory(kBots, 7, 100 + run);
    const auto start = std::chrono::steady_clock::now();
    const Round round = PairSwissRound(h, 2, 8, 100 + run);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
    tables += round.tables.size();
  }
  std::sort(seconds.begin(), seconds.end());
  std::printf("tournament.swiss_pair_1000_s %.6f s\n", seconds[kRuns / 2]);
  return tables == size_t(kRuns) * kBots / 2 ? 0 : 1;
}
