// Bots' log lines tied to the games and steps they were printed in. The
// arbiter writes marker lines into a bot's log (arbiter/common/
// game_log_marker.h): one before every game its process plays (the lines
// after it, up to the next game's, are that game's), one before the bot's
// output of each of its decisions (the lines after "step N" were printed
// from the request of step N on), and one where its process starts (what
// it printed while it started belongs to the game marked next: the game it
// was started for, or failed to start for). Lines before the game's first
// step marker are at step -1. Lines that belong to no game (before any
// marker, in logs written before markers existed) are left out.
#ifndef ARBITER_REPORT_BOT_LOGS_H_
#define ARBITER_REPORT_BOT_LOGS_H_

#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arbiter/report/replay_data.h"

namespace arbiter::report {

struct LogLimits {
  int lines_per_seat = 400;     // per game; the rest are counted
  int lines_per_step = 20;      // of those, per step; the rest are counted
  size_t bytes_per_line = 300;  // longer lines are cut, with "..."
};

class BotLogs {
 public:
  // Reads every `*.log` of the directories (missing ones are skipped; a
  // file that cannot be read is named in `warnings`).
  static BotLogs Read(const std::vector<std::filesystem::path>& dirs,
                      const LogLimits& limits = {},
                      std::vector<std::string>* warnings = nullptr);
  explicit BotLogs(LogLimits limits = {}) : limits_(limits) {}
  // Adds one log's text, called `source`.
  void AddText(std::string_view text, const std::string& source);

  // The lines of game `id`, by seat; null when none were tied to it.
  const GameLogs* Find(std::string_view id) const;
  size_t games() const { return games_.size(); }

 private:
  // Where the lines of one log go as it is read.
  struct Cursor {
    SeatLog* log = nullptr;  // the game's seat; null: no game yet
    int step = -1;
    bool starting = false;  // after a start marker, before a game's
    SeatLog startup;        // what the bot printed while it started
  };
  void AddLine(std::string_view line, Cursor& at, const std::string& source);
  void Keep(std::string_view line, int step, SeatLog& log) const;

  LogLimits limits_;
  std::unordered_map<std::string, GameLogs> games_;
};

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_BOT_LOGS_H_
