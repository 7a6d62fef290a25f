#include "arbiter/tournament/game_setup.h"

namespace arbiter::tournament {

GameSetup SetupFor(const TournamentConfig& config,
                   std::shared_ptr<const game::Game> game,
                   const ScheduledGame& scheduled) {
  return {.game_id = scheduled.game_id,
          .bot_game_id = scheduled.bot_game_id,
          .game = std::move(game),
          .deal = {.num_seats = int(scheduled.seat_bots.size()),
                   .seed = scheduled.deal_seed,
                   .first_dealer = scheduled.first_dealer},
          .time = config.time_control,
          .policy = config.fault_policy,
          .tournament_id = config.name,
          .round = scheduled.round,
          .duplicate_group = scheduled.duplicate_group};
}

}  // namespace arbiter::tournament
