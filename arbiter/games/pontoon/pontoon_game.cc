#include "arbiter/games/pontoon/pontoon_game.h"

#include "arbiter/game/ruleset_game.h"
#include "arbiter/games/pontoon/pontoon_state.h"
#include "arbiter/games/pontoon/wire/convert.h"

namespace pontoon {
namespace {

game::RulesetGameSpec<Ruleset>::StateOrError NewState(
    std::shared_ptr<const game::Game> game,
    std::shared_ptr<const Ruleset> rules, const game::Setup& setup) {
  auto decks = game::ParseDecks(setup, ParsePack);
  if (!decks) return std::unexpected(decks.error());
  auto state = State::New({.rules = std::move(rules),
                           .num_seats = setup.num_seats,
                           .seed = setup.seed,
                           .first_banker = setup.first_dealer,
                           .decks = std::move(*decks)});
  if (!state) return std::unexpected(state.error());
  return std::make_unique<PontoonState>(std::move(game), std::move(*state));
}

const game::RulesetGameType<Ruleset>& Type() {
  static const game::RulesetGameType<Ruleset> type({
      .name = "pontoon",
      .min_seats = kMinSeats,
      .max_seats = kMaxSeats,
      .presets = kPresetNames,
      .dealer_key = "banker",
      .preset = Preset,
      .parse = ParseRuleset,
      .apply =
          [](const toml::table& table, std::string_view prefix,
             Ruleset* rules) {
            return ApplyTable(table, prefix, false, rules);
          },
      .to_toml = RulesetToToml,
      .from_record = [](const game::v1::GameRecord& record)
          -> std::expected<Ruleset, std::string> {
        if (record.rules_case() != game::v1::GameRecord::kPontoonRuleset) {
          return std::unexpected("pontoon_ruleset: missing");
        }
        return wire::RulesetFromProto(record.pontoon_ruleset());
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

}  // namespace pontoon
