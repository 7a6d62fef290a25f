#include "arbiter/games/pontoon/pontoon_state.h"

#include <fmt/format.h>

#include <algorithm>

#include "arbiter/games/pontoon/wire/convert.h"

namespace pontoon {

using game::Refusal;

std::string PontoonState::LegalActionText(int index) const {
  return ActionText(Legal()[size_t(index)]);
}

std::expected<int, Refusal> PontoonState::Find(const Action& action) const {
  const auto& legal = Legal();
  const auto it = std::find(legal.begin(), legal.end(), action);
  if (it != legal.end()) return int(it - legal.begin());
  std::string why = state_.WhyIllegal(action);
  if (why.empty()) why = "not a legal action now";
  return std::unexpected(
      Refusal{.kind = Refusal::kIllegal,
              .detail = "illegal action '" + ActionText(action) + "': " + why});
}

std::expected<int, Refusal> PontoonState::ParseText(
    std::string_view text) const {
  auto action = ParseAction(text);
  if (!action) {
    return std::unexpected(
        Refusal{.kind = Refusal::kMalformed,
                .detail = "unreadable action: " + action.error() + " in '" +
                          std::string(text) + "'"});
  }
  return Find(*action);
}

std::expected<int, Refusal> PontoonState::ParseTyped(
    const game::v1::ActionReply& reply) const {
  if (reply.answer_case() != game::v1::ActionReply::kPontoon) {
    return std::unexpected(Refusal{
        .kind = Refusal::kMalformed,
        .detail = "the answer holds another game's action, not a Pontoon one"});
  }
  auto action = wire::ActionFromProto(reply.pontoon());
  if (!action) {
    return std::unexpected(
        Refusal{.kind = Refusal::kMalformed,
                .detail = "unreadable action: " + action.error()});
  }
  return Find(*action);
}

void PontoonState::Apply(int index) {
  state_.Apply(Legal()[size_t(index)]);
  ForgetLegal();
}

std::string PontoonState::EventText(int index, int viewer) const {
  const Event& e = state_.Events()[size_t(index)];
  return pontoon::EventText(e, state_.EventCards(e), viewer);
}

void PontoonState::FillEvents(int from, int viewer,
                              game::v1::GameEvent* out) const {
  const auto& events = state_.Events();
  auto* batch = out->mutable_pontoon();
  for (size_t i = size_t(from); i < events.size(); ++i) {
    wire::EventToProto(state_, events[i], viewer, batch->add_events());
  }
}

void PontoonState::FillGameStart(game::v1::GameStart* out) const {
  auto* start = out->mutable_pontoon();
  *start->mutable_ruleset() = wire::RulesetToProto(state_.rules());
  start->set_first_banker(state_.FirstBanker());
}

void PontoonState::FillDecision(game::v1::DecisionRequest* out) const {
  const auto& legal = Legal();
  out->set_num_legal_actions(uint32_t(legal.size()));
  auto* d = out->mutable_pontoon();
  // In place: the request may live on an arena (match.cc).
  wire::ObservationToProto(state_, state_.CurrentSeat(),
                           d->mutable_observation());
  for (const auto& a : legal) {
    auto* l = d->add_legal_actions();
    wire::ActionToProto(a, l->mutable_action());
    l->set_text(ActionText(a));
  }
}

std::string PontoonState::ObservationText(int seat) const {
  const pontoon::State& s = state_;
  std::string out = fmt::format(
      "hand {} of {}, banker seat {}, to act seat {}\npack: {} "
      "cards\n",
      s.HandNumber(), s.rules().hands, s.Banker(), s.CurrentSeat(),
      s.PackSize());
  for (int p = 0; p < s.num_seats(); ++p) {
    const Seat& st = s.SeatAt(p);
    out +=
        fmt::format("seat {}{}: {} chips, stake {}", p,
                    p == s.Banker() ? " (banker)" : "", st.chips, st.Stake());
    for (const Hand& h : st.Hands()) {
      if (h.status == HandStatus::kBust) {
        out += " | bust";
        continue;
      }
      out += " |";
      for (int i = 0; i < h.size; ++i) {
        out += " " + (wire::CardVisible(h, i, p, seat)
                          ? CardText(h.cards[size_t(i)])
                          : std::string("??"));
      }
    }
    out += "\n";
  }
  return out;
}

game::Outcome PontoonState::GetOutcome() const {
  game::Outcome o;
  for (int p = 0; p < state_.num_seats(); ++p) {
    o.scores.push_back(state_.Chips(p));
  }
  o.team_scores = o.scores;
  o.places = state_.Standings();
  if (state_.IsOver()) o.end_reason = game::v1::END_REASON_COMPLETE;
  o.hands_played = state_.HandsPlayed();
  return o;
}

void PontoonState::FillRecord(game::v1::GameRecord* record) const {
  *record->mutable_pontoon_ruleset() = wire::RulesetToProto(state_.rules());
  record->set_first_dealer(state_.FirstBanker());
  record->set_first_mover(FirstMover());
  record->clear_deals();
  for (const Shuffle& sh : state_.Shuffles()) {
    auto* deal = record->add_deals();
    deal->set_hand_number(sh.hand_number);
    deal->set_dealer(sh.banker);
    deal->set_deck(CardsText(sh.order));
  }
  record->clear_pontoon_events();
  for (const Event& e : state_.Events()) {
    wire::EventToProto(state_, e, kPublicOnly, record->add_pontoon_events());
  }
}

}  // namespace pontoon
