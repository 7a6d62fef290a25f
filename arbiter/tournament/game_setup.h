// A scheduled game as match play's GameSetup: what both runners (bot
// processes, builtin bots) hand to PlayGame.
#ifndef ARBITER_TOURNAMENT_GAME_SETUP_H_
#define ARBITER_TOURNAMENT_GAME_SETUP_H_

#include <memory>

#include "arbiter/game/game.h"
#include "arbiter/match/match.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

GameSetup SetupFor(const TournamentConfig& config,
                   std::shared_ptr<const game::Game> game,
                   const ScheduledGame& scheduled);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_GAME_SETUP_H_
