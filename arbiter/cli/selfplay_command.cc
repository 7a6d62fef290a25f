// `arbiter selfplay`: seeded games of random legal moves for every preset and
// table size of a game, summarised per preset and size: how long games last,
// how often they end by the max_hands safety limit (which should never
// happen), and the game's own tallies (Zetema: points and counts of each
// kind of declaration), one table per kind of tally (games/qa/selfplay.h
// plays them).
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/games/qa/selfplay.h"
#include "arbiter/games/registry.h"

namespace arbiter {
namespace {

using game::qa::SelfplayRow;

// One table per tally prefix ("points/seq" goes to the "points" table).
void PrintTables(const std::vector<SelfplayRow>& rows) {
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
    for (const SelfplayRow& r : rows) {
      const game::qa::SelfplaySummary& s = r.summary;
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
  game::qa::SelfplayRequest request;  // --games, --seed, --preset, --players
};

[[noreturn]] void Fail(const std::string& message) {
  std::fprintf(stderr, "arbiter selfplay: %s\n", message.c_str());
  throw CLI::RuntimeError(2);
}

void Run(const Options& opt) {
  auto type = game::FindGame(opt.game);
  if (!type) Fail("--game: " + type.error());
  const game::GameType& t = **type;
  const int players = opt.request.players;
  if (players != 0 && (players < t.MinSeats() || players > t.MaxSeats())) {
    Fail(fmt::format("--players: {} plays {} to {} seats, not {}", t.Name(),
                     t.MinSeats(), t.MaxSeats(), players));
  }
  auto rows = game::qa::Selfplay(t, opt.request);
  if (!rows) Fail("--preset " + rows.error());
  std::printf(
      "%s: random legal moves, %d games per preset and size, seed "
      "%llu.\n",
      std::string(t.Name()).c_str(), opt.request.games,
      static_cast<unsigned long long>(opt.request.seed));
  PrintTables(*rows);
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "selfplay", "Play seeded games of random legal moves and summarise them");
  cmd->add_option("--game", opt->game, "The game to play")
      ->capture_default_str();
  cmd->add_option("--games", opt->request.games,
                  "Games per preset and table size")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--seed", opt->request.seed, "Seed of the whole batch")
      ->capture_default_str();
  cmd->add_option("--preset", opt->request.preset,
                  "Only this preset (default: every preset of the game)");
  cmd->add_option("--players", opt->request.players,
                  "Only this table size (default: every size)");
  cmd->callback([opt] { Run(*opt); });
});

}  // namespace
}  // namespace arbiter
