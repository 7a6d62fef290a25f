// What every game::State that wraps a game's engine holds around it: the
// Game (which keeps the engine's ruleset alive), the engine's state, and the
// legal actions of the current decision, listed once per decision by the
// engine's `LegalActions(std::vector<Action>*)`.
//
//   class PontoonState final
//       : public game::EngineState<PontoonState, pontoon::State, Action> {
//     ...
//   };
//
// The derived class plays an action on `state_` and then calls ForgetLegal().
#ifndef ARBITER_GAME_ENGINE_STATE_H_
#define ARBITER_GAME_ENGINE_STATE_H_

#include <memory>
#include <utility>
#include <vector>

#include "arbiter/game/game.h"

namespace game {

template <class Derived, class Engine, class Action>
class EngineState : public State {
 public:
  std::unique_ptr<State> Clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  std::vector<int> Teams() const override { return game_->Teams(NumSeats()); }
  int NumLegalActions() const override { return int(Legal().size()); }
  int NumEvents() const override { return int(state_.Events().size()); }
  // The games write their views with FillView, which View() calls.
  void FillView(TableView* out) const override = 0;
  TableView View() const override {
    TableView view;
    FillView(&view);
    return view;
  }

  const Engine& engine() const { return state_; }

 protected:
  EngineState(std::shared_ptr<const Game> game, Engine state)
      : game_(std::move(game)), state_(std::move(state)) {}

  const std::vector<Action>& Legal() const {
    if (!legal_listed_) {
      state_.LegalActions(&legal_);
      legal_listed_ = true;
    }
    return legal_;
  }
  // After every change of `state_`.
  void ForgetLegal() { legal_listed_ = false; }

  std::shared_ptr<const Game> game_;  // keeps the ruleset alive
  Engine state_;

 private:
  mutable std::vector<Action> legal_;
  mutable bool legal_listed_ = false;
};

// The outcome of an engine of a game played until a seat (or team) reaches
// a target or a number of hands is played (Zetema, Scotch Whist).
template <class Engine>
Outcome TargetOutcome(const Engine& engine) {
  Outcome o;
  for (int p = 0; p < engine.num_players(); ++p) {
    o.scores.push_back(engine.Score(p));
  }
  for (int t = 0; t < engine.NumTeams(); ++t) {
    o.team_scores.push_back(engine.TeamScore(t));
  }
  o.places = engine.Standings();
  o.winner = engine.Winner();
  if (engine.IsTerminal()) {
    o.end_reason =
        engine.Winner() >= 0 ? v1::END_REASON_TARGET : v1::END_REASON_MAX_HANDS;
  }
  o.hands_played = engine.HandNumber();
  return o;
}

}  // namespace game

#endif  // ARBITER_GAME_ENGINE_STATE_H_
