// Where the readers put the games they read, one at a time.
#ifndef ZETEMA_RATINGS_GAME_SINK_H_
#define ZETEMA_RATINGS_GAME_SINK_H_

#include <expected>
#include <vector>

#include "ratings/game.h"

namespace ratings {

class GameSink {
 public:
  virtual ~GameSink() = default;
  // Takes a game, or says what is wrong with it.
  virtual std::expected<void, GameError> Add(const GameView& game) = 0;
};

// Keeps copies of the games (tests, and callers that want the games
// themselves).
class GameList : public GameSink {
 public:
  std::expected<void, GameError> Add(const GameView& game) override;
  std::vector<Game> games;
};

// A view of a game held in memory.
struct GameViewStorage {
  std::vector<SeatView> seats;
  std::vector<FaultView> faults;
  GameView View(const Game& game);
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_GAME_SINK_H_
