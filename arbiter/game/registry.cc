#include "arbiter/game/registry.h"

#include <array>

#include "arbiter/games/high_card/high_card.h"
#include "arbiter/games/pontoon/pontoon_game.h"
#include "arbiter/games/scotch_whist/scotch_whist_game.h"
#include "arbiter/games/zetema/zetema_game.h"

namespace game {
namespace {

// One line per game; the first is the default.
const auto& All() {
  static const auto games = std::to_array<const GameType*>({
      &zetema::GameType(),
      &high_card::GameType(),
      &scotch_whist::GameType(),
      &pontoon::GameType(),
  });
  return games;
}

}  // namespace

std::span<const GameType* const> Games() { return All(); }

const GameType& DefaultGame() { return *All().front(); }

std::expected<const GameType*, std::string> FindGame(std::string_view name) {
  std::string known;
  for (const GameType* g : All()) {
    if (g->Name() == name) return g;
    known += (known.empty() ? "" : ", ") + std::string(g->Name());
  }
  return std::unexpected("unknown game '" + std::string(name) +
                         "' (known: " + known + ")");
}

std::expected<std::shared_ptr<const Game>, std::string> LoadGame(
    std::string_view name, std::string_view ruleset,
    std::string_view base_dir) {
  auto type = FindGame(name.empty() ? DefaultGame().Name() : name);
  if (!type) return std::unexpected(type.error());
  return (*type)->Load(ruleset.empty() ? (*type)->Presets().front() : ruleset,
                       base_dir);
}

std::expected<const GameType*, std::string> RecordGame(
    const v1::GameRecord& record) {
  return FindGame(record.game().empty() ? DefaultGame().Name() : record.game());
}

}  // namespace game
