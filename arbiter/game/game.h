// The small interface every card game of the arbiter implements, so that
// another game (the seed texts also describe Pontoon and Scotch Whist) can sit
// beside Zetema: the arbiter, replays and tournaments need no more than this.
// Actions cross it as text in the game's own notation; a game's richer,
// typed API (zetema::State) stays available to code that knows the game.
#ifndef ARBITER_GAME_GAME_H_
#define ARBITER_GAME_GAME_H_

#include <cstdint>
#include <expected>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace game {

class GameState {
 public:
  virtual ~GameState() = default;

  virtual int NumPlayers() const = 0;
  // The seat that must decide, or -1 once the game is over.
  virtual int CurrentPlayer() const = 0;
  bool IsTerminal() const { return CurrentPlayer() < 0; }

  // Every distinct legal action of the current seat, as text.
  virtual std::vector<std::string> LegalActionTexts() const = 0;
  // Refuses an illegal or malformed action, leaving the state unchanged.
  virtual std::expected<void, std::string> ApplyText(
      std::string_view action) = 0;

  // Team of every seat (a seat alone is its own team).
  virtual std::vector<int> Teams() const = 0;
  // Points per seat so far.
  virtual std::vector<int> Scores() const = 0;
  // Final place of every seat, 1 = first; equal = tie. Only once over.
  virtual std::vector<int> Standings() const = 0;
  // What `seat` may see now, as one line of text per item.
  virtual std::string ObservationText(int seat) const = 0;

  virtual std::unique_ptr<GameState> Clone() const = 0;
};

// A parameterised game: a ruleset fixed at creation, states made from a
// player count and a seed.
class Game {
 public:
  virtual ~Game() = default;
  virtual std::string_view Name() const = 0;
  virtual int MinPlayers() const = 0;
  virtual int MaxPlayers() const = 0;
  virtual std::expected<std::unique_ptr<GameState>, std::string> NewGame(
      int num_players, uint64_t seed) const = 0;
};

}  // namespace game

#endif  // ARBITER_GAME_GAME_H_
