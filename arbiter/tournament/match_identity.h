// What made an A/B match's records, kept beside them (OUT/match.json), so
// that a match run again into the same --out resumes only when it is the
// same match: the same game, seats, ruleset and time control, and the same
// bots, by name, command and build. A bot rebuilt under the same name and
// command would otherwise take the earlier games, and their verdict, for its
// own.
#ifndef ARBITER_TOURNAMENT_MATCH_IDENTITY_H_
#define ARBITER_TOURNAMENT_MATCH_IDENTITY_H_

#include <expected>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "arbiter/tournament/config.h"

namespace arbiter::tournament {

// A bot command's build: a hash of the content of every word of the
// command that names an existing regular file (the program, looked up on
// PATH as Spawn does, and a script, jar or data file given to it), with
// the command's words. "builtin:..." bots are their name. The error names
// a file that exists but cannot be read.
std::expected<std::string, std::string> BotBuild(const BotConfig& bot);

// The match's identity: game, seats, ruleset, time control, fault policy,
// and each bot's role, name, command and build (roles: "A", "B",
// "opponent").
std::expected<nlohmann::json, std::string> MatchIdentity(
    const TournamentConfig& config);

// Checks `identity` against `file` when the output holds records: the same
// identity resumes; another one, or records without the file (made before
// it was kept), is refused naming what differs. Then writes `file` (through
// a temporary file). Called before a game is played.
std::expected<void, std::string> CheckMatchIdentity(
    const std::filesystem::path& file, const nlohmann::json& identity,
    bool has_records);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_MATCH_IDENTITY_H_
