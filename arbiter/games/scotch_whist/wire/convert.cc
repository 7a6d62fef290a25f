#include "arbiter/games/scotch_whist/wire/convert.h"

#include "arbiter/games/scotch_whist/text.h"

namespace scotch_whist::wire {
namespace {

void AddCards(CardSet set,
              google::protobuf::RepeatedPtrField<std::string>* out) {
  for (Card c : set.Cards()) out->Add(CardToString(c));
}

void TrickToProto(const Trick& t, pb::Trick* dest) {
  pb::Trick& out = *dest;
  out.set_leader(t.leader);
  out.set_winner(t.winner);
  for (int i = 0; i < t.size; ++i) {
    out.add_cards(CardToString(t.cards[size_t(i)]));
  }
}

pb::EventType EventTypeToProto(EventType t) {
  switch (t) {
    case EventType::kDeal:
      return pb::EVENT_TYPE_DEAL;
    case EventType::kPlay:
      return pb::EVENT_TYPE_PLAY;
    case EventType::kTrick:
      return pb::EVENT_TYPE_TRICK;
    case EventType::kScore:
      return pb::EVENT_TYPE_SCORE;
    case EventType::kHandEnd:
      return pb::EVENT_TYPE_HAND_END;
    case EventType::kGameEnd:
      return pb::EVENT_TYPE_GAME_END;
  }
  return pb::EVENT_TYPE_UNSPECIFIED;
}

}  // namespace

pb::Ruleset RulesetToProto(const Ruleset& r) {
  pb::Ruleset p;
  p.set_base(r.base);
  p.set_target(r.target);
  p.set_max_hands(r.max_hands);
  p.set_partnerships(r.partnerships);
  return p;
}

std::expected<Ruleset, std::string> RulesetFromProto(const pb::Ruleset& p) {
  Ruleset r;
  r.base = p.base();
  r.target = p.target();
  r.max_hands = p.max_hands();
  r.partnerships = p.partnerships();
  if (auto error = ValidateRuleset(r); !error.empty()) {
    return std::unexpected("ruleset." + error);
  }
  return r;
}

void ActionToProto(Card card, pb::Action* dest) {
  pb::Action& a = *dest;
  a.mutable_play()->set_card(CardToString(card));
}

std::expected<Card, std::string> CardFromProto(const pb::Action& action) {
  if (action.kind_case() != pb::Action::kPlay) {
    return std::unexpected(std::string("the action has no kind (play)"));
  }
  if (action.play().card().empty()) {
    return std::unexpected(std::string("play.card: missing"));
  }
  auto card = ParseCard(action.play().card());
  if (!card) return std::unexpected("play.card: " + card.error());
  return *card;
}

pb::ScoreItem ScoreItemToProto(ScoreItem item) {
  switch (item) {
    case ScoreItem::kTen:
      return pb::SCORE_ITEM_TEN;
    case ScoreItem::kTricks:
      return pb::SCORE_ITEM_TRICKS;
    case ScoreItem::kAce:
      return pb::SCORE_ITEM_ACE;
    case ScoreItem::kKing:
      return pb::SCORE_ITEM_KING;
    case ScoreItem::kQueen:
      return pb::SCORE_ITEM_QUEEN;
    case ScoreItem::kJack:
      return pb::SCORE_ITEM_JACK;
  }
  return pb::SCORE_ITEM_UNSPECIFIED;
}

void EventToProto(const State& s, const Event& e, int viewer, pb::Event* dest) {
  pb::Event& out = *dest;
  out.set_type(EventTypeToProto(e.type));
  out.set_seat(e.seat);
  if (e.card != kNoCard) out.set_card(CardToString(e.card));
  out.set_value(e.value);
  switch (e.type) {
    case EventType::kDeal:
      if (viewer >= 0 && viewer < s.num_players()) {
        AddCards(s.DealtHand(e.value, viewer), out.mutable_cards());
      }
      break;
    case EventType::kTrick:
      AddCards(e.cards, out.mutable_cards());
      break;
    case EventType::kScore:
      out.set_points(e.points);
      out.set_item(ScoreItemToProto(e.item));
      break;
    default:
      break;
  }
  out.set_text(EventText(s, e, viewer));
}

void ObservationToProto(const State& s, int seat, pb::Observation* dest) {
  const int n = s.num_players();
  pb::Observation& o = *dest;
  o.set_seat(seat);
  o.set_num_players(n);
  o.set_current_player(s.CurrentPlayer());
  o.set_dealer(s.Dealer());
  o.set_hand_number(s.HandNumber());
  AddCards(s.Hand(seat), o.mutable_hand());
  o.set_trump_card(CardToString(s.TrumpCard()));
  o.set_trump_suit(std::string(1, SuitChar(s.TrumpSuit())));
  o.set_trump_held(s.TrumpHeld());
  TrickToProto(s.CurrentTrick(), o.mutable_trick());
  for (const Trick& t : s.Tricks()) TrickToProto(t, o.add_tricks());
  for (int p = 0; p < n; ++p) {
    AddCards(s.Captured(p), o.add_captured()->mutable_cards());
    o.add_hand_sizes(s.Hand(p).Size());
    o.add_scores(s.Score(p));
    o.add_team_of(s.TeamOf(p));
  }
  for (int t = 0; t < s.NumTeams(); ++t) o.add_team_scores(s.TeamScore(t));
  o.set_target(s.rules().target);
  o.set_cards_dealt(s.CardsDealtPerSeat());
}

}  // namespace scotch_whist::wire
