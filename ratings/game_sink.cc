#include "ratings/game_sink.h"

namespace ratings {

std::expected<void, GameError> GameList::Add(const GameView& view) {
  Game game;
  game.id = std::string(view.id);
  game.duplicate_group = std::string(view.duplicate_group);
  game.round = view.round;
  for (const SeatView& s : view.seats) {
    game.seats.push_back({.player = std::string(s.player),
                          .team = s.team,
                          .place = s.place,
                          .moved_first = s.moved_first,
                          .points = s.points,
                          .decisions = s.decisions,
                          .decision_us_total = s.decision_us_total,
                          .decision_us_max = s.decision_us_max});
  }
  for (const FaultView& f : view.faults) {
    if (f.seat < 0 || static_cast<size_t>(f.seat) >= game.seats.size()) {
      return std::unexpected(GameError{.message = "fault of no seat"});
    }
    game.seats[f.seat].faults.emplace_back(f.reason);
  }
  games.push_back(std::move(game));
  return {};
}

GameView GameViewStorage::View(const Game& game) {
  seats.clear();
  faults.clear();
  for (size_t s = 0; s < game.seats.size(); ++s) {
    const SeatResult& r = game.seats[s];
    seats.push_back({.player = r.player,
                     .team = r.team,
                     .place = r.place,
                     .moved_first = r.moved_first,
                     .points = r.points,
                     .decisions = r.decisions,
                     .decision_us_total = r.decision_us_total,
                     .decision_us_max = r.decision_us_max});
    for (const std::string& reason : r.faults) {
      faults.push_back({.seat = static_cast<int>(s), .reason = reason});
    }
  }
  return GameView{.id = game.id,
                  .seats = seats,
                  .faults = faults,
                  .duplicate_group = game.duplicate_group,
                  .round = game.round};
}

}  // namespace ratings
