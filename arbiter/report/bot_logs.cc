#include "arbiter/report/bot_logs.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

#include "arbiter/common/game_log_marker.h"
#include "arbiter/common/printable.h"

namespace arbiter::report {

BotLogs BotLogs::Read(const std::vector<std::filesystem::path>& dirs,
                      const LogLimits& limits,
                      std::vector<std::string>* warnings) {
  BotLogs logs(limits);
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) continue;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      if (entry.path().extension() == ".log") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      std::ifstream in(file, std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      if (!in && warnings != nullptr) {
        warnings->push_back(file.string() + ": cannot be read");
        continue;
      }
      logs.AddText(text.view(), file.string());
    }
  }
  return logs;
}

void BotLogs::AddText(std::string_view text, const std::string& source) {
  Cursor at;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (line.ends_with('\r')) line.remove_suffix(1);
    AddLine(line, at, source);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

void BotLogs::AddLine(std::string_view line, Cursor& at,
                      const std::string& source) {
  if (line == kStartLogMarker) {
    at = Cursor{.starting = true};
    return;
  }
  if (auto mark = ParseGameLogMarker(line)) {
    SeatLog& log = games_[std::string(mark->game_id)][mark->seat];
    log.source = source;
    if (at.starting) {  // kept already (at step -1, within the limits)
      log.started = true;
      SeatLog& startup = at.startup;
      log.steps.insert(log.steps.end(), startup.lines.size(), -1);
      log.lines.insert(log.lines.end(),
                       std::make_move_iterator(startup.lines.begin()),
                       std::make_move_iterator(startup.lines.end()));
      log.dropped += startup.dropped;
      for (const auto& [step, n] : startup.dropped_at)
        log.dropped_at[step] += n;
    }
    at = Cursor{.log = &log};
    return;
  }
  if (auto step = ParseStepLogMarker(line)) {
    at.step = *step;
    return;
  }
  if (at.log != nullptr) {
    Keep(line, at.step, *at.log);
  } else if (at.starting) {
    Keep(line, -1, at.startup);
  }
}

void BotLogs::Keep(std::string_view line, int step, SeatLog& log) const {
  // A step's lines are together: count them from the end.
  int at_step = 0;
  for (auto it = log.steps.rbegin(); it != log.steps.rend() && *it == step &&
                                     at_step < limits_.lines_per_step;
       ++it) {
    ++at_step;
  }
  if (int(log.lines.size()) >= limits_.lines_per_seat ||
      at_step >= limits_.lines_per_step) {
    ++log.dropped;
    ++log.dropped_at[step];
    return;
  }
  // What would act on a reader (controls, bidi overrides, bytes that are
  // not UTF-8) shows as an escape; the cap falls between characters.
  Printable kept = KeepPrintable(TerminalSafe(line), limits_.bytes_per_line);
  log.lines.push_back(kept.cut ? kept.text + "..." : std::move(kept.text));
  log.steps.push_back(step);
}

const GameLogs* BotLogs::Find(std::string_view id) const {
  auto it = games_.find(std::string(id));
  return it == games_.end() ? nullptr : &it->second;
}

}  // namespace arbiter::report
