// The line the arbiter writes into a bot's log (stdout and stderr of its
// process) before every game that process plays, so that readers of the log
// (the report's replay viewer) can tell which lines came during which game:
// those after a game's marker and before the next marker.
//
// The bot writes the rest of its log itself, so it can print a line that
// looks like a marker: that only moves its own lines to another of its own
// games in a viewer, and the log file keeps everything as written.
#ifndef ARBITER_COMMON_GAME_LOG_MARKER_H_
#define ARBITER_COMMON_GAME_LOG_MARKER_H_

#include <charconv>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter {

inline constexpr std::string_view kGameLogMarker = "[arbiter] game ";

// "[arbiter] game ID seat S\n".
inline std::string GameLogMarker(std::string_view game_id, int seat) {
  return std::string(kGameLogMarker) + std::string(game_id) + " seat " +
         std::to_string(seat) + "\n";
}

struct GameLogMark {
  std::string_view game_id;
  int seat = -1;
};

// The game and seat of a marker line (without its newline), or nullopt.
inline std::optional<GameLogMark> ParseGameLogMarker(std::string_view line) {
  if (!line.starts_with(kGameLogMarker)) return std::nullopt;
  line.remove_prefix(kGameLogMarker.size());
  const size_t space = line.find(" seat ");
  if (space == 0 || space == std::string_view::npos) return std::nullopt;
  GameLogMark mark{.game_id = line.substr(0, space)};
  const std::string_view number = line.substr(space + 6);
  const auto [end, ec] =
      std::from_chars(number.data(), number.data() + number.size(), mark.seat);
  if (ec != std::errc() || end != number.data() + number.size() ||
      mark.seat < 0 || mark.game_id.find(' ') != std::string_view::npos) {
    return std::nullopt;
  }
  return mark;
}

}  // namespace arbiter

#endif  // ARBITER_COMMON_GAME_LOG_MARKER_H_
