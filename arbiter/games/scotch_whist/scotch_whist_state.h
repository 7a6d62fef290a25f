// A game of Scotch Whist as a game::State: the engine's State behind the
// interface (arbiter/game/engine_state.h holds what every game's has), with
// viewers mapped onto the engine's.
#ifndef SCOTCH_WHIST_SCOTCH_WHIST_STATE_H_
#define SCOTCH_WHIST_SCOTCH_WHIST_STATE_H_

#include <memory>
#include <vector>

#include "arbiter/game/engine_state.h"
#include "arbiter/games/scotch_whist/state.h"

namespace scotch_whist {

class ScotchWhistState final
    : public game::EngineState<ScotchWhistState, scotch_whist::State, Card> {
 public:
  ScotchWhistState(std::shared_ptr<const game::Game> game,
                   scotch_whist::State state)
      : EngineState(std::move(game), std::move(state)) {}

  int NumSeats() const override { return state_.num_players(); }
  int CurrentSeat() const override { return state_.CurrentPlayer(); }

  std::string LegalActionText(int index) const override;
  std::expected<int, game::Refusal> ParseText(
      std::string_view text) const override;
  std::expected<int, game::Refusal> ParseTyped(
      const game::v1::ActionReply& reply) const override;
  void Apply(int index) override;

  std::string EventText(int index, int viewer) const override;
  int EventViewerClass(int index, int viewer) const override;
  void FillEvents(int from, int viewer,
                  game::v1::GameEvent* out) const override;

  void FillGameStart(game::v1::GameStart* out) const override;
  void FillDecision(game::v1::DecisionRequest* out) const override;
  std::string ObservationText(int seat) const override;

  game::Outcome GetOutcome() const override {
    return game::TargetOutcome(state_);
  }
  int FirstMover() const override {
    return (state_.FirstDealer() + 1) % state_.num_players();
  }
  void FillRecord(game::v1::GameRecord* record) const override;

  // scotch_whist_view.cc
  void FillView(game::TableView* out) const override;
  std::vector<game::Counter> Tallies() const override;
  nlohmann::json ToJson() const override;
  game::ExpectCheck Expect(std::string_view key,
                           const toml::node& want) const override;

 private:
  // The legal action that plays `card`, or why it is illegal.
  std::expected<int, game::Refusal> Find(Card card) const;
};

// The engine's viewer (text.h) for an interface viewer.
int EngineViewer(int viewer);

}  // namespace scotch_whist

#endif  // SCOTCH_WHIST_SCOTCH_WHIST_STATE_H_
