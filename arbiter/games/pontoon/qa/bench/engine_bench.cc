// Random playouts of the Pontoon engine itself (no interface, no events):
// decisions per second of CPU time at 4 seats, the median of 5 runs of half
// a second each. Prints a `name value unit` line for scripts/bench:
//   engine.pontoon.p4.decisions_per_s 9000000 decisions/s
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/pontoon/state.h"

namespace {

double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double Rate(int seats, double seconds) {
  auto rules = std::make_shared<const pontoon::Ruleset>();
  arbiter::SplitMix64 rng{static_cast<uint64_t>(seats)};
  std::vector<pontoon::Action> legal;
  int64_t decisions = 0;
  const double start = CpuSeconds();
  double elapsed = 0;
  for (uint64_t seed = 1; elapsed < seconds; ++seed) {
    auto state = *pontoon::State::New({.rules = rules,
                                       .num_seats = seats,
                                       .seed = seed,
                                       .record_events = false});
    while (!state.IsOver()) {
      state.LegalActions(&legal);
      state.Apply(legal[rng.Below(legal.size())]);
      ++decisions;
    }
    elapsed = CpuSeconds() - start;
  }
  return double(decisions) / elapsed;
}

}  // namespace

int main() {
  for (int seats : {4}) {
    std::vector<double> runs;
    for (int i = 0; i < 5; ++i) runs.push_back(Rate(seats, 0.5));
    std::sort(runs.begin(), runs.end());
    std::printf("engine.pontoon.p%d.decisions_per_s %.0f decisions/s\n", seats,
                runs[2]);
  }
  return 0;
}
