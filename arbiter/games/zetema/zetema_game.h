// Zetema behind the game-independent interface of arbiter/game/game.h.
#ifndef ZETEMA_ZETEMA_GAME_H_
#define ZETEMA_ZETEMA_GAME_H_

#include <memory>

#include "arbiter/game/game.h"
#include "arbiter/games/zetema/ruleset.h"

namespace zetema {

std::unique_ptr<game::Game> MakeGame(Ruleset rules);

}  // namespace zetema

#endif  // ZETEMA_ZETEMA_GAME_H_
