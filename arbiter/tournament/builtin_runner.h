// A GameRunner that needs no bot process: every seat whose bot's command is
// "builtin:random" plays a uniformly random legal action, in-process, through
// match play. Records are full GameRecords, so replays, ratings and resume
// treat them like any other.
#ifndef ARBITER_TOURNAMENT_BUILTIN_RUNNER_H_
#define ARBITER_TOURNAMENT_BUILTIN_RUNNER_H_

#include <memory>
#include <string_view>

#include "arbiter/game/game.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/runner.h"

namespace arbiter::tournament {

inline constexpr std::string_view kBuiltinRandom = "builtin:random";

class BuiltinRandomRunner : public GameRunner {
 public:
  BuiltinRandomRunner(const TournamentConfig& config,
                      std::shared_ptr<const game::Game> game);

  // Every seat must hold a builtin:random bot.
  std::expected<PlayedGame, std::string> Run(
      const ScheduledGame& game) override;

 private:
  const TournamentConfig& config_;
  std::shared_ptr<const game::Game> game_;
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_BUILTIN_RUNNER_H_
