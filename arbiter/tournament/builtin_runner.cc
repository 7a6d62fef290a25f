#include "arbiter/tournament/builtin_runner.h"

#include <fmt/format.h>

#include <vector>

#include "arbiter/match/match.h"
#include "arbiter/tournament/game_setup.h"
#include "arbiter/tournament/tables.h"

namespace arbiter::tournament {

BuiltinRandomRunner::BuiltinRandomRunner(const TournamentConfig& config,
                                         std::shared_ptr<const game::Game> game)
    : config_(config), game_(std::move(game)) {}

std::expected<PlayedGame, std::string> BuiltinRandomRunner::Run(
    const ScheduledGame& game) {
  // The moves depend on the game, not only on the deal, so that the seat
  // rotations of a duplicate set are different games. One generator serves
  // every seat, in the order they act.
  SplitMix64 rng(game.deal_seed ^ (uint64_t(game.rotation + 1) << 56));
  std::vector<SeatPlayer> seats;
  for (int bot : game.seat_bots) {
    const BotConfig& config = config_.bots[bot];
    if (config.command != kBuiltinRandom) {
      return std::unexpected(
          fmt::format("bot \"{}\": the builtin runner only plays \"{}\" bots",
                      config.name, kBuiltinRandom));
    }
    seats.push_back({.name = config.name,
                     .policy =
                         [&rng](const game::State& state) {
                           return int(rng.Below(state.NumLegalActions()));
                         },
                     .version = "builtin"});
  }
  auto played = PlayGame(SetupFor(config_, game_, game), seats);
  if (!played) return std::unexpected(played.error());
  return PlayedGameOf(std::move(played->record));
}

}  // namespace arbiter::tournament
