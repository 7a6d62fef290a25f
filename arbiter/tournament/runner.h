// The seam between tournaments and match play: something that plays one
// scheduled game and returns it as played.
#ifndef ARBITER_TOURNAMENT_RUNNER_H_
#define ARBITER_TOURNAMENT_RUNNER_H_

#include <expected>
#include <string>
#include <vector>

#include "arbiter/records/record_view.h"
#include "arbiter/tournament/schedule.h"
#include "arbiter/v1/record.pb.h"

namespace arbiter::tournament {

// A game as played, as a value: what the standings and the console need,
// and the line the record writer appends. Nothing reads that line back.
struct PlayedGame {
  arbiter::v1::GameRecord record;
  records::RecordSummary summary;  // of `record`
  // `record` in JSON (docs/records), one line without its newline: the
  // text recorded.
  std::string line;
};

// The summary and line of `record`; an error when its fields do not add up
// (records::SummarizeRecord), naming the field.
std::expected<PlayedGame, std::string> PlayedGameOf(
    arbiter::v1::GameRecord record);

class GameRunner {
 public:
  virtual ~GameRunner() = default;

  // Plays `game` to its end and returns it, its record with `game.game_id`
  // as its game_id and the scheduled bots' names in seat order. A bot's
  // timeout, crash or illegal action is part of a normal record; an error
  // here means the game could not be played at all (the tournament stops;
  // the game is replayed on resume). Called from several threads at once.
  virtual std::expected<PlayedGame, std::string> Run(
      const ScheduledGame& game) = 0;

  // Called before a pool of games starts, with the game each slot (game
  // thread) plays first, nullptr for a slot with none: a runner may get
  // ready for them side by side (start their bots), so that no slot's
  // first game waits for what another's did not need.
  virtual void Prepare(const std::vector<const ScheduledGame*>& first) {}
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_RUNNER_H_
