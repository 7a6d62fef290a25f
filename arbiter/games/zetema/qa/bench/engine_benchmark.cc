// Engine speed on one core (Google Benchmark). scripts/bench runs it and
// prints one `name value unit` line per figure:
//   engine.<preset>.p<N>.decisions_per_s   random playouts: ApplyLegal calls
//                                           per second, dealing included
//   engine.<preset>.p<N>.us_per_game       the same, per whole game
//   engine.parlett.p2_no_events.*          the same without an event stream
//   engine.legal_actions.ns_per_call        LegalActions() over states taken
//                                           from parlett playouts (2-6 seats)
// Benchmark names are those figure names, so the script only maps fields.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/games/zetema/ruleset.h"
#include "arbiter/games/zetema/state.h"

namespace zetema {
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

GameConfig Config(std::string_view preset, int players, uint64_t seed) {
  GameConfig config;
  config.rules = std::make_shared<const Ruleset>(*Preset(preset));
  config.num_players = players;
  config.seed = seed;
  return config;
}

void BM_Playout(benchmark::State& bench, std::string_view preset, int players,
                bool record_events) {
  GameConfig config = Config(preset, players, 1);
  config.record_events = record_events;
  FastRng rng{0x9E3779B97F4A7C15ULL};
  std::vector<Action> legal;
  legal.reserve(256);
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

// States a seat must act in, from seeded parlett playouts at every size.
std::vector<State> SampleStates() {
  std::vector<State> states;
  FastRng rng{12345};
  std::vector<Action> legal;
  for (int game = 0; game < 40; ++game) {
    State state = *State::New(Config("parlett", 2 + game % 5, 1000 + game));
    for (int step = 0; !state.IsTerminal(); ++step) {
      if (step % 7 == 0) states.push_back(state);
      state.LegalActions(&legal);
      state.ApplyLegal(legal[rng.Below(uint32_t(legal.size()))]);
    }
  }
  return states;
}

void BM_LegalActions(benchmark::State& bench) {
  const std::vector<State> states = SampleStates();
  std::vector<Action> legal;
  legal.reserve(256);
  size_t i = 0;
  int64_t actions = 0;
  for (auto _ : bench) {
    states[i].LegalActions(&legal);
    actions += int64_t(legal.size());
    benchmark::DoNotOptimize(legal.data());
    if (++i == states.size()) i = 0;
  }
  bench.counters["actions_per_call"] =
      benchmark::Counter(double(actions), benchmark::Counter::kAvgIterations);
}

const bool kRegistered = [] {
  struct Case {
    const char* preset;
    int players;
  };
  for (Case c : {Case{"parlett", 2}, Case{"parlett", 4}, Case{"sackson", 2},
                 Case{"hunt", 2}, Case{"casual", 2}}) {
    const std::string name =
        std::string("engine.") + c.preset + ".p" + std::to_string(c.players);
    benchmark::RegisterBenchmark(name.c_str(), BM_Playout, c.preset, c.players,
                                 /*record_events=*/true)
        ->Unit(benchmark::kMicrosecond);
  }
  // Searches and bots in-process need no event stream.
  benchmark::RegisterBenchmark("engine.parlett.p2_no_events", BM_Playout,
                               "parlett", 2, /*record_events=*/false)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("engine.legal_actions", BM_LegalActions)
      ->Unit(benchmark::kNanosecond);
  return true;
}();

}  // namespace
}  // namespace zetema

BENCHMARK_MAIN();
