// High Card: a two-seat game of a few lines that exists to prove the game
// seam. It lives only in this folder plus one registry line, uses no typed
// protocol messages (the envelope's text forms carry its decisions, events
// and ruleset), and plays through `arbiter play`, tournaments, replay,
// verification and ratings like any game. Tests use it; nobody plays it.
//
// Rules: a 52-card pack (ranks 2 .. A, ace high), shuffled from the seed;
// each seat is dealt `cards` cards (default 3, 1 to 26). The seat after the
// dealer leads the first trick: the leader plays a card (`play QH`), then the
// other seat; the higher rank scores a point and leads the next trick, equal
// ranks score nothing and the leader leads again. When the hands are empty
// the game is over, standings by points.
#ifndef ARBITER_GAMES_HIGH_CARD_HIGH_CARD_H_
#define ARBITER_GAMES_HIGH_CARD_HIGH_CARD_H_

#include "arbiter/game/game.h"

namespace high_card {

const game::GameType& GameType();

}  // namespace high_card

#endif  // ARBITER_GAMES_HIGH_CARD_HIGH_CARD_H_
