// The seam between tournaments and match play: something that plays one
// scheduled game and returns its record.
#ifndef ARBITER_TOURNAMENT_RUNNER_H_
#define ARBITER_TOURNAMENT_RUNNER_H_

#include <expected>
#include <string>

#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

class GameRunner {
 public:
  virtual ~GameRunner() = default;

  // Plays `game` to its end and returns its record: one GameRecord in JSON
  // (docs/records), on one line, with `game.game_id` as its game_id and the
  // scheduled bots' names in seat order. A bot's timeout, crash or illegal
  // action is part of a normal record; an error here means the game could not
  // be played at all (the tournament stops; the game is replayed on resume).
  // Called from several threads at once.
  virtual std::expected<std::string, std::string> Run(
      const ScheduledGame& game) = 0;
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_RUNNER_H_
