// Scotch Whist behind the game-independent interface (arbiter/game/game.h):
// the game type the registry lists, and the Game of a given ruleset.
#ifndef SCOTCH_WHIST_SCOTCH_WHIST_GAME_H_
#define SCOTCH_WHIST_SCOTCH_WHIST_GAME_H_

#include <memory>

#include "arbiter/game/game.h"
#include "arbiter/games/scotch_whist/ruleset.h"

namespace scotch_whist {

const game::GameType& GameType();
std::shared_ptr<const game::Game> MakeGame(Ruleset rules);

}  // namespace scotch_whist

#endif  // SCOTCH_WHIST_SCOTCH_WHIST_GAME_H_
