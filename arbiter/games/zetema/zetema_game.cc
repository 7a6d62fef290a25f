#include "arbiter/games/zetema/zetema_game.h"

#include <array>

#include "arbiter/games/zetema/ruleset_file.h"
#include "arbiter/games/zetema/ruleset_toml.h"
#include "arbiter/games/zetema/wire/convert.h"
#include "arbiter/games/zetema/zetema_state.h"

namespace zetema {
namespace {

class ZetemaGame final : public game::Game,
                         public std::enable_shared_from_this<ZetemaGame> {
 public:
  explicit ZetemaGame(Ruleset rules)
      : rules_(std::make_shared<const Ruleset>(std::move(rules))) {}

  const game::GameType& Type() const override { return GameType(); }
  std::string RulesetBase() const override { return rules_->base; }
  std::string RulesetToml() const override { return RulesetToToml(*rules_); }
  std::vector<int> Teams(int num_seats) const override {
    return rules_->Teams(num_seats);
  }

  std::expected<std::unique_ptr<game::State>, std::string> NewState(
      const game::Setup& setup) const override {
    GameConfig config{.rules = rules_,
                      .num_players = setup.num_seats,
                      .seed = setup.seed,
                      .first_dealer = setup.first_dealer};
    for (size_t i = 0; i < setup.decks.size(); ++i) {
      auto deck = ParseCards(setup.decks[i]);
      if (!deck) {
        return std::unexpected("decks[" + std::to_string(i) +
                               "]: " + deck.error());
      }
      config.decks.push_back(std::move(*deck));
    }
    auto state = State::New(std::move(config));
    if (!state) return std::unexpected(state.error());
    return std::make_unique<ZetemaState>(shared_from_this(), std::move(*state));
  }

 private:
  std::shared_ptr<const Ruleset> rules_;
};

class ZetemaType final : public game::GameType {
 public:
  std::string_view Name() const override { return "zetema"; }
  int MinSeats() const override { return kMinPlayers; }
  int MaxSeats() const override { return kMaxPlayers; }
  std::span<const std::string_view> Presets() const override {
    return kPresetNames;
  }

  std::expected<std::shared_ptr<const game::Game>, std::string> Load(
      std::string_view name_or_path, std::string_view base_dir,
      const toml::table* overrides, std::string_view prefix) const override {
    auto rules = LoadRuleset(name_or_path, base_dir);
    if (!rules) return std::unexpected(rules.error());
    if (overrides) {
      if (overrides->contains("base")) {
        return std::unexpected(std::string(prefix) +
                               "base: name the base ruleset, not here");
      }
      const std::string error = ApplyRulesetTable(*overrides, prefix, &*rules);
      if (!error.empty()) return std::unexpected(error);
    }
    return MakeGame(std::move(*rules));
  }

  std::expected<std::shared_ptr<const game::Game>, std::string> FromRecord(
      const game::v1::GameRecord& record) const override {
    if (record.rules_case() != game::v1::GameRecord::kRuleset) {
      return std::unexpected("ruleset: missing");
    }
    auto rules = arbiter::RulesetFromProto(record.ruleset());
    if (!rules) return std::unexpected(rules.error());
    return MakeGame(std::move(*rules));
  }
};

}  // namespace

const game::GameType& GameType() {
  static const ZetemaType type;
  return type;
}

std::shared_ptr<const game::Game> MakeGame(Ruleset rules) {
  return std::make_shared<ZetemaGame>(std::move(rules));
}

}  // namespace zetema
