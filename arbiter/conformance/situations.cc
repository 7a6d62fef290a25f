#include "arbiter/conformance/situations.h"

#include <set>

namespace arbiter::conformance {
namespace {

std::string SeatsName(const game::Game& game, int seats) {
  std::string name =
      std::string(game.Type().Name()) + " " + std::to_string(seats) + " seats";
  const auto teams = game.Teams(seats);
  if (std::set<int>(teams.begin(), teams.end()).size() < teams.size()) {
    name += " (partnerships)";
  }
  return name;
}

}  // namespace

int BotSeat(int game, int seats) {
  // seats-1 and seats are coprime: the steps visit every seat.
  return (game - 1) * (seats - 1) % seats;
}

std::vector<Situation> PlanSituations(
    std::span<const std::shared_ptr<const game::Game>> games) {
  std::vector<Situation> plan = {{.kind = Kind::kHello, .name = "hello"}};
  for (const auto& game : games) {
    const std::string name(game->Type().Name());
    const int min = game->Type().MinSeats();
    plan.push_back(
        {.kind = Kind::kLittleTime,
         .name = name + " " + std::to_string(kLittleTimeMs) + " ms left",
         .game = game,
         .seats = min,
         .games = 1,
         .time = {.move_ms = kLittleTimeMs}});
    for (int seats = min; seats <= game->Type().MaxSeats(); ++seats) {
      plan.push_back({.kind = Kind::kSeats,
                      .name = SeatsName(*game, seats),
                      .game = game,
                      .seats = seats,
                      .games = 2});
    }
    plan.push_back({.kind = Kind::kManyGames,
                    .name = name + " " + std::to_string(kManyGames) +
                            " games on one stream",
                    .game = game,
                    .seats = min,
                    .games = kManyGames});
    plan.push_back({.kind = Kind::kRestart,
                    .name = name + " restart after kill -9",
                    .game = game,
                    .seats = min,
                    .games = kKilledGame + 1});
  }
  if (!games.empty()) {
    plan.push_back({.kind = Kind::kShutdown,
                    .name = "shutdown",
                    .game = games.front(),
                    .seats = games.front()->Type().MinSeats(),
                    .games = 1});
  }
  return plan;
}

}  // namespace arbiter::conformance
