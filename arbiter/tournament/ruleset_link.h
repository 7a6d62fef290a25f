// The tournament's ruleset, loaded and validated by the engine, and the team
// layout it gives a table of `seats`.
#ifndef ARBITER_TOURNAMENT_RULESET_LINK_H_
#define ARBITER_TOURNAMENT_RULESET_LINK_H_

#include <expected>
#include <string>

#include "arbiter/tournament/config.h"
#include "arbiter/tournament/schedule.h"
#include "arbiter/games/zetema/ruleset.h"

namespace arbiter::tournament {

struct ResolvedRuleset {
  zetema::Ruleset rules;
  TeamLayout layout;
};

// Errors start with "ruleset: ".
std::expected<ResolvedRuleset, std::string> ResolveRuleset(
    const TournamentConfig& config);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_RULESET_LINK_H_
