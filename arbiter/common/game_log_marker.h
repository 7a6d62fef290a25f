// The lines the arbiter writes into a bot's log (stdout and stderr of its
// process) before every game that process plays, before the bot's output
// of each decision, and when the process starts, so that readers of the
// log (the report's replay viewer) can tell which lines came during which
// game and step: those after a game's marker and before the next one.
//
// The bot writes the rest of its log itself, so it could print a line that
// looks like a marker, and move its lines to a game it did not play there.
// It cannot: the arbiter writes "[bot] " before every bot line that starts
// like an arbiter line (arbiter/process/bot_log_writer.h).
#ifndef ARBITER_COMMON_GAME_LOG_MARKER_H_
#define ARBITER_COMMON_GAME_LOG_MARKER_H_

#include <charconv>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter {

// How every line the arbiter writes into a bot's log starts.
inline constexpr std::string_view kArbiterLinePrefix = "[arbiter";
// Put before a bot's line that starts like an arbiter line.
inline constexpr std::string_view kBotLineEscape = "[bot] ";

inline constexpr std::string_view kGameLogMarker = "[arbiter] game ";
static_assert(kGameLogMarker.starts_with(kArbiterLinePrefix));

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

// "[arbiter] step N\n": the bot's lines after it were printed from the
// request of the game's step N on (until the next marker). Written only
// when the bot prints something after that request, so that a quiet bot's
// log holds no step markers (BotProcess::MarkLogLazily).
inline constexpr std::string_view kStepLogMarker = "[arbiter] step ";
static_assert(kStepLogMarker.starts_with(kArbiterLinePrefix));

inline std::string StepLogMarker(int step) {
  return std::string(kStepLogMarker) + std::to_string(step) + "\n";
}

// The step of a step marker line (without its newline), or nullopt.
inline std::optional<int> ParseStepLogMarker(std::string_view line) {
  if (!line.starts_with(kStepLogMarker)) return std::nullopt;
  line.remove_prefix(kStepLogMarker.size());
  int step = -1;
  const auto [end, ec] =
      std::from_chars(line.data(), line.data() + line.size(), step);
  if (ec != std::errc() || end != line.data() + line.size() || step < 0) {
    return std::nullopt;
  }
  return step;
}

// The first line of a process's log output, each time the arbiter starts
// the bot: what follows, up to the next game's marker, is what the bot
// printed while it started (for that game).
inline constexpr std::string_view kStartLogMarker = "[arbiter] start";
static_assert(kStartLogMarker.starts_with(kArbiterLinePrefix));

// Any marker line of the arbiter's (game, step, start).
inline bool IsLogMarker(std::string_view line) {
  return line == kStartLogMarker || ParseGameLogMarker(line) ||
         ParseStepLogMarker(line);
}

}  // namespace arbiter

#endif  // ARBITER_COMMON_GAME_LOG_MARKER_H_
