// `arbiter tournament --dry-run`'s start of every bot: each bot of the
// config started once, as the tournament would start it (its folder, its
// sandbox, its limits), until its Hello or its startup timeout, then
// stopped. What it printed on the way is kept, and the host paths its
// output names that its sandbox hid (command_files.h, HiddenPathsNamed).
#ifndef ARBITER_TOURNAMENT_START_CHECK_H_
#define ARBITER_TOURNAMENT_START_CHECK_H_

#include <chrono>
#include <expected>
#include <string>
#include <vector>

#include "arbiter/tournament/config.h"

namespace arbiter::tournament {

struct BotStart {
  std::string name;
  std::string folder;         // its working directory
  std::string main;           // its main file (sandbox::BotLayout)
  bool folder_shown = false;  // its folder is bound whole (not the shared)
  bool checked = false;       // false: not started here (`skipped` says why)
  std::string skipped;
  bool started = false;  // reached its Hello and declared the game
  std::string error;     // why not, when checked and not started
  double seconds = 0;    // to its Hello, or to the failure
  // Its last kOutputLines lines of output (stdout and stderr), after the
  // last line before them that names an error, control characters
  // escaped, each cut at kLineLimit characters.
  std::vector<std::string> output;
  std::vector<std::string> hidden;  // host paths it named, not shown to it
};

inline constexpr size_t kOutputLines = 8;
inline constexpr size_t kLineLimit = 240;

// Fails only for the harness's reasons (no sandbox on this machine, no
// server); a bot that cannot start is a BotStart with `started` false.
std::expected<std::vector<BotStart>, std::string> StartEachBotOnce(
    const TournamentConfig& config, const std::string& game,
    std::chrono::milliseconds startup_timeout);

// Pairs of bots that see each other's files, one sentence each: two bots
// of different main files in one folder, or one's folder in the other's.
std::vector<std::string> SharedFolders(const std::vector<BotStart>& starts);

// `text` for a terminal: control characters and bytes that are not
// printable ASCII as \xNN, at most `max` characters of it, then "...".
std::string PrintableLine(std::string_view text, size_t max);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_START_CHECK_H_
