// Bots' log lines tied to the games they were printed in. The arbiter
// writes a marker line into a bot's log before every game its process plays
// (arbiter/common/game_log_marker.h); the lines after it, up to the next
// marker, are that game's. Lines before the first marker (or in logs
// written before markers existed) belong to no game and are left out.
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
  int lines_per_seat = 200;     // per game; the rest are counted
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
  void AddLine(std::string_view line, GameLogs*& game, int& seat,
               const std::string& source);

  LogLimits limits_;
  std::unordered_map<std::string, GameLogs> games_;
};

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_BOT_LOGS_H_
