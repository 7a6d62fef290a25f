// A game of Scotch Whist as a game::State: the engine's State plus what the
// interface needs around it (the legal cards of the current decision, listed
// once; viewers mapped onto the engine's).
#ifndef SCOTCH_WHIST_SCOTCH_WHIST_STATE_H_
#define SCOTCH_WHIST_SCOTCH_WHIST_STATE_H_

#include <memory>
#include <vector>

#include "arbiter/game/game.h"
#include "arbiter/games/scotch_whist/state.h"

namespace scotch_whist {

class ScotchWhistState final : public game::State {
 public:
  ScotchWhistState(std::shared_ptr<const game::Game> game,
                   scotch_whist::State state)
      : game_(std::move(game)), state_(std::move(state)) {}

  std::unique_ptr<game::State> Clone() const override {
    return std::make_unique<ScotchWhistState>(*this);
  }
  int NumSeats() const override { return state_.num_players(); }
  int CurrentSeat() const override { return state_.CurrentPlayer(); }
  std::vector<int> Teams() const override;

  int NumLegalActions() const override { return int(Legal().size()); }
  std::string LegalActionText(int index) const override;
  std::expected<int, game::Refusal> ParseText(
      std::string_view text) const override;
  std::expected<int, game::Refusal> ParseTyped(
      const game::v1::ActionReply& reply) const override;
  void Apply(int index) override;

  int NumEvents() const override { return int(state_.Events().size()); }
  std::string EventText(int index, int viewer) const override;
  void FillEvents(int from, int viewer,
                  game::v1::GameEvent* out) const override;

  void FillGameStart(game::v1::GameStart* out) const override;
  void FillDecision(game::v1::DecisionRequest* out) const override;
  std::string ObservationText(int seat) const override;

  game::Outcome GetOutcome() const override;
  int FirstMover() const override {
    return (state_.FirstDealer() + 1) % state_.num_players();
  }
  void FillRecord(game::v1::GameRecord* record) const override;

  // scotch_whist_view.cc
  game::TableView View() const override;
  std::vector<game::Counter> Tallies() const override;
  nlohmann::json ToJson() const override;
  game::ExpectCheck Expect(std::string_view key,
                           const toml::node& want) const override;

  const scotch_whist::State& engine() const { return state_; }

 private:
  const std::vector<Card>& Legal() const;
  // The legal action that plays `card`, or why it is illegal.
  std::expected<int, game::Refusal> Find(Card card) const;

  std::shared_ptr<const game::Game> game_;  // keeps the ruleset alive
  scotch_whist::State state_;
  mutable std::vector<Card> legal_;
  mutable bool legal_listed_ = false;
};

// The engine's viewer (text.h) for an interface viewer.
int EngineViewer(int viewer);

}  // namespace scotch_whist

#endif  // SCOTCH_WHIST_SCOTCH_WHIST_STATE_H_
