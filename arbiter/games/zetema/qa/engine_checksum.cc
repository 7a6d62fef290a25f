// `zetema_checksum`: the engine's `Bench:` number (as Stockfish prints one).
// It plays kGamesPerPreset seeded random games of every preset, at table sizes
// 2 to 6 in turn, and prints a digest of every event of every game. A change
// of the rules changes it (update docs/engine.md in the same commit); a
// refactor must not. The random choice is made among the legal actions
// sorted by their text, so the order in which the engine lists them is free
// to change.
//
//   zetema_checksum                 prints "Bench: N" and the totals
//   zetema_checksum --check FILE    also fails unless FILE holds "Bench: N"
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/games/zetema/qa/playout_checks.h"
#include "arbiter/games/zetema/ruleset.h"
#include "arbiter/games/zetema/state.h"

namespace zetema::playout {
namespace {

constexpr int kGamesPerPreset = 100;

struct Totals {
  uint64_t hash = 0xCBF29CE484222325ULL;  // FNV-1a offset basis
  int64_t games = 0;
  int64_t decisions = 0;
};

void PlayGame(const GameConfig& config, Totals* totals) {
  State state = *State::New(config);
  Rng rng(config.seed);
  std::vector<Action> legal;
  std::vector<std::pair<std::string, size_t>> by_text;
  while (!state.IsTerminal()) {
    state.LegalActions(&legal);
    by_text.clear();
    for (size_t i = 0; i < legal.size(); ++i) {
      by_text.emplace_back(ActionToString(legal[i]), i);
    }
    std::sort(by_text.begin(), by_text.end());
    state.ApplyLegal(
        legal[by_text[rng.Below(uint32_t(by_text.size()))].second]);
    ++totals->decisions;
  }
  totals->hash = HashEvents(state.Events(), totals->hash);
  ++totals->games;
}

Totals RunAll() {
  Totals totals;
  for (size_t p = 0; p < kPresetNames.size(); ++p) {
    auto rules = std::make_shared<const Ruleset>(*Preset(kPresetNames[p]));
    for (int game = 0; game < kGamesPerPreset; ++game) {
      GameConfig config;
      config.rules = rules;
      config.num_players = kMinPlayers + game % 5;
      config.seed = uint64_t(p) * 1000003 + uint64_t(game);
      PlayGame(config, &totals);
    }
  }
  return totals;
}

// The number after the first "Bench: " in `path`, or an empty string.
std::string BenchInFile(const char* path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  const size_t at = s.find("Bench: ");
  if (at == std::string::npos) return "";
  size_t end = at + 7;
  while (end < s.size() && s[end] >= '0' && s[end] <= '9') ++end;
  return s.substr(at + 7, end - at - 7);
}

}  // namespace
}  // namespace zetema::playout

int main(int argc, char** argv) {
  using namespace zetema::playout;
  const Totals totals = RunAll();
  const std::string bench = std::to_string(totals.hash);
  std::printf("Bench: %s\n%lld games, %lld decisions\n", bench.c_str(),
              static_cast<long long>(totals.games),
              static_cast<long long>(totals.decisions));
  if (argc == 3 && std::string(argv[1]) == "--check") {
    const std::string expected = BenchInFile(argv[2]);
    if (expected != bench) {
      std::fprintf(stderr,
                   "%s says Bench: %s but the engine gives Bench: %s; a rule "
                   "change must update it, a refactor must not change it\n",
                   argv[2], expected.empty() ? "(none)" : expected.c_str(),
                   bench.c_str());
      return 1;
    }
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [--check FILE]\n", argv[0]);
    return 2;
  }
  return 0;
}
