// Random playouts of every registered game through the game interface, as
// the arbiter and the fuzzer drive it (legal actions by index): decisions per
// second of CPU time, the median of 5 runs of half a second each, at 2 and 4
// seats where the game allows them. Prints `name value unit` lines for
// scripts/bench:
//   game.zetema.p2.decisions_per_s 4100000 decisions/s
// The engines' own benchmarks (engine.*) measure below the interface.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/registry.h"

namespace {

double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// Decisions per CPU second over at least `seconds`.
double Rate(const game::Game& g, int seats, double seconds) {
  arbiter::SplitMix64 rng(seats);
  int64_t decisions = 0;
  const double start = CpuSeconds();
  double elapsed = 0;
  for (uint64_t seed = 1; elapsed < seconds; ++seed) {
    auto state = *g.NewState({.num_seats = seats, .seed = seed});
    while (!state->IsTerminal()) {
      state->Apply(int(rng.Below(uint64_t(state->NumLegalActions()))));
      ++decisions;
    }
    elapsed = CpuSeconds() - start;
  }
  return double(decisions) / elapsed;
}

}  // namespace

int main() {
  for (const game::GameType* type : game::Games()) {
    auto g = type->Load(type->Presets().front());
    if (!g) return 1;
    for (int seats : {2, 4}) {
      if (seats < type->MinSeats() || seats > type->MaxSeats()) continue;
      std::vector<double> runs;
      for (int r = 0; r < 5; ++r) runs.push_back(Rate(**g, seats, 0.5));
      std::sort(runs.begin(), runs.end());
      std::printf("game.%.*s.p%d.decisions_per_s %.0f decisions/s\n",
                  int(type->Name().size()), type->Name().data(), seats,
                  runs[2]);
      std::fflush(stdout);
    }
  }
  return 0;
}
