// A league folder's config, DIR/league.toml: the keys of a tournament
// config (docs/tournaments.md) that say how a game is played (game,
// ruleset, seats, duplicate, partnership_fill, time_control, fault_policy,
// sandbox, concurrency, affinity, name, seed), checked by the tournament's
// own parser. The bots come from the roster (roster.h), what is played from
// the scheduler: `bots`, `format`, `rounds` and the other schedule keys are
// refused, naming the key. Records are always zstd-compressed.
#ifndef ARBITER_LEAGUE_LEAGUE_CONFIG_H_
#define ARBITER_LEAGUE_LEAGUE_CONFIG_H_

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>

#include "arbiter/tournament/config.h"

namespace arbiter::league {

inline constexpr char kConfigFile[] = "league.toml";

// Parses league.toml's text; `base_dir` is the league folder. The config
// holds one bot with no name: the template of every bot of the league (the
// [sandbox] limits each gets).
std::expected<tournament::TournamentConfig, std::string> ParseLeagueConfig(
    std::string_view toml_text, const std::filesystem::path& base_dir);

// DIR/league.toml; errors start with its path, and a folder without one
// says it is not a league (`arbiter league init`).
std::expected<tournament::TournamentConfig, std::string> LoadLeagueConfig(
    const std::filesystem::path& dir);

// What `init` writes.
struct InitOptions {
  std::string name = "league";
  std::string game;     // "": the default game
  std::string ruleset;  // "": the game's default preset
  int seats = 2;
  bool duplicate = false;
  std::string partnership_fill = "team";
  tournament::TimeControl time_control;
  std::string fault_policy = "forfeit";
  std::string sandbox = "full";
  int concurrency = 0;
};

// league.toml's text for `options` (strings quoted and escaped as TOML).
std::string LeagueConfigText(const InitOptions& options);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_LEAGUE_CONFIG_H_
