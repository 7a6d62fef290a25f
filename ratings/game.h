// The input of the ratings: finished games, whatever file they came from.
//
// `Game` owns its strings (for callers that hold games in memory);
// `GameView` borrows them (what the readers hand over, line by line, so
// that a million games are never all held as strings).
#ifndef ZETEMA_RATINGS_GAME_H_
#define ZETEMA_RATINGS_GAME_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ratings {

// One seat of a finished game.
struct SeatResult {
  std::string player;
  // Seats with the same team (>= 0) are partners and share their team's
  // place (the best of their places); -1 means the seat plays alone.
  int team = -1;
  int place = 1;  // 1 = first; equal places are ties.
  bool moved_first = false;
  std::optional<int64_t> points;    // game points, when the source has them
  int64_t decisions = 0;            // decisions this seat made
  int64_t decision_us_total = 0;    // their summed decision time
  int64_t decision_us_max = 0;      // the slowest one
  std::vector<std::string> faults;  // fault reasons, e.g. "timeout"
};

struct Game {
  std::string id;
  // Games sharing a non-empty group are one duplicate set: the bootstrap
  // resamples them together.
  std::string duplicate_group;
  int64_t round = 0;              // tournament round, 0 when unknown
  std::vector<SeatResult> seats;  // in seat order
  std::string source;             // "file:line", for messages
};

struct SeatView {
  std::string_view player;
  int team = -1;
  int place = 1;
  bool moved_first = false;
  std::optional<int64_t> points;
  int64_t decisions = 0;
  int64_t decision_us_total = 0;
  int64_t decision_us_max = 0;
};

struct FaultView {
  int seat = 0;
  std::string_view reason;
};

struct GameView {
  std::string_view id;              // may be empty
  std::span<const SeatView> seats;  // in seat order
  std::span<const FaultView> faults;
  std::string_view duplicate_group;
  int64_t round = 0;
};

// What was wrong with a game, and where: the player or the place of seat
// `seat` (the reader turns that into its own field name and line), or the
// game as a whole.
enum class GameField { kGame, kPlayer, kPlace };

struct GameError {
  GameField field = GameField::kGame;
  int seat = -1;
  std::string message;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_GAME_H_
