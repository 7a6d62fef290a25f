// The tournament's game and ruleset, loaded through the game registry, and
// the team layout it gives a table of `seats`.
#ifndef ARBITER_TOURNAMENT_RULESET_LINK_H_
#define ARBITER_TOURNAMENT_RULESET_LINK_H_

#include <expected>
#include <memory>
#include <string>

#include "arbiter/game/game.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

struct ResolvedRuleset {
  std::shared_ptr<const game::Game> game;
  TeamLayout layout;
};

// Errors name the key: "game: ...", "ruleset: ...", "seats: ...".
std::expected<ResolvedRuleset, std::string> ResolveRuleset(
    const TournamentConfig& config);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_RULESET_LINK_H_
