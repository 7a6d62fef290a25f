#include "arbiter/games/zetema/zetema_game.h"

#include "arbiter/game/ruleset_game.h"
#include "arbiter/games/zetema/ruleset_toml.h"
#include "arbiter/games/zetema/wire/convert.h"
#include "arbiter/games/zetema/zetema_state.h"

namespace zetema {
namespace {

game::RulesetGameSpec<Ruleset>::StateOrError NewState(
    std::shared_ptr<const game::Game> game,
    std::shared_ptr<const Ruleset> rules, const game::Setup& setup) {
  auto decks = game::ParseDecks(setup, ParseCards);
  if (!decks) return std::unexpected(decks.error());
  auto state = State::New({.rules = std::move(rules),
                           .num_players = setup.num_seats,
                           .seed = setup.seed,
                           .first_dealer = setup.first_dealer,
                           .decks = std::move(*decks)});
  if (!state) return std::unexpected(state.error());
  return std::make_unique<ZetemaState>(std::move(game), std::move(*state));
}

const game::RulesetGameType<Ruleset>& Type() {
  static const game::RulesetGameType<Ruleset> type({
      .name = "zetema",
      .min_seats = kMinPlayers,
      .max_seats = kMaxPlayers,
      .presets = kPresetNames,
      .preset = Preset,
      .parse = [](std::string_view text,
                  std::string_view /*source*/) { return ParseRuleset(text); },
      .apply = ApplyRulesetTable,
      .to_toml = RulesetToToml,
      .from_record = [](const game::v1::GameRecord& record)
          -> std::expected<Ruleset, std::string> {
        if (record.rules_case() != game::v1::GameRecord::kRuleset) {
          return std::unexpected("ruleset: missing");
        }
        return arbiter::RulesetFromProto(record.ruleset());
      },
      .new_state = NewState,
  });
  return type;
}

}  // namespace

const game::GameType& GameType() { return Type(); }

std::shared_ptr<const game::Game> MakeGame(Ruleset rules) {
  return Type().Make(std::move(rules));
}

}  // namespace zetema
