// Knockout: single or double elimination (knockout_bracket.h), each tie a
// duplicate-deal match of `deal_sets_per_tie` deal sets between two bots (or
// two teams), decided by DecideTie's tie-break order with up to
// `max_extra_sets` sudden-death sets. Seeds come from the config's bot order
// or from a ratings file (docs/knockout.md, "Configuration").
//
// A batch is one deal set of every ready tie that needs one (its first
// deal sets, or its next sudden-death set); a run resumed from its records
// asks for the same games, so the bracket is rebuilt from them.
#ifndef ARBITER_TOURNAMENT_FORMATS_KNOCKOUT_H_
#define ARBITER_TOURNAMENT_FORMATS_KNOCKOUT_H_

#include <expected>
#include <string>
#include <vector>

#include "arbiter/tournament/config.h"

namespace arbiter::tournament {

// The seed order (bot indices, top seed first) of a knockout config: the
// config's order, or by rating from its ratings_file (the JSON of `ratings
// --json`, as a tournament's ratings.json), bots not in it last in config
// order. The error names the key.
std::expected<std::vector<int>, std::string> KnockoutSeeds(
    const TournamentConfig& config);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_FORMATS_KNOCKOUT_H_
