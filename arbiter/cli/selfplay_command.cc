// `arbiter selfplay`: seeded games of random legal moves for every preset and
// table size of a game, summarised per preset and size: how long games last,
// how often they end by the max_hands safety limit (which should never
// happen), and the game's own tallies (Zetema: points and counts of each
// kind of declaration), one table per kind of tally.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/common/splitmix.h"
#include "arbiter/game/registry.h"

namespace arbiter {
namespace {

// The same games on every platform for a given --seed.
constexpr auto Mix = SplitMix64Of;

struct Summary {
  int64_t games = 0;
  int64_t hands = 0;
  int64_t decisions = 0;
  int64_t max_hand_games = 0;
  std::vector<game::Counter> tallies;  // summed over the games
};

void PlayOne(const game::Game& g, const game::Setup& setup, Summary* s) {
  auto state = *g.NewState(setup);
  uint64_t rng = setup.seed;
  while (!state->IsTerminal()) {
    rng = Mix(rng);
    state->Apply(int(rng % uint64_t(state->NumLegalActions())));
    ++s->decisions;
  }
  const game::Outcome o = state->GetOutcome();
  ++s->games;
  s->hands += o.hands_played;
  if (o.end_reason == v1::END_REASON_MAX_HANDS) ++s->max_hand_games;
  const auto tallies = state->Tallies();
  if (s->tallies.empty()) {
    s->tallies = tallies;
  } else {
    for (size_t i = 0; i < tallies.size(); ++i) {
      s->tallies[i].value += tallies[i].value;
    }
  }
}

struct Row {
  std::string preset;
  int players;
  Summary summary;
};

// One table per tally prefix ("points/seq" goes to the "points" table).
void PrintTables(const std::vector<Row>& rows) {
  std::map<std::string, std::vector<size_t>> tables;  // prefix -> columns
  std::vector<std::string> order;
  for (size_t i = 0; i < rows.front().summary.tallies.size(); ++i) {
    const std::string& name = rows.front().summary.tallies[i].name;
    const std::string prefix = name.substr(0, name.find('/'));
    if (!tables.contains(prefix)) order.push_back(prefix);
    tables[prefix].push_back(i);
  }
  if (order.empty()) order.push_back("");  // the common columns only
  for (const std::string& prefix : order) {
    if (!prefix.empty())
      std::printf("\nAverage %s per game:\n", prefix.c_str());
    std::printf("%-10s %7s %6s %6s %8s", "preset", "players", "games", "hands",
                "decide");
    for (size_t i : tables[prefix]) {
      const std::string& name = rows.front().summary.tallies[i].name;
      std::printf(" %7s", name.substr(name.find('/') + 1).c_str());
    }
    std::printf(" %9s\n", "max_hands");
    for (const Row& r : rows) {
      const Summary& s = r.summary;
      const double g = double(s.games);
      std::printf("%-10s %7d %6lld %6.2f %8.1f", r.preset.c_str(), r.players,
                  static_cast<long long>(s.games), s.hands / g,
                  s.decisions / g);
      for (size_t i : tables[prefix]) {
        std::printf(" %7.2f", double(s.tallies[i].value) / g);
      }
      std::printf(" %9lld\n", static_cast<long long>(s.max_hand_games));
    }
  }
}

struct Options {
  std::string game = std::string(game::DefaultGame().Name());
  int games = 1000;
  uint64_t seed = 1;
  std::string preset;
  int players = 0;
};

[[noreturn]] void Fail(const std::string& message) {
  std::fprintf(stderr, "arbiter selfplay: %s\n", message.c_str());
  throw CLI::RuntimeError(2);
}

void Run(const Options& opt) {
  auto type = game::FindGame(opt.game);
  if (!type) Fail("--game: " + type.error());
  const game::GameType& t = **type;
  std::vector<std::string> presets;
  if (opt.preset.empty()) {
    for (auto name : t.Presets()) presets.emplace_back(name);
  } else {
    presets.push_back(opt.preset);
  }
  if (opt.players != 0 &&
      (opt.players < t.MinSeats() || opt.players > t.MaxSeats())) {
    Fail(fmt::format("--players: {} plays {} to {} seats, not {}", t.Name(),
                     t.MinSeats(), t.MaxSeats(), opt.players));
  }
  std::vector<Row> rows;
  for (size_t p = 0; p < presets.size(); ++p) {
    auto g = t.Load(presets[p]);
    if (!g) Fail("--preset " + presets[p] + ": " + g.error());
    for (int players = t.MinSeats(); players <= t.MaxSeats(); ++players) {
      if (opt.players != 0 && opt.players != players) continue;
      Row row{presets[p], players, {}};
      for (int i = 0; i < opt.games; ++i) {
        const uint64_t seed =
            Mix(opt.seed ^ Mix(p * 64 + uint64_t(players)) ^ Mix(i + 1));
        PlayOne(**g, {.num_seats = players, .seed = seed}, &row.summary);
      }
      rows.push_back(std::move(row));
    }
  }
  std::printf(
      "%s: random legal moves, %d games per preset and size, seed "
      "%llu.\n",
      std::string(t.Name()).c_str(), opt.games,
      static_cast<unsigned long long>(opt.seed));
  PrintTables(rows);
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "selfplay", "Play seeded games of random legal moves and summarise them");
  cmd->add_option("--game", opt->game, "The game to play")
      ->capture_default_str();
  cmd->add_option("--games", opt->games, "Games per preset and table size")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--seed", opt->seed, "Seed of the whole batch")
      ->capture_default_str();
  cmd->add_option("--preset", opt->preset,
                  "Only this preset (default: every preset of the game)");
  cmd->add_option("--players", opt->players,
                  "Only this table size (default: every size)");
  cmd->callback([opt] { Run(*opt); });
});

}  // namespace
}  // namespace arbiter
