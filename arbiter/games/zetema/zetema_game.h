// Zetema behind the game-independent interface (arbiter/game/game.h): the
// game type the registry lists, and the Game of a given ruleset.
#ifndef ZETEMA_ZETEMA_GAME_H_
#define ZETEMA_ZETEMA_GAME_H_

#include <memory>

#include "arbiter/game/game.h"
#include "arbiter/games/zetema/ruleset.h"

namespace zetema {

const game::GameType& GameType();
std::shared_ptr<const game::Game> MakeGame(Ruleset rules);

}  // namespace zetema

#endif  // ZETEMA_ZETEMA_GAME_H_
