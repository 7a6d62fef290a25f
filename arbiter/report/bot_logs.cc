#include "arbiter/report/bot_logs.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "arbiter/common/game_log_marker.h"

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
  GameLogs* game = nullptr;
  int seat = -1;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (line.ends_with('\r')) line.remove_suffix(1);
    AddLine(line, game, seat, source);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

void BotLogs::AddLine(std::string_view line, GameLogs*& game, int& seat,
                      const std::string& source) {
  if (auto mark = ParseGameLogMarker(line)) {
    game = &games_[std::string(mark->game_id)];
    seat = mark->seat;
    (*game)[seat].source = source;
    return;
  }
  if (game == nullptr) return;
  SeatLog& log = (*game)[seat];
  if (int(log.lines.size()) >= limits_.lines_per_seat) {
    ++log.dropped;
    return;
  }
  if (line.size() > limits_.bytes_per_line) {
    log.lines.push_back(std::string(line.substr(0, limits_.bytes_per_line)) +
                        "...");
  } else {
    log.lines.emplace_back(line);
  }
}

const GameLogs* BotLogs::Find(std::string_view id) const {
  auto it = games_.find(std::string(id));
  return it == games_.end() ? nullptr : &it->second;
}

}  // namespace arbiter::report
