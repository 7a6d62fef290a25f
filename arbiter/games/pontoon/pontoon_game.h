// Pontoon behind the game interface (arbiter/game/game.h): its GameType and
// Game. The rules: docs/rules/pontoon.md.
#ifndef PONTOON_PONTOON_GAME_H_
#define PONTOON_PONTOON_GAME_H_

#include <memory>

#include "arbiter/game/game.h"
#include "arbiter/games/pontoon/ruleset.h"

namespace pontoon {

const game::GameType& GameType();
std::shared_ptr<const game::Game> MakeGame(Ruleset rules);

}  // namespace pontoon

#endif  // PONTOON_PONTOON_GAME_H_
