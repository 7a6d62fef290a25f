// Seeded games of random legal moves (`arbiter selfplay`), summarised per
// preset and table size: how long games last, how often they end by the
// max_hands safety limit (which should never happen), and the game's own
// tallies (State::Tallies), summed. The same games on every platform for a
// given seed.
#ifndef ARBITER_GAMES_QA_SELFPLAY_H_
#define ARBITER_GAMES_QA_SELFPLAY_H_

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "arbiter/game/game.h"

namespace game::qa {

struct SelfplaySummary {
  int64_t games = 0;
  int64_t hands = 0;
  int64_t decisions = 0;
  int64_t max_hand_games = 0;
  std::vector<Counter> tallies;  // summed over the games
};

struct SelfplayRow {
  std::string preset;
  int players = 0;
  SelfplaySummary summary;
};

struct SelfplayRequest {
  int games = 1000;  // per preset and table size
  uint64_t seed = 1;
  std::string preset;  // "": every preset of the game
  int players = 0;     // 0: every table size of the game
};

// One row per preset and table size, in the game's order. The error names
// the preset that does not load ("hunt2: unknown preset ...").
std::expected<std::vector<SelfplayRow>, std::string> Selfplay(
    const GameType& type, const SelfplayRequest& request);

}  // namespace game::qa

#endif  // ARBITER_GAMES_QA_SELFPLAY_H_
