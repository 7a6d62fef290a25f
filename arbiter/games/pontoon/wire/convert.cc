#include "arbiter/games/pontoon/wire/convert.h"

namespace pontoon::wire {
namespace {

v1::HandStatus StatusToProto(HandStatus s) {
  switch (s) {
    case HandStatus::kOpen:
      return v1::HAND_STATUS_OPEN;
    case HandStatus::kStuck:
      return v1::HAND_STATUS_STUCK;
    case HandStatus::kBust:
      return v1::HAND_STATUS_BUST;
    case HandStatus::kPontoon:
      return v1::HAND_STATUS_PONTOON;
  }
  return v1::HAND_STATUS_UNSPECIFIED;
}

v1::Phase PhaseToProto(Phase p) {
  switch (p) {
    case Phase::kBet:
      return v1::PHASE_BET;
    case Phase::kPlay:
      return v1::PHASE_PLAY;
    case Phase::kBanker:
      return v1::PHASE_BANKER;
    case Phase::kOver:
      return v1::PHASE_OVER;
  }
  return v1::PHASE_UNSPECIFIED;
}

bool KnownBy(uint8_t known, int viewer) {
  return known == kKnownByAll || viewer == kEveryone ||
         (viewer >= 0 && ((known >> viewer) & 1) != 0);
}

}  // namespace

v1::Ruleset RulesetToProto(const Ruleset& r) {
  v1::Ruleset out;
  out.set_base(r.base);
  out.set_max_players(r.max_players);
  out.set_min_bet(r.min_bet);
  out.set_max_bet(r.max_bet);
  out.set_min_stick(r.min_stick);
  out.set_banker_min_stick(r.banker_min_stick);
  out.set_hands(r.hands);
  out.set_split_pontoon(r.split_pontoon);
  return out;
}

std::expected<Ruleset, std::string> RulesetFromProto(const v1::Ruleset& in) {
  auto base = Preset(in.base());
  if (!base) return std::unexpected("ruleset.base: " + base.error());
  Ruleset r = *base;
  r.max_players = in.max_players();
  r.min_bet = in.min_bet();
  r.max_bet = in.max_bet();
  r.min_stick = in.min_stick();
  r.banker_min_stick = in.banker_min_stick();
  r.hands = in.hands();
  r.split_pontoon = in.split_pontoon();
  if (auto ok = Validate(r); !ok) {
    return std::unexpected("ruleset." + ok.error());
  }
  return r;
}

void ActionToProto(const Action& a, v1::Action* dest) {
  v1::Action& out = *dest;
  switch (a.type) {
    case ActionType::kBet:
      out.set_type(v1::ACTION_TYPE_BET);
      break;
    case ActionType::kBuy:
      out.set_type(v1::ACTION_TYPE_BUY);
      break;
    case ActionType::kTwist:
      out.set_type(v1::ACTION_TYPE_TWIST);
      break;
    case ActionType::kStick:
      out.set_type(v1::ACTION_TYPE_STICK);
      break;
    case ActionType::kSplit:
      out.set_type(v1::ACTION_TYPE_SPLIT);
      break;
  }
  out.set_amount(a.amount);
}

std::expected<Action, std::string> ActionFromProto(const v1::Action& in) {
  Action a;
  const bool chips =
      in.type() == v1::ACTION_TYPE_BET || in.type() == v1::ACTION_TYPE_BUY;
  switch (in.type()) {
    case v1::ACTION_TYPE_BET:
      a.type = ActionType::kBet;
      break;
    case v1::ACTION_TYPE_BUY:
      a.type = ActionType::kBuy;
      break;
    case v1::ACTION_TYPE_TWIST:
      a.type = ActionType::kTwist;
      break;
    case v1::ACTION_TYPE_STICK:
      a.type = ActionType::kStick;
      break;
    case v1::ACTION_TYPE_SPLIT:
      a.type = ActionType::kSplit;
      break;
    default:
      return std::unexpected("action.type " + std::to_string(in.type()) +
                             " is no pontoon action");
  }
  if (!chips && in.amount() != 0) {
    return std::unexpected("action.amount: only bet and buy take chips");
  }
  if (chips && in.amount() <= 0) {
    return std::unexpected("action.amount: " + std::to_string(in.amount()) +
                           " is no number of chips");
  }
  a.amount = in.amount();
  return a;
}

bool CardVisible(const Hand& h, int i, int owner, int viewer) {
  return h.Shown(i) || viewer == kEveryone || viewer == owner;
}

void EventToProto(const State& s, const Event& e, int viewer, v1::Event* dest) {
  v1::Event& out = *dest;
  out.set_type(v1::EventType(int(e.type) + 1));
  out.set_seat(e.seat);
  out.set_hand(e.hand);
  out.set_value(e.value);
  out.set_face_up(e.face_up);
  const auto cards = s.EventCards(e);
  if (e.card != kNoCard) {
    const bool visible = e.type != EventType::kDeal || DealVisible(e, viewer);
    out.set_card(visible ? CardText(e.card) : "");
  }
  for (Card c : cards) {
    if (e.type == EventType::kUnder) {
      out.add_cards(UnderCardVisible(e, c, viewer)
                        ? CardText(Card(c & ~kHiddenFlag))
                        : "");
    } else {
      out.add_cards(CardText(c));
    }
  }
  out.set_text(EventText(e, cards, viewer));
}

void ObservationToProto(const State& s, int seat, v1::Observation* dest) {
  v1::Observation& o = *dest;
  o.set_seat(seat);
  o.set_num_players(s.num_seats());
  o.set_banker(s.Banker());
  o.set_hand_number(s.HandNumber());
  o.set_current_player(s.CurrentSeat());
  o.set_current_hand(s.CurrentHand());
  o.set_phase(PhaseToProto(s.phase()));
  for (int p = 0; p < s.num_seats(); ++p) {
    const Seat& st = s.SeatAt(p);
    auto* out = o.add_seats();
    out->set_chips(st.chips);
    out->set_stake(st.Stake());
    for (const Hand& h : st.Hands()) {
      auto* oh = out->add_hands();
      for (int i = 0; i < h.size; ++i) {
        oh->add_cards(CardVisible(h, i, p, seat) ? CardText(h.cards[size_t(i)])
                                                 : "");
        oh->add_face_up(h.Shown(i));
      }
      oh->set_stake(h.stake);
      oh->set_first_stake(h.first_stake);
      oh->set_status(StatusToProto(h.status));
      oh->set_twisted(h.twisted);
      oh->set_from_split(h.from_split);
    }
  }
  o.set_pack_size(s.PackSize());
  for (int i = s.PackSize() - s.UnderSize(); i < s.PackSize(); ++i) {
    o.add_under_pack(KnownBy(s.PackKnown(i), seat) ? CardText(s.PackCard(i))
                                                   : "");
  }
  o.set_hands(s.rules().hands);
}

}  // namespace pontoon::wire
