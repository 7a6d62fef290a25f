#include "arbiter/games/scotch_whist/scotch_whist_game.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "arbiter/games/scotch_whist/scotch_whist_state.h"
#include "arbiter/games/scotch_whist/wire/convert.h"

namespace scotch_whist {
namespace {

class ScotchWhistGame final
    : public game::Game,
      public std::enable_shared_from_this<ScotchWhistGame> {
 public:
  explicit ScotchWhistGame(Ruleset rules)
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
      auto deck = ParseCardList(setup.decks[i]);
      if (!deck) {
        return std::unexpected("decks[" + std::to_string(i) +
                               "]: " + deck.error());
      }
      config.decks.push_back(std::move(*deck));
    }
    auto state = State::New(std::move(config));
    if (!state) return std::unexpected(state.error());
    return std::make_unique<ScotchWhistState>(shared_from_this(),
                                              std::move(*state));
  }

 private:
  std::shared_ptr<const Ruleset> rules_;
};

// A preset, or a ruleset file (relative paths tried against `base_dir`
// first).
std::expected<Ruleset, std::string> LoadRuleset(std::string_view name_or_path,
                                                std::string_view base_dir) {
  for (std::string_view preset : kPresetNames) {
    if (name_or_path == preset) return Preset(preset);
  }
  namespace fs = std::filesystem;
  fs::path path(name_or_path);
  if (path.is_relative() && !base_dir.empty() &&
      fs::exists(fs::path(base_dir) / path)) {
    path = fs::path(base_dir) / path;
  }
  std::error_code error;
  if (!fs::is_regular_file(path, error)) {
    return std::unexpected(std::string(name_or_path) +
                           ": no such preset (standard, partnerships) or "
                           "ruleset file");
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) return std::unexpected(path.string() + ": read error");
  auto rules = ParseRuleset(text.str(), path.string());
  if (!rules) return std::unexpected(path.string() + ": " + rules.error());
  return rules;
}

constexpr std::array<std::string_view, 2> kPresets = kPresetNames;

class ScotchWhistType final : public game::GameType {
 public:
  std::string_view Name() const override { return "scotch_whist"; }
  int MinSeats() const override { return kMinPlayers; }
  int MaxSeats() const override { return kMaxPlayers; }
  std::span<const std::string_view> Presets() const override {
    return kPresets;
  }

  std::expected<std::shared_ptr<const game::Game>, std::string> Load(
      std::string_view name_or_path, std::string_view base_dir,
      const toml::table* overrides, std::string_view prefix) const override {
    auto rules = LoadRuleset(name_or_path, base_dir);
    if (!rules) return std::unexpected(rules.error());
    if (overrides) {
      const std::string error = ApplyRulesetTable(*overrides, prefix, &*rules);
      if (!error.empty()) return std::unexpected(error);
    }
    return MakeGame(std::move(*rules));
  }

  std::expected<std::shared_ptr<const game::Game>, std::string> FromRecord(
      const game::v1::GameRecord& record) const override {
    if (record.rules_case() != game::v1::GameRecord::kScotchWhistRuleset) {
      return std::unexpected("scotch_whist_ruleset: missing");
    }
    auto rules = wire::RulesetFromProto(record.scotch_whist_ruleset());
    if (!rules) return std::unexpected(rules.error());
    return MakeGame(std::move(*rules));
  }
};

}  // namespace

const game::GameType& GameType() {
  static const ScotchWhistType type;
  return type;
}

std::shared_ptr<const game::Game> MakeGame(Ruleset rules) {
  return std::make_shared<ScotchWhistGame>(std::move(rules));
}

}  // namespace scotch_whist
