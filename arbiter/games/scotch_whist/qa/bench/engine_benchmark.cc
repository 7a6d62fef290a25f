// Engine speed on one core (Google Benchmark). scripts/bench runs it and
// prints one `name value unit` line per figure:
//   engine.scotch_whist.p<N>.decisions_per_s   random playouts: cards played
//                                               per second, dealing and
//                                               scoring included
//   engine.scotch_whist.p<N>.us_per_game       the same, per whole game
//   engine.scotch_whist.p4_no_events.*         without an event stream
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/games/scotch_whist/state.h"

namespace scotch_whist {
namespace {

// xorshift64*: a pick costs a few cycles, next to the engine's work.
struct FastRng {
  uint64_t s;
  uint32_t Below(uint32_t n) {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return uint32_t(((s * 0x2545F4914F6CDD1DULL) >> 32) * n >> 32);
  }
};

void BM_Playout(benchmark::State& bench, int players, bool partnerships,
                bool record_events) {
  Ruleset rules;
  rules.partnerships = partnerships;
  GameConfig config{.rules = std::make_shared<const Ruleset>(rules),
                    .num_players = players,
                    .seed = 1,
                    .record_events = record_events};
  FastRng rng{0x9E3779B97F4A7C15ULL};
  std::vector<Card> legal;
  legal.reserve(kNumCards);
  int64_t decisions = 0;
  for (auto _ : bench) {
    ++config.seed;
    State state = *State::New(config);
    while (!state.IsTerminal()) {
      state.LegalActions(&legal);
      state.ApplyLegal(legal[rng.Below(uint32_t(legal.size()))]);
      ++decisions;
    }
    benchmark::DoNotOptimize(state.Score(0));
  }
  bench.counters["decisions_per_s"] =
      benchmark::Counter(double(decisions), benchmark::Counter::kIsRate);
  bench.counters["decisions_per_game"] =
      benchmark::Counter(double(decisions), benchmark::Counter::kAvgIterations);
}

const bool kRegistered = [] {
  for (int players : {2, 4, 7}) {
    const std::string name = "engine.scotch_whist.p" + std::to_string(players);
    benchmark::RegisterBenchmark(name.c_str(), BM_Playout, players,
                                 /*partnerships=*/false,
                                 /*record_events=*/true)
        ->Unit(benchmark::kMicrosecond);
  }
  benchmark::RegisterBenchmark("engine.scotch_whist.p4_partnerships",
                               BM_Playout, 4, true, true)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("engine.scotch_whist.p4_no_events", BM_Playout,
                               4, false, false)
      ->Unit(benchmark::kMicrosecond);
  return true;
}();

}  // namespace
}  // namespace scotch_whist

BENCHMARK_MAIN();
