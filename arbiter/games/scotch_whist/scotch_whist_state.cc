#include "arbiter/games/scotch_whist/scotch_whist_state.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "arbiter/games/scotch_whist/text.h"
#include "arbiter/games/scotch_whist/wire/convert.h"

namespace scotch_whist {

using game::Refusal;

int EngineViewer(int viewer) {
  // Both interfaces say -1 for the viewer that sees everything; every other
  // negative number is the public.
  return viewer == game::kOmniscient ? kAllSeats : viewer;
}

std::string ScotchWhistState::LegalActionText(int index) const {
  return "play " + CardToString(Legal()[size_t(index)]);
}

std::expected<int, Refusal> ScotchWhistState::Find(Card card) const {
  const auto& legal = Legal();
  const auto it = std::find(legal.begin(), legal.end(), card);
  if (it != legal.end()) return int(it - legal.begin());
  return std::unexpected(Refusal{
      .kind = Refusal::kIllegal,
      .detail = fmt::format("illegal action 'play {}': {}", CardToString(card),
                            state_.WhyIllegal(card))});
}

std::expected<int, Refusal> ScotchWhistState::ParseText(
    std::string_view text) const {
  auto malformed = [&](std::string_view why) {
    return std::unexpected(Refusal{
        .kind = Refusal::kMalformed,
        .detail = fmt::format("unreadable action '{}': {}", text, why)});
  };
  std::string_view rest = text;
  auto word = [&rest]() {
    const size_t start = rest.find_first_not_of(" \t");
    if (start == std::string_view::npos) return std::string_view();
    const size_t end = rest.find_first_of(" \t", start);
    const std::string_view w = rest.substr(start, end - start);
    rest = end == std::string_view::npos ? "" : rest.substr(end);
    return w;
  };
  std::string verb(word());
  std::transform(verb.begin(), verb.end(), verb.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  const std::string_view card_text = word();
  if (verb != "play" || card_text.empty() || !word().empty()) {
    return malformed("expected 'play CARD', e.g. 'play 9H'");
  }
  const auto card = ParseCard(card_text);
  if (!card) {
    // A card of a full pack that Scotch Whist leaves out is readable.
    if (card.error().find("6 to A") != std::string::npos) {
      return std::unexpected(Refusal{
          .kind = Refusal::kIllegal,
          .detail =
              fmt::format("illegal action '{}': {}", text, card.error())});
    }
    return malformed(card.error());
  }
  return Find(*card);
}

std::expected<int, Refusal> ScotchWhistState::ParseTyped(
    const game::v1::ActionReply& reply) const {
  if (reply.answer_case() != game::v1::ActionReply::kScotchWhist) {
    return std::unexpected(Refusal{
        .kind = Refusal::kMalformed,
        .detail =
            "the answer holds another game's action, not a Scotch Whist one"});
  }
  auto card = wire::CardFromProto(reply.scotch_whist());
  if (!card) {
    return std::unexpected(
        Refusal{.kind = Refusal::kMalformed,
                .detail = "unreadable action: " + card.error()});
  }
  return Find(*card);
}

void ScotchWhistState::Apply(int index) {
  state_.ApplyLegal(Legal()[size_t(index)]);
  ForgetLegal();
}

std::string ScotchWhistState::EventText(int index, int viewer) const {
  return scotch_whist::EventText(state_, state_.Events()[size_t(index)],
                                 EngineViewer(viewer));
}

int ScotchWhistState::EventViewerClass(int index, int viewer) const {
  return scotch_whist::EventViewerClass(state_.Events()[size_t(index)],
                                        EngineViewer(viewer));
}

void ScotchWhistState::FillEvents(int from, int viewer,
                                  game::v1::GameEvent* out) const {
  const auto& events = state_.Events();
  auto* batch = out->mutable_scotch_whist();
  const int v = EngineViewer(viewer);
  for (size_t i = size_t(from); i < events.size(); ++i) {
    wire::EventToProto(state_, events[i], v, batch->add_events());
  }
}

void ScotchWhistState::FillGameStart(game::v1::GameStart* out) const {
  auto* start = out->mutable_scotch_whist();
  *start->mutable_ruleset() = wire::RulesetToProto(state_.rules());
  start->set_first_dealer(state_.FirstDealer());
}

void ScotchWhistState::FillDecision(game::v1::DecisionRequest* out) const {
  const auto& legal = Legal();
  out->set_num_legal_actions(uint32_t(legal.size()));
  auto* d = out->mutable_scotch_whist();
  // In place: the request may live on an arena (match.cc).
  wire::ObservationToProto(state_, state_.CurrentPlayer(),
                           d->mutable_observation());
  for (Card c : legal) {
    auto* l = d->add_legal_actions();
    wire::ActionToProto(c, l->mutable_action());
    l->set_text("play " + CardToString(c));
  }
}

std::string ScotchWhistState::ObservationText(int seat) const {
  return scotch_whist::ObservationText(state_, seat);
}

void ScotchWhistState::FillRecord(game::v1::GameRecord* record) const {
  *record->mutable_scotch_whist_ruleset() =
      wire::RulesetToProto(state_.rules());
  record->set_first_dealer(state_.FirstDealer());
  record->set_first_mover(FirstMover());
  record->clear_deals();
  record->clear_scotch_whist_events();
  for (const Event& e : state_.Events()) {
    if (e.type == EventType::kDeal) {
      auto* deal = record->add_deals();
      deal->set_hand_number(e.value);
      deal->set_dealer(e.seat);
      deal->set_deck(CardsToString(state_.Deck(e.value)));
    }
    wire::EventToProto(state_, e, /*viewer=*/game::kPublic,
                       record->add_scotch_whist_events());
  }
}

}  // namespace scotch_whist
