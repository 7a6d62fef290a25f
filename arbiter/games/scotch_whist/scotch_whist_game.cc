#include "arbiter/games/scotch_whist/scotch_whist_game.h"

#include "arbiter/game/ruleset_game.h"
#include "arbiter/games/scotch_whist/scotch_whist_state.h"
#include "arbiter/games/scotch_whist/wire/convert.h"

namespace scotch_whist {
namespace {

game::RulesetGameSpec<Ruleset>::StateOrError NewState(
    std::shared_ptr<const game::Game> game,
    std::shared_ptr<const Ruleset> rules, const game::Setup& setup) {
  auto decks = game::ParseDecks(setup, ParseCardList);
  if (!decks) return std::unexpected(decks.error());
  auto state = State::New({.rules = std::move(rules),
                           .num_players = setup.num_seats,
                           .seed = setup.seed,
                           .first_dealer = setup.first_dealer,
                           .decks = std::move(*decks)});
  if (!state) return std::unexpected(state.error());
  return std::make_unique<ScotchWhistState>(std::move(game), std::move(*state));
}

const game::RulesetGameType<Ruleset>& Type() {
  static const game::RulesetGameType<Ruleset> type({
      .name = "scotch_whist",
      .min_seats = kMinPlayers,
      .max_seats = kMaxPlayers,
      .presets = kPresetNames,
      .preset = Preset,
      .parse = ParseRuleset,
      .apply = ApplyRulesetTable,
      .to_toml = RulesetToToml,
      .from_record = [](const game::v1::GameRecord& record)
          -> std::expected<Ruleset, std::string> {
        if (record.rules_case() != game::v1::GameRecord::kScotchWhistRuleset) {
          return std::unexpected("scotch_whist_ruleset: missing");
        }
        return wire::RulesetFromProto(record.scotch_whist_ruleset());
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

}  // namespace scotch_whist
