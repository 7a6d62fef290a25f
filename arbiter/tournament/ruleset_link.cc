#include "arbiter/tournament/ruleset_link.h"

#include <fmt/format.h>

#include "arbiter/game/registry.h"

namespace arbiter::tournament {

std::expected<ResolvedRuleset, std::string> ResolveRuleset(
    const TournamentConfig& config) {
  auto type = game::FindGame(config.game.empty() ? game::DefaultGame().Name()
                                                 : config.game);
  if (!type) return std::unexpected("game: " + type.error());
  const game::GameType& t = **type;
  if (config.seats < t.MinSeats() || config.seats > t.MaxSeats()) {
    return std::unexpected(fmt::format("seats: must be {}..{} for {}, got {}",
                                       t.MinSeats(), t.MaxSeats(), t.Name(),
                                       config.seats));
  }
  auto game = t.Load(config.ruleset.empty() ? t.Presets().front()
                                            : std::string_view(config.ruleset),
                     config.base_dir.string());
  if (!game) return std::unexpected("ruleset: " + game.error());
  ResolvedRuleset out{*game, {(*game)->Teams(config.seats)}};
  if (auto ok = CheckLayout(config, out.layout); !ok) {
    return std::unexpected(ok.error());
  }
  return out;
}

}  // namespace arbiter::tournament
