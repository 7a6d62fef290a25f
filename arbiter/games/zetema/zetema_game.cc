#include "arbiter/games/zetema/zetema_game.h"

#include <fmt/format.h>

#include "arbiter/games/zetema/state.h"

namespace zetema {
namespace {

class ZetemaState final : public game::GameState {
 public:
  explicit ZetemaState(State state) : state_(std::move(state)) {}

  int NumPlayers() const override { return state_.num_players(); }
  int CurrentPlayer() const override { return state_.CurrentPlayer(); }

  std::vector<std::string> LegalActionTexts() const override {
    std::vector<std::string> out;
    for (const Action& a : state_.LegalActions())
      out.push_back(ActionToString(a));
    return out;
  }

  std::expected<void, std::string> ApplyText(std::string_view text) override {
    const auto action = ParseAction(text);
    if (!action) return std::unexpected(action.error());
    return state_.Apply(*action);
  }

  std::vector<int> Teams() const override {
    return state_.rules().Teams(state_.num_players());
  }
  std::vector<int> Scores() const override {
    std::vector<int> out;
    for (int p = 0; p < state_.num_players(); ++p)
      out.push_back(state_.Score(p));
    return out;
  }
  std::vector<int> Standings() const override { return state_.Standings(); }

  std::string ObservationText(int seat) const override {
    const Observation o = state_.ObservationFor(seat, /*with_history=*/false);
    std::string out = fmt::format(
        "hand {} dealer {} to move {}\nyour hand: {}\npiles: {}\nwaste: {} "
        "cards\nstock: {} cards\n",
        o.hand_number, o.dealer, o.current_player, o.hand.ToString(),
        o.piles.ToString(), o.waste.Size(), o.stock_size);
    for (int p = 0; p < int(o.scores.size()); ++p) {
      out += fmt::format("seat {}: team {}, {} points, {} cards, shown: {}\n",
                         p, o.team_of[p], o.scores[p], o.hand_sizes[p],
                         o.known[p].ToString());
    }
    return out;
  }

  std::unique_ptr<game::GameState> Clone() const override {
    return std::make_unique<ZetemaState>(*this);
  }

 private:
  State state_;
};

class ZetemaGame final : public game::Game {
 public:
  explicit ZetemaGame(Ruleset rules)
      : rules_(std::make_shared<const Ruleset>(std::move(rules))) {}

  std::string_view Name() const override { return "zetema"; }
  int MinPlayers() const override { return kMinPlayers; }
  int MaxPlayers() const override { return kMaxPlayers; }

  std::expected<std::unique_ptr<game::GameState>, std::string> NewGame(
      int num_players, uint64_t seed) const override {
    auto state =
        State::New({.rules = rules_, .num_players = num_players, .seed = seed});
    if (!state) return std::unexpected(state.error());
    return std::make_unique<ZetemaState>(std::move(*state));
  }

 private:
  std::shared_ptr<const Ruleset> rules_;
};

}  // namespace

std::unique_ptr<game::Game> MakeGame(Ruleset rules) {
  return std::make_unique<ZetemaGame>(std::move(rules));
}

}  // namespace zetema
