#include "arbiter/games/pontoon/pontoon_game.h"

#include "arbiter/games/pontoon/pontoon_state.h"
#include "arbiter/games/pontoon/wire/convert.h"

namespace pontoon {
namespace {

class PontoonGame final : public game::Game,
                          public std::enable_shared_from_this<PontoonGame> {
 public:
  explicit PontoonGame(Ruleset rules)
      : rules_(std::make_shared<const Ruleset>(std::move(rules))) {}

  const game::GameType& Type() const override { return GameType(); }
  std::string RulesetBase() const override { return rules_->base; }
  std::string RulesetToml() const override { return RulesetToToml(*rules_); }
  std::vector<int> Teams(int num_seats) const override {
    std::vector<int> teams(static_cast<size_t>(num_seats));
    for (int s = 0; s < num_seats; ++s) teams[size_t(s)] = s;
    return teams;
  }

  std::expected<std::unique_ptr<game::State>, std::string> NewState(
      const game::Setup& setup) const override {
    Config config{.rules = rules_,
                  .num_seats = setup.num_seats,
                  .seed = setup.seed,
                  .first_banker = setup.first_dealer};
    for (size_t i = 0; i < setup.decks.size(); ++i) {
      auto deck = ParsePack(setup.decks[i]);
      if (!deck) {
        return std::unexpected("decks[" + std::to_string(i) +
                               "]: " + deck.error());
      }
      config.decks.push_back(std::move(*deck));
    }
    auto state = State::New(std::move(config));
    if (!state) return std::unexpected(state.error());
    return std::make_unique<PontoonState>(shared_from_this(),
                                          std::move(*state));
  }

 private:
  std::shared_ptr<const Ruleset> rules_;
};

class PontoonType final : public game::GameType {
 public:
  std::string_view Name() const override { return "pontoon"; }
  int MinSeats() const override { return kMinSeats; }
  int MaxSeats() const override { return kMaxSeats; }
  std::span<const std::string_view> Presets() const override {
    return kPresetNames;
  }
  std::string_view DealerKey() const override { return "banker"; }

  std::expected<std::shared_ptr<const game::Game>, std::string> Load(
      std::string_view name_or_path, std::string_view base_dir,
      const toml::table* overrides, std::string_view prefix) const override {
    auto rules = LoadRuleset(name_or_path, base_dir);
    if (!rules) return std::unexpected(rules.error());
    if (overrides) {
      if (auto ok = ApplyTable(*overrides, prefix, false, &*rules); !ok) {
        return std::unexpected(ok.error());
      }
    }
    return MakeGame(std::move(*rules));
  }

  std::expected<std::shared_ptr<const game::Game>, std::string> FromRecord(
      const game::v1::GameRecord& record) const override {
    if (record.rules_case() != game::v1::GameRecord::kPontoonRuleset) {
      return std::unexpected("pontoon_ruleset: missing");
    }
    auto rules = wire::RulesetFromProto(record.pontoon_ruleset());
    if (!rules) return std::unexpected(rules.error());
    return MakeGame(std::move(*rules));
  }
};

}  // namespace

const game::GameType& GameType() {
  static const PontoonType type;
  return type;
}

std::shared_ptr<const game::Game> MakeGame(Ruleset rules) {
  return std::make_shared<PontoonGame>(std::move(rules));
}

}  // namespace pontoon
