// Benchmarks of tournament scheduling. Prints one line per figure:
//   tournament.swiss_pair_1000_s <seconds> s
// the median time to pair one Swiss round of 1,000 bots (round 8, after seven
// rounds of random results), over several runs;
//   tournament.swiss_table_1000_s <seconds> s
// the median time to make the final Swiss table (swiss_table.h,
// swiss_table_text.h: JSON and text) of 1,000 bots after ten rounds of one game
// a table.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "arbiter/tournament/swiss.h"
#include "arbiter/tournament/swiss_table.h"
#include "arbiter/tournament/swiss_table_text.h"
#include "arbiter/tournament/tables.h"

namespace {

using arbiter::records::RecordSummary;
using arbiter::tournament::PairSwissRound;
using arbiter::tournament::Round;
using arbiter::tournament::SplitMix64;
using arbiter::tournament::SwissHistory;
using arbiter::tournament::SwissTable;

// The median of `runs` timings of `f`.
template <typename F>
double Median(int runs, F f) {
  std::vector<double> seconds;
  for (int run = 0; run < runs; ++run) {
    const auto start = std::chrono::steady_clock::now();
    f(run);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(seconds.begin(), seconds.end());
  return seconds[runs / 2];
}

SwissHistory PlayedHistory(int bots, int rounds, uint64_t seed,
                           SwissTable* table = nullptr) {
  SwissHistory h(bots);
  SplitMix64 rng(seed);
  for (int r = 1; r <= rounds; ++r) {
    const Round round = PairSwissRound(h, 2, r, seed);
    if (table != nullptr) table->AddRound(round);
    for (size_t i = 0; i < round.tables.size(); ++i) {
      const auto& t = round.tables[i];
      h.AddTable(t);
      h.AddGame(t);
      const uint64_t outcome = rng.Below(5);  // one draw in five
      h.AddScore(t[0], outcome == 0 ? 0.5 : outcome % 2);
      h.AddScore(t[1], outcome == 0 ? 0.5 : 1 - outcome % 2);
      if (table == nullptr) continue;
      RecordSummary game;
      game.bots = {std::to_string(t[0]), std::to_string(t[1])};
      game.teams = {0, 1};
      const bool first_wins = outcome % 2 == 1, draw = outcome == 0;
      game.places = {first_wins || draw ? 1 : 2, first_wins ? 2 : 1};
      (void)table->AddGame(int(i) + 1, &game);
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
  size_t tables = 0;
  std::vector<SwissHistory> played;
  for (int run = 0; run < kRuns; ++run) {
    played.push_back(PlayedHistory(kBots, 7, 100 + run));
  }
  const double pair = Median(kRuns, [&](int run) {
    tables += PairSwissRound(played[run], 2, 8, 100 + run).tables.size();
  });
  std::printf("tournament.swiss_pair_1000_s %.6f s\n", pair);
  std::vector<std::string> names;
  for (int b = 0; b < kBots; ++b) names.push_back(std::to_string(b));
  SwissTable table(names);
  (void)PlayedHistory(kBots, 10, 7, &table);
  size_t text = 0;
  const double final_table = Median(kRuns, [&](int) {
    text += arbiter::tournament::SwissText(table.Json()).size();
  });
  std::printf("tournament.swiss_table_1000_s %.6f s\n", final_table);
  return tables == size_t(kRuns) * kBots / 2 && text > 0 ? 0 : 1;
}
