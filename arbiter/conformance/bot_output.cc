#include "arbiter/conformance/bot_output.h"

#include <deque>

#include "arbiter/common/game_log_marker.h"
#include "arbiter/conformance/escape.h"

namespace arbiter::conformance {

std::vector<std::string> LastOutput(std::string_view log) {
  std::deque<std::string_view> kept;
  size_t at = 0;
  while (at < log.size()) {
    size_t end = log.find('\n', at);
    if (end == std::string_view::npos) end = log.size();
    const std::string_view line = log.substr(at, end - at);
    at = end + 1;
    if (IsLogMarker(line)) continue;
    kept.push_back(line);
    if (kept.size() > kOutputLines) kept.pop_front();
  }
  std::vector<std::string> out;
  for (const auto line : kept) {
    out.push_back(EscapeForTerminal(line, kOutputLineBytes));
  }
  return out;
}

}  // namespace arbiter::conformance
