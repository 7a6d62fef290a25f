// A game of Pontoon as a game::State: the engine's State plus what the
// interface needs around it (the legal actions of the current decision,
// listed once).
#ifndef PONTOON_PONTOON_STATE_H_
#define PONTOON_PONTOON_STATE_H_

#include <memory>
#include <vector>

#include "arbiter/game/game.h"
#include "arbiter/games/pontoon/state.h"

namespace pontoon {

class PontoonState final : public game::State {
 public:
  PontoonState(std::shared_ptr<const game::Game> game, pontoon::State state)
      : game_(std::move(game)), state_(std::move(state)) {}

  std::unique_ptr<game::State> Clone() const override {
    return std::make_unique<PontoonState>(*this);
  }
  int NumSeats() const override { return state_.num_seats(); }
  int CurrentSeat() const override { return state_.CurrentSeat(); }
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
  int FirstMover() const override { return state_.FirstBanker(); }
  void FillRecord(game::v1::GameRecord* record) const override;

  // pontoon_view.cc
  game::TableView View() const override;
  std::vector<game::Counter> Tallies() const override;
  nlohmann::json ToJson() const override;
  game::ExpectCheck Expect(std::string_view key,
                           const toml::node& want) const override;

  const pontoon::State& engine() const { return state_; }

 private:
  const std::vector<Action>& Legal() const;
  std::expected<int, game::Refusal> Find(const Action& action) const;

  std::shared_ptr<const game::Game> game_;  // keeps the ruleset alive
  pontoon::State state_;
  mutable std::vector<Action> legal_;
  mutable bool legal_listed_ = false;
};

}  // namespace pontoon

#endif  // PONTOON_PONTOON_STATE_H_
