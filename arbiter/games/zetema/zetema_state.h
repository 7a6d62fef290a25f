// A game of Zetema as a game::State: the engine's State behind the interface
// (arbiter/game/engine_state.h holds what every game's has), with the first
// dealer and viewers mapped onto the engine's.
#ifndef ZETEMA_ZETEMA_STATE_H_
#define ZETEMA_ZETEMA_STATE_H_

#include <cassert>
#include <memory>
#include <vector>

#include "arbiter/game/engine_state.h"
#include "arbiter/games/zetema/state.h"

namespace zetema {

// The engine's viewer for an interface viewer: -1 sees every draw, and any
// number that is no seat sees none.
int EngineViewer(int viewer);

class ZetemaState final
    : public game::EngineState<ZetemaState, zetema::State, Action> {
 public:
  ZetemaState(std::shared_ptr<const game::Game> game, zetema::State state);

  int NumSeats() const override { return state_.num_players(); }
  int CurrentSeat() const override { return state_.CurrentPlayer(); }

  std::string LegalActionText(int index) const override;
  int LegalActionPoints(int index) const override {
    return state_.ActionPoints(Legal()[index]);
  }
  std::expected<int, game::Refusal> ParseText(
      std::string_view text) const override;
  std::expected<int, game::Refusal> ParseTyped(
      const game::v1::ActionReply& reply) const override;
  void Apply(int index) override;

  std::string EventText(int index, int viewer) const override;
  int EventViewerClass(int index, int viewer) const override {
    return ViewerClass(state_.Events()[size_t(index)], EngineViewer(viewer));
  }
  void FillEvents(int from, int viewer,
                  game::v1::GameEvent* out) const override;

  void FillGameStart(game::v1::GameStart* out) const override;
  void FillDecision(game::v1::DecisionRequest* out) const override;
  // Bots of the 0.1 protocol read the result from GameEnd.zetema, a
  // zetema.v1.Result: the same fields and numbers as the outcome's
  // arbiter.v1.Result, so its bytes are copied as they are.
  void FillGameEnd(game::v1::GameEnd* out) const override {
    const bool same_bytes = out->mutable_zetema()->ParseFromString(
        out->outcome().SerializeAsString());
    assert(same_bytes);
    (void)same_bytes;
  }
  std::string ObservationText(int seat) const override;

  game::Outcome GetOutcome() const override {
    return game::TargetOutcome(state_);
  }
  int FirstMover() const override {
    return (first_dealer_ + 1) % state_.num_players();
  }
  void FillRecord(game::v1::GameRecord* record) const override;

  // zetema_view.cc
  void FillView(game::TableView* out) const override;
  std::vector<game::Counter> Tallies() const override;
  nlohmann::json ToJson() const override;
  game::ExpectCheck Expect(std::string_view key,
                           const toml::node& want) const override;

 private:
  // The legal action equal to `action`, or why it is illegal.
  std::expected<int, game::Refusal> Find(const Action& action,
                                         const std::string& text) const;

  int first_dealer_;
};

}  // namespace zetema

#endif  // ZETEMA_ZETEMA_STATE_H_
