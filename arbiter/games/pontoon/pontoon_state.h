// A game of Pontoon as a game::State: the engine's State behind the
// interface (arbiter/game/engine_state.h holds what every game's has).
#ifndef PONTOON_PONTOON_STATE_H_
#define PONTOON_PONTOON_STATE_H_

#include <memory>
#include <vector>

#include "arbiter/game/engine_state.h"
#include "arbiter/games/pontoon/state.h"

namespace pontoon {

class PontoonState final
    : public game::EngineState<PontoonState, pontoon::State, Action> {
 public:
  PontoonState(std::shared_ptr<const game::Game> game, pontoon::State state)
      : EngineState(std::move(game), std::move(state)) {}

  int NumSeats() const override { return state_.num_seats(); }
  int CurrentSeat() const override { return state_.CurrentSeat(); }

  std::string LegalActionText(int index) const override;
  std::expected<int, game::Refusal> ParseText(
      std::string_view text) const override;
  std::expected<int, game::Refusal> ParseTyped(
      const game::v1::ActionReply& reply) const override;
  void Apply(int index) override;

  std::string EventText(int index, int viewer) const override;
  int EventViewerClass(int index, int viewer) const override {
    return ViewerClass(state_.Events()[size_t(index)], viewer);
  }
  void FillEvents(int from, int viewer,
                  game::v1::GameEvent* out) const override;

  void FillGameStart(game::v1::GameStart* out) const override;
  void FillDecision(game::v1::DecisionRequest* out) const override;
  std::string ObservationText(int seat) const override;

  game::Outcome GetOutcome() const override;
  int FirstMover() const override { return state_.FirstBanker(); }
  void FillRecord(game::v1::GameRecord* record) const override;

  // pontoon_view.cc
  void FillView(game::TableView* out) const override;
  std::vector<game::Counter> Tallies() const override;
  nlohmann::json ToJson() const override;
  game::ExpectCheck Expect(std::string_view key,
                           const toml::node& want) const override;

 private:
  std::expected<int, game::Refusal> Find(const Action& action) const;
};

}  // namespace pontoon

#endif  // PONTOON_PONTOON_STATE_H_
