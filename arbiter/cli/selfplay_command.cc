// `arbiter selfplay`: seeded games of random legal moves for every preset and
// table size, summarised per preset and size: how long games last, where the
// points come from, how often each declaration occurs, and how many games
// hit the max_hands safety limit (which should never happen).
#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/common/splitmix.h"
#include "arbiter/games/zetema/ruleset.h"
#include "arbiter/games/zetema/state.h"

namespace arbiter {
namespace {

using zetema::Action;
using zetema::ActionType;
using zetema::Event;
using zetema::EventType;
using zetema::MeldType;

// Points and counts by kind; "imperial" is the imperial bonus, read off a
// marriage declaration as its points beyond the ruleset's marriage points.
enum Kind {
  kSequence,
  kFlush,
  kFlushSequence,
  kAssembly,
  kMarriages,
  kImperial,
  kZetema,
  kNumKinds
};
constexpr const char* kKindNames[kNumKinds] = {
    "seq", "flush", "fseq", "assem", "marr", "imper", "zetema"};

struct Summary {
  int64_t games = 0;
  int64_t hands = 0;
  int64_t decisions = 0;
  int64_t max_hand_games = 0;
  int64_t points[kNumKinds] = {};
  int64_t count[kNumKinds] = {};
};

// The same games on every platform for a given --seed.
constexpr auto Mix = arbiter::SplitMix64Of;

void Tally(const zetema::Ruleset& rules, const Event& e, Summary* s) {
  if (e.type == EventType::kZetema) {
    s->points[kZetema] += e.points;
    ++s->count[kZetema];
    return;
  }
  if (e.type != EventType::kDeclare) return;
  const Action& a = e.action;
  if (a.type == ActionType::kMarry) {
    const int pairs = (a.cards.Size() + a.pile.Size()) / 2;
    const int base = rules.points.marriages[pairs - 1];
    s->points[kMarriages] += base;
    ++s->count[kMarriages];
    if (e.points > base) {
      s->points[kImperial] += e.points - base;
      ++s->count[kImperial];
    }
    return;
  }
  Kind kind = kAssembly;
  switch (a.meld) {
    case MeldType::kSequence:
      kind = kSequence;
      break;
    case MeldType::kFlush:
      kind = kFlush;
      break;
    case MeldType::kFlushSequence:
      kind = kFlushSequence;
      break;
    default:
      break;
  }
  s->points[kind] += e.points;
  ++s->count[kind];
}

void PlayGame(const zetema::GameConfig& config, Summary* s) {
  zetema::State state = *zetema::State::New(config);
  uint64_t rng = config.seed;
  std::vector<Action> legal;
  while (!state.IsTerminal()) {
    state.LegalActions(&legal);
    rng = Mix(rng);
    state.ApplyLegal(legal[rng % legal.size()]);
    ++s->decisions;
  }
  ++s->games;
  s->hands += state.HandNumber();
  if (state.Winner() < 0) ++s->max_hand_games;
  for (const Event& e : state.Events()) Tally(state.rules(), e, s);
}

void PrintRow(const std::string& preset, int players, const Summary& s,
              bool counts) {
  const double g = double(s.games);
  std::printf("%-10s %7d %6lld %6.2f %8.1f", preset.c_str(), players,
              static_cast<long long>(s.games), s.hands / g, s.decisions / g);
  for (int k = 0; k < kNumKinds; ++k) {
    std::printf(counts ? " %7.2f" : " %7.1f",
                double(counts ? s.count[k] : s.points[k]) / g);
  }
  std::printf(" %9lld\n", static_cast<long long>(s.max_hand_games));
}

void PrintTable(const char* title, const std::vector<std::string>& presets,
                const std::vector<int>& sizes,
                const std::vector<Summary>& summaries, bool counts) {
  std::printf("\n%s\n%-10s %7s %6s %6s %8s", title, "preset", "players",
              "games", "hands", "decide");
  for (const char* name : kKindNames) std::printf(" %7s", name);
  std::printf(" %9s\n", "max_hands");
  size_t i = 0;
  for (const std::string& preset : presets) {
    for (int players : sizes) PrintRow(preset, players, summaries[i++], counts);
  }
}

struct Options {
  int games = 1000;
  uint64_t seed = 1;
  std::string preset;
  int players = 0;
};

void Run(const Options& opt) {
  std::vector<std::string> presets;
  if (opt.preset.empty()) {
    for (auto name : zetema::kPresetNames) presets.emplace_back(name);
  } else {
    presets.push_back(opt.preset);
  }
  std::vector<int> sizes;
  for (int n = zetema::kMinPlayers; n <= zetema::kMaxPlayers; ++n) {
    if (opt.players == 0 || opt.players == n) sizes.push_back(n);
  }
  std::vector<Summary> summaries;
  for (size_t p = 0; p < presets.size(); ++p) {
    auto rules = zetema::Preset(presets[p]);
    if (!rules) {
      std::fprintf(stderr, "selfplay: --preset %s: %s\n", presets[p].c_str(),
                   rules.error().c_str());
      throw CLI::RuntimeError(2);
    }
    auto shared = std::make_shared<const zetema::Ruleset>(*rules);
    for (int players : sizes) {
      Summary s;
      for (int game = 0; game < opt.games; ++game) {
        zetema::GameConfig config;
        config.rules = shared;
        config.num_players = players;
        config.seed = Mix(opt.seed ^ Mix(p * 64 + players) ^ Mix(game + 1));
        PlayGame(config, &s);
      }
      summaries.push_back(s);
    }
  }
  std::printf("Random legal moves, %d games per preset and size, seed %llu.\n",
              opt.games, static_cast<unsigned long long>(opt.seed));
  PrintTable("Average points per game by kind (imper = imperial bonus):",
             presets, sizes, summaries, /*counts=*/false);
  PrintTable("Declarations and zetemas per game:", presets, sizes, summaries,
             /*counts=*/true);
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "selfplay", "Play seeded games of random legal moves and summarise them");
  cmd->add_option("--games", opt->games, "Games per preset and table size")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--seed", opt->seed, "Seed of the whole batch");
  cmd->add_option("--preset", opt->preset,
                  "Only this preset: parlett, sackson, hunt or casual");
  cmd->add_option("--players", opt->players, "Only this table size")
      ->check(CLI::Range(zetema::kMinPlayers, zetema::kMaxPlayers));
  cmd->callback([opt] { Run(*opt); });
});

}  // namespace
}  // namespace arbiter
