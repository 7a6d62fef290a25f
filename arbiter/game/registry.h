// The games the arbiter knows, by name. A new game is a folder under
// arbiter/games/ and one line in registry.cc.
#ifndef ARBITER_GAME_REGISTRY_H_
#define ARBITER_GAME_REGISTRY_H_

#include <expected>
#include <span>
#include <string>
#include <string_view>

#include "arbiter/game/game.h"

namespace game {

// Every registered game, in registry order (the default first).
std::span<const GameType* const> Games();

// The game meant where none is named (an option or config key left out, a
// record or GameStart without a game, a Hello that declares none): the
// registry's first. Nothing else names a default game.
const GameType& DefaultGame();

// The game called `name`; the error lists the known names.
std::expected<const GameType*, std::string> FindGame(std::string_view name);

// Game `name` ("": the default game) under `ruleset` (a preset or a
// ruleset file; default: the game's first preset); errors say which.
std::expected<std::shared_ptr<const Game>, std::string> LoadGame(
    std::string_view name = "", std::string_view ruleset = "",
    std::string_view base_dir = "");

// The game a record was played under ("" in a record means the default
// game: records of version 0.1 always name it, but a hand-written one may
// not).
std::expected<const GameType*, std::string> RecordGame(
    const v1::GameRecord& record);

}  // namespace game

#endif  // ARBITER_GAME_REGISTRY_H_
