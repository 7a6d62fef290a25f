// The Game and GameType of a game whose ruleset is a value (a struct of
// knobs with a `base` preset name): what every such game's adapter would
// otherwise write again. A game fills a RulesetGameSpec with its own parts
// (name, seats, presets, ruleset parsing, records, making a State) and keeps
// one RulesetGameType of it:
//
//   const game::GameType& GameType() {
//     static const game::RulesetGameType<Ruleset> type({.name = "...", ...});
//     return type;
//   }
//
// Loading is the same for every such game: a preset name, or a ruleset file
// (a relative path tried against the base folder first); then the overrides,
// `base` refused among them.
#ifndef ARBITER_GAME_RULESET_GAME_H_
#define ARBITER_GAME_RULESET_GAME_H_

#include <expected>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/game/game.h"

namespace game {

// One team per seat (every game without partnerships).
std::vector<int> SeatTeams(int num_seats);

// Where a ruleset named by a preset or a file comes from.
struct RulesetSource {
  std::string preset;  // the preset's name, or empty for a file
  std::string path;    // the file read (a relative name resolved)
  std::string text;    // its contents
};
// `name_or_path` as one of `presets`, or else as a file (a relative path is
// tried against `base_dir` first, then as given). Errors name the file.
std::expected<RulesetSource, std::string> FindRuleset(
    std::string_view name_or_path, std::string_view base_dir,
    std::span<const std::string_view> presets);

// Setup::decks parsed with the game's `parse` (text to a vector of cards);
// an error names the deck ("decks[1]: ...").
template <class Parse>
auto ParseDecks(const Setup& setup, Parse parse) -> std::expected<
    std::vector<typename decltype(parse(std::string_view()))::value_type>,
    std::string> {
  using Deck = typename decltype(parse(std::string_view()))::value_type;
  std::vector<Deck> decks;
  for (size_t i = 0; i < setup.decks.size(); ++i) {
    auto deck = parse(setup.decks[i]);
    if (!deck) {
      return std::unexpected("decks[" + std::to_string(i) +
                             "]: " + deck.error());
    }
    decks.push_back(std::move(*deck));
  }
  return decks;
}

template <class Ruleset>
struct RulesetGameSpec {
  using Rules = std::shared_ptr<const Ruleset>;
  using StateOrError = std::expected<std::unique_ptr<State>, std::string>;

  std::string_view name;
  int min_seats = 2;
  int max_seats = 2;
  std::span<const std::string_view> presets;  // the first is the default
  std::string_view dealer_key = "dealer";

  // The ruleset of one of `presets`.
  std::expected<Ruleset, std::string> (*preset)(std::string_view name);
  // A ruleset file's text (`source` names it in errors).
  std::expected<Ruleset, std::string> (*parse)(std::string_view text,
                                               std::string_view source);
  // Overrides `rules` with the keys of `table` (never `base`), then
  // validates; errors name the key, prefixed with `prefix`.
  std::expected<void, std::string> (*apply)(const toml::table& table,
                                            std::string_view prefix,
                                            Ruleset* rules);
  // Every knob as a ruleset file that `parse` gives back.
  std::string (*to_toml)(const Ruleset& rules);
  // The ruleset part of a record.
  std::expected<Ruleset, std::string> (*from_record)(
      const v1::GameRecord& record);
  // A new game of `game` (whose ruleset is `rules`).
  StateOrError (*new_state)(std::shared_ptr<const Game> game, Rules rules,
                            const Setup& setup);
};

template <class Ruleset>
class RulesetGameType;

template <class Ruleset>
class RulesetGame final
    : public Game,
      public std::enable_shared_from_this<RulesetGame<Ruleset>> {
 public:
  RulesetGame(const RulesetGameType<Ruleset>& type, Ruleset rules)
      : type_(type),
        rules_(std::make_shared<const Ruleset>(std::move(rules))) {}

  const GameType& Type() const override { return type_; }
  std::string RulesetBase() const override { return rules_->base; }
  std::string RulesetToml() const override {
    return type_.spec().to_toml(*rules_);
  }
  // The ruleset's Teams(num_seats) where it has one (partnerships), else
  // one team per seat.
  std::vector<int> Teams(int num_seats) const override {
    if constexpr (requires { rules_->Teams(num_seats); }) {
      return rules_->Teams(num_seats);
    } else {
      return SeatTeams(num_seats);
    }
  }
  std::expected<std::unique_ptr<State>, std::string> NewState(
      const Setup& setup) const override {
    return type_.spec().new_state(this->shared_from_this(), rules_, setup);
  }

 private:
  const RulesetGameType<Ruleset>& type_;  // a static: outlives every game
  std::shared_ptr<const Ruleset> rules_;
};

template <class Ruleset>
class RulesetGameType final : public GameType {
 public:
  explicit RulesetGameType(RulesetGameSpec<Ruleset> spec)
      : spec_(std::move(spec)) {}

  const RulesetGameSpec<Ruleset>& spec() const { return spec_; }
  std::shared_ptr<const Game> Make(Ruleset rules) const {
    return std::make_shared<RulesetGame<Ruleset>>(*this, std::move(rules));
  }

  std::string_view Name() const override { return spec_.name; }
  int MinSeats() const override { return spec_.min_seats; }
  int MaxSeats() const override { return spec_.max_seats; }
  std::span<const std::string_view> Presets() const override {
    return spec_.presets;
  }
  std::string_view DealerKey() const override { return spec_.dealer_key; }

  std::expected<std::shared_ptr<const Game>, std::string> Load(
      std::string_view name_or_path, std::string_view base_dir,
      const toml::table* overrides, std::string_view prefix) const override {
    auto source = FindRuleset(name_or_path, base_dir, spec_.presets);
    if (!source) return std::unexpected(source.error());
    auto rules = source->preset.empty()
                     ? spec_.parse(source->text, source->path)
                     : spec_.preset(source->preset);
    if (!rules) {
      return std::unexpected(source->preset.empty()
                                 ? source->path + ": " + rules.error()
                                 : rules.error());
    }
    if (overrides) {
      if (overrides->contains("base")) {
        return std::unexpected(std::string(prefix) +
                               "base: name the base ruleset, not here");
      }
      if (auto ok = spec_.apply(*overrides, prefix, &*rules); !ok) {
        return std::unexpected(ok.error());
      }
    }
    return Make(std::move(*rules));
  }

  std::expected<std::shared_ptr<const Game>, std::string> FromRecord(
      const v1::GameRecord& record) const override {
    auto rules = spec_.from_record(record);
    if (!rules) return std::unexpected(rules.error());
    return Make(std::move(*rules));
  }

 private:
  RulesetGameSpec<Ruleset> spec_;
};

}  // namespace game

#endif  // ARBITER_GAME_RULESET_GAME_H_
