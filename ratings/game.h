// The input of the ratings: finished games, whatever file they came from.
#ifndef ZETEMA_RATINGS_GAME_H_
#define ZETEMA_RATINGS_GAME_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ratings {

// One seat of a finished game.
struct SeatResult {
  std::string player;
  // Seats with the same team (>= 0) are partners and share their team's
  // place; -1 means the seat plays alone.
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
  std::vector<SeatResult> seats;  // in seat order
  std::string source;             // "file:line", for messages
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_GAME_H_
