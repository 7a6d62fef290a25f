#include "arbiter/games/zetema/zetema_state.h"

#include <fmt/format.h>

#include <algorithm>

#include "arbiter/games/zetema/wire/convert.h"

namespace zetema {

namespace pb = ::zetema::v1;
using game::Refusal;

int EngineViewer(int viewer) {
  return viewer == game::kOmniscient ? -1
         : viewer < 0                ? arbiter::kPublicViewer
                                     : viewer;
}

ZetemaState::ZetemaState(std::shared_ptr<const game::Game> game,
                         zetema::State state)
    : EngineState(std::move(game), std::move(state)),
      first_dealer_(state_.Dealer()) {}

std::string ZetemaState::LegalActionText(int index) const {
  return ActionToString(Legal()[index]);
}

std::expected<int, Refusal> ZetemaState::Find(const Action& action,
                                              const std::string& text) const {
  const auto& legal = Legal();
  const auto it = std::find(legal.begin(), legal.end(), action);
  if (it != legal.end()) return int(it - legal.begin());
  // Not listed: the engine says why.
  auto legalized = state_.Legalize(action);
  return std::unexpected(Refusal{
      .kind = Refusal::kIllegal,
      .detail = "illegal action '" + text + "': " +
                (legalized ? "not a legal action now" : legalized.error())});
}

std::expected<int, Refusal> ZetemaState::ParseText(
    std::string_view text) const {
  auto action = ParseAction(text);
  if (!action) {
    return std::unexpected(
        Refusal{.kind = Refusal::kMalformed,
                .detail = "unreadable action: " + action.error() + " in '" +
                          std::string(text) + "'"});
  }
  return Find(*action, ActionToString(*action));
}

std::expected<int, Refusal> ZetemaState::ParseTyped(
    const game::v1::ActionReply& reply) const {
  if (reply.answer_case() != game::v1::ActionReply::kAction) {
    return std::unexpected(Refusal{
        .kind = Refusal::kMalformed,
        .detail = "the answer holds another game's action, not a Zetema one"});
  }
  auto action = arbiter::ActionFromProto(reply.action());
  if (!action) {
    return std::unexpected(
        Refusal{.kind = Refusal::kMalformed,
                .detail = "unreadable action: " + action.error()});
  }
  return Find(*action, ActionToString(*action));
}

void ZetemaState::Apply(int index) {
  state_.ApplyLegal(Legal()[index]);
  ForgetLegal();
}

std::string ZetemaState::EventText(int index, int viewer) const {
  return EventToString(state_.Events()[index], EngineViewer(viewer));
}

void ZetemaState::FillEvents(int from, int viewer,
                             game::v1::GameEvent* out) const {
  const auto& events = state_.Events();
  auto* batch = out->mutable_zetema();
  const int v = EngineViewer(viewer);
  for (size_t i = from; i < events.size(); ++i) {
    arbiter::EventToProto(events[i], v, batch->add_events());
  }
}

void ZetemaState::FillGameStart(game::v1::GameStart* out) const {
  auto* start = out->mutable_zetema();
  *start->mutable_ruleset() = arbiter::RulesetToProto(state_.rules());
  start->set_first_dealer(first_dealer_);
}

void ZetemaState::FillDecision(game::v1::DecisionRequest* out) const {
  const auto& legal = Legal();
  out->set_num_legal_actions(uint32_t(legal.size()));
  auto* d = out->mutable_zetema();
  const int seat = state_.CurrentPlayer();
  // In place: the request may live on an arena (match.cc).
  arbiter::ObservationToProto(
      state_.ObservationFor(seat, /*with_history=*/false), state_.num_players(),
      d->mutable_observation());
  for (const auto& a : legal) {
    auto* l = d->add_legal_actions();
    arbiter::ActionToProto(a, l->mutable_action());
    l->set_text(ActionToString(a));
    l->set_points(state_.ActionPoints(a));
  }
}

std::string ZetemaState::ObservationText(int seat) const {
  const Observation o = state_.ObservationFor(seat, /*with_history=*/false);
  std::string out = fmt::format(
      "hand {} dealer {} to move {}\nyour hand: {}\npiles: {}\nwaste: {} "
      "cards\nstock: {} cards\n",
      o.hand_number, o.dealer, o.current_player, o.hand.ToString(),
      o.piles.ToString(), o.waste.Size(), o.stock_size);
  for (int p = 0; p < int(o.scores.size()); ++p) {
    out += fmt::format("seat {}: team {}, {} points, {} cards, shown: {}\n", p,
                       o.team_of[p], o.scores[p], o.hand_sizes[p],
                       o.known[p].ToString());
  }
  return out;
}

void ZetemaState::FillRecord(game::v1::GameRecord* record) const {
  *record->mutable_ruleset() = arbiter::RulesetToProto(state_.rules());
  record->set_first_dealer(first_dealer_);
  record->set_first_mover(FirstMover());
  record->clear_deals();
  record->clear_events();
  for (const auto& e : state_.Events()) {
    if (e.type == EventType::kDeal) {
      auto* deal = record->add_deals();
      deal->set_hand_number(e.value);
      deal->set_dealer(e.seat);
      deal->set_deck(CardsToString(state_.Deck(e.value)));
    }
    arbiter::EventToProto(e, arbiter::kPublicViewer, record->add_events());
  }
}

}  // namespace zetema
