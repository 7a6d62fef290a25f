#include "arbiter/games/pontoon/state.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

namespace pontoon {
namespace {

void AddCard(Hand* h, Card c, bool face_up, uint8_t known) {
  assert(h->size < kMaxCards);
  h->cards[h->size] = c;
  h->known[h->size] = known;
  if (face_up) h->shown |= uint16_t(1u << h->size);
  ++h->size;
  h->low = uint8_t(h->low + ValueOf(c));
  h->has_ace = h->has_ace || IsAce(c);
}

// A hand of `cards`, all face up (a split's halves).
Hand SplitHalf(Card c, int32_t stake, uint8_t known) {
  Hand h;
  AddCard(&h, c, true, known);
  h.stake = stake;
  h.first_stake = stake;
  h.from_split = true;
  return h;
}

}  // namespace

int Seat::Stake() const {
  int32_t sum = 0;
  for (const Hand& h : Hands()) sum += h.stake;
  return sum;
}

std::expected<State, std::string> State::New(Config config) {
  if (!config.rules) return std::unexpected("no ruleset");
  if (auto ok = Validate(*config.rules); !ok)
    return std::unexpected(ok.error());
  const int max = config.rules->max_players;
  if (config.num_seats < kMinSeats || config.num_seats > max) {
    return std::unexpected(
        fmt::format("pontoon is for 2 to {} seats (max_players), not {}", max,
                    config.num_seats));
  }
  if (config.first_banker < -1 || config.first_banker >= config.num_seats) {
    return std::unexpected(fmt::format("banker {} is no seat of {}",
                                       config.first_banker, config.num_seats));
  }
  for (size_t i = 0; i < config.decks.size(); ++i) {
    std::array<bool, kPackSize> seen{};
    const auto& deck = config.decks[i];
    for (Card c : deck) {
      if (c < 0 || c >= kPackSize || seen[size_t(c)]) {
        return std::unexpected(
            fmt::format("decks[{}]: {} is there twice", i, CardText(c)));
      }
      seen[size_t(c)] = true;
    }
    if (deck.size() != kPackSize) {
      return std::unexpected(fmt::format(
          "decks[{}]: a pack has 52 cards, not {}", i, deck.size()));
    }
  }
  State s;
  s.rules_ = std::move(config.rules);
  s.num_seats_ = config.num_seats;
  s.rng_ = arbiter::SplitMix64(config.seed);
  s.decks_ = std::move(config.decks);
  std::reverse(s.decks_.begin(), s.decks_.end());  // used from the back
  s.record_events_ = config.record_events;
  s.first_banker_ = config.first_banker >= 0
                        ? config.first_banker
                        : int(s.rng_.Below(uint64_t(s.num_seats_)));
  s.banker_ = s.first_banker_;
  s.NewShuffle();
  s.StartHand();
  return s;
}

std::vector<int> State::Standings() const {
  std::vector<int> places(size_t(num_seats_), 1);
  for (int a = 0; a < num_seats_; ++a) {
    for (int b = 0; b < num_seats_; ++b) {
      if (Chips(b) > Chips(a)) ++places[size_t(a)];
    }
  }
  return places;
}

// ------------------------------------------------------------------ events

void State::Emit(EventType type, int seat, int hand, int32_t value, Card card,
                 bool face_up) {
  if (!record_events_) return;
  events_.push_back(Event{.type = type,
                          .seat = int8_t(seat),
                          .hand = int8_t(hand),
                          .card = card,
                          .face_up = face_up,
                          .value = value,
                          .cards_at = uint32_t(event_cards_.size())});
}

void State::EmitCards(EventType type, int seat, int hand, int32_t value,
                      std::span<const Card> cards, Card card) {
  if (!record_events_) return;
  Emit(type, seat, hand, value, card);
  event_cards_.insert(event_cards_.end(), cards.begin(), cards.end());
  events_.back().num_cards = uint8_t(cards.size());
}

// -------------------------------------------------------------------- pack

void State::Deal(int seat, int hand, bool face_up) {
  assert(pack_size_ > 0);
  const size_t i = PackIndex(0);
  const Card c = pack_[i];
  const uint8_t known = pack_known_[i];
  pack_head_ = (pack_head_ + 1) % kPackSize;
  --pack_size_;
  under_ = std::min(under_, pack_size_);
  AddCard(&HandAt(seat, hand), c, face_up, known);
  Emit(EventType::kDeal, seat, hand, 0, c, face_up);
}

void State::PutUnder(Card card, uint8_t known) {
  assert(pack_size_ < kPackSize);
  const size_t i = size_t((pack_head_ + pack_size_) % kPackSize);
  pack_[i] = card;
  pack_known_[i] = known;
  ++pack_size_;
  ++under_;
}

void State::NewShuffle() {
  Shuffle shuffle{.hand_number = hand_number_ + 1, .banker = banker_};
  if (!decks_.empty()) {
    std::copy(decks_.back().begin(), decks_.back().end(),
              shuffle.order.begin());
    decks_.pop_back();
  } else {
    for (int i = 0; i < kPackSize; ++i) shuffle.order[size_t(i)] = Card(i);
    for (int i = kPackSize - 1; i > 0; --i) {
      std::swap(shuffle.order[size_t(i)],
                shuffle.order[rng_.Below(uint64_t(i + 1))]);
    }
  }
  pack_ = shuffle.order;
  pack_known_.fill(0);
  pack_head_ = 0;
  pack_size_ = kPackSize;
  under_ = 0;
  shuffles_.push_back(shuffle);
  Emit(EventType::kShuffle, -1, 0, int32_t(shuffles_.size()));
}

// ---------------------------------------------------------------- a hand

void State::StartHand() {
  assert(pack_size_ == kPackSize);
  ++hand_number_;
  banker_pontoon_ = false;
  for (int s = 0; s < num_seats_; ++s) {
    Seat& seat = seats_[size_t(s)];
    seat.hands = {};
    seat.num_hands = 1;
  }
  Emit(EventType::kHandStart, banker_, 0, hand_number_);
  for (int k = 0; k + 1 < num_seats_; ++k) Deal(PunterAt(k), 0, false);
  Deal(banker_, 0, false);
  phase_ = Phase::kBet;
  order_ = 0;
  current_hand_ = 0;
  current_ = PunterAt(0);
}

void State::AfterBets() {
  for (int k = 0; k + 1 < num_seats_; ++k) Deal(PunterAt(k), 0, true);
  Deal(banker_, 0, true);
  Hand& bank = HandAt(banker_, 0);
  if (bank.IsTwoCardPontoon()) {
    banker_pontoon_ = true;
    bank.shown = 0b11;
    bank.status = HandStatus::kPontoon;
    EmitCards(EventType::kBankerPontoon, banker_, 0, 0, bank.Cards());
    for (int k = 0; k + 1 < num_seats_; ++k) {
      const int p = PunterAt(k);
      const int32_t pay = 2 * HandAt(p, 0).stake;
      seats_[size_t(p)].chips -= pay;
      seats_[size_t(banker_)].chips += pay;
      Emit(EventType::kSettle, p, 0, -pay);
    }
    EndHand();
    return;
  }
  phase_ = Phase::kPlay;
  order_ = 0;
  current_hand_ = 0;
  NextPunterHand();
}

bool State::CountsAsPontoon(const Hand& h) const {
  return h.IsTwoCardPontoon() && (!h.from_split || rules_->split_pontoon);
}

void State::NextPunterHand() {
  for (; order_ + 1 < num_seats_; ++order_, current_hand_ = 0) {
    const int seat = PunterAt(order_);
    for (; current_hand_ < seats_[size_t(seat)].num_hands; ++current_hand_) {
      Hand& h = HandAt(seat, current_hand_);
      if (h.status != HandStatus::kOpen) continue;
      if (h.size == 2 && CountsAsPontoon(h)) {
        h.status = HandStatus::kPontoon;
        const int ace = IsAce(h.cards[0]) ? 0 : 1;
        h.shown |= uint16_t(1u << ace);
        if (h.AllShown()) {
          EmitCards(EventType::kPontoon, seat, current_hand_, 0, h.Cards(),
                    h.cards[size_t(ace)]);
        } else {
          Emit(EventType::kPontoon, seat, current_hand_, 0,
               h.cards[size_t(ace)], true);
        }
        continue;
      }
      current_ = seat;
      return;
    }
  }
  BankerTurn();
}

void State::BustPunter(int seat, int hand) {
  Hand& h = HandAt(seat, hand);
  h.status = HandStatus::kBust;
  h.shown = uint16_t((1u << h.size) - 1);
  seats_[size_t(seat)].chips -= h.stake;
  seats_[size_t(banker_)].chips += h.stake;
  EmitCards(EventType::kBust, seat, hand, h.stake, h.Cards());
  for (Card c : h.Cards()) PutUnder(c, kKnownByAll);
  EmitCards(EventType::kUnder, seat, hand, 0, h.Cards());
}

void State::BankerTurn() {
  bool any_live = false;
  for (int k = 0; k + 1 < num_seats_ && !any_live; ++k) {
    for (const Hand& h : SeatAt(PunterAt(k)).Hands()) {
      any_live = any_live || h.status != HandStatus::kBust;
    }
  }
  if (!any_live) {
    EndHand();
    return;
  }
  Hand& bank = HandAt(banker_, 0);
  bank.shown = uint16_t((1u << bank.size) - 1);
  EmitCards(EventType::kShow, banker_, 0, 0, bank.Cards());
  phase_ = Phase::kBanker;
  current_ = banker_;
  current_hand_ = 0;
}

int State::PunterPayout(const Hand& h, const Hand& bank) const {
  const bool pontoon = h.status == HandStatus::kPontoon;
  const bool trick = h.IsFiveCardTrick();
  if (bank.Bust()) return pontoon || trick ? 2 * h.stake : h.stake;
  if (bank.IsFiveCardTrick()) return pontoon ? 2 * h.stake : -h.stake;
  if (pontoon || trick) return 2 * h.stake;
  return h.Total() > bank.Total() ? h.stake : -h.stake;
}

void State::Settle() {
  const Hand& bank = HandAt(banker_, 0);
  for (int k = 0; k + 1 < num_seats_; ++k) {
    const int p = PunterAt(k);
    for (int i = 0; i < seats_[size_t(p)].num_hands; ++i) {
      Hand& h = HandAt(p, i);
      if (h.status == HandStatus::kBust) continue;
      h.shown = uint16_t((1u << h.size) - 1);
      EmitCards(EventType::kShow, p, i, 0, h.Cards());
      const int32_t won = PunterPayout(h, bank);
      seats_[size_t(p)].chips += won;
      seats_[size_t(banker_)].chips -= won;
      Emit(EventType::kSettle, p, i, won);
    }
  }
  EndHand();
}

void State::EndHand() {
  // Step 8's pontoons: the banker's, or any punter hand that counted as one
  // (a punter's unplayed pontoon under the banker's included).
  int next_banker = -1;
  bool pontoon = banker_pontoon_;
  for (int k = 0; k + 1 < num_seats_; ++k) {
    const int p = PunterAt(k);
    for (int i = 0; i < seats_[size_t(p)].num_hands; ++i) {
      const Hand& h = HandAt(p, i);
      const bool is = banker_pontoon_ ? CountsAsPontoon(h)
                                      : h.status == HandStatus::kPontoon;
      if (is && next_banker < 0) next_banker = p;
      pontoon = pontoon || is;
    }
  }
  const bool last = hand_number_ >= rules_->hands;
  if (!last && banker_pontoon_ && next_banker >= 0) {
    Hand& h = HandAt(next_banker, 0);
    h.shown = 0b11;
    h.status = HandStatus::kPontoon;
    EmitCards(EventType::kPontoon, next_banker, 0, 0, h.Cards(),
              h.cards[IsAce(h.cards[0]) ? 0 : 1]);
  }
  Emit(EventType::kHandEnd, banker_, 0, hand_number_);
  if (last) {
    phase_ = Phase::kOver;
    current_ = -1;
    current_hand_ = 0;
    Emit(EventType::kGameEnd, -1);
    return;
  }
  if (pontoon) {
    if (next_banker >= 0) {
      banker_ = next_banker;
      Emit(EventType::kNewBanker, banker_);
    }
    NewShuffle();
  } else {
    std::array<Card, kPackSize> under{};
    int n = 0;
    auto gather = [&](int seat, const Hand& h) {
      if (h.status == HandStatus::kBust && seat != banker_) return;
      for (int i = 0; i < h.size; ++i) {
        const bool hidden = !h.Shown(i);
        PutUnder(h.cards[size_t(i)],
                 hidden ? uint8_t(1u << seat) : kKnownByAll);
        under[size_t(n++)] = hidden ? Card(h.cards[size_t(i)] | kHiddenFlag)
                                    : h.cards[size_t(i)];
      }
    };
    for (int k = 0; k + 1 < num_seats_; ++k) {
      const int p = PunterAt(k);
      for (const Hand& h : SeatAt(p).Hands()) gather(p, h);
    }
    gather(banker_, HandAt(banker_, 0));
    EmitCards(EventType::kUnder, banker_, 0, 0, {under.data(), size_t(n)});
  }
  StartHand();
}

// ------------------------------------------------------------------ actions

void State::LegalActions(std::vector<Action>* out) const {
  out->clear();
  if (phase_ == Phase::kOver) return;
  const Ruleset& r = *rules_;
  if (phase_ == Phase::kBet) {
    for (int n = r.min_bet; n <= r.max_bet; ++n) {
      out->push_back({ActionType::kBet, n});
    }
    return;
  }
  const Hand& h = SeatAt(current_).hands[size_t(current_hand_)];
  const bool empty = pack_size_ == 0;
  const int min_stick =
      phase_ == Phase::kBanker ? r.banker_min_stick : r.min_stick;
  if (empty || h.Total() >= min_stick) out->push_back({ActionType::kStick, 0});
  if (empty) return;
  out->push_back({ActionType::kTwist, 0});
  if (phase_ == Phase::kBanker) return;
  if (!h.decided && h.size == 2 && RankOf(h.cards[0]) == RankOf(h.cards[1]) &&
      pack_size_ >= 2 && SeatAt(current_).num_hands < kMaxHands) {
    out->push_back({ActionType::kSplit, 0});
  }
  if (!h.twisted) {
    for (int n = h.first_stake; n <= 2 * h.first_stake; ++n) {
      out->push_back({ActionType::kBuy, n});
    }
  }
}

std::string State::WhyIllegal(const Action& a) const {
  if (phase_ == Phase::kOver) return "the game is over";
  const Ruleset& r = *rules_;
  if (phase_ == Phase::kBet) {
    if (a.type != ActionType::kBet) {
      return fmt::format("seat {} must bet first (bet {} to {})", current_,
                         r.min_bet, r.max_bet);
    }
    if (a.amount < r.min_bet || a.amount > r.max_bet) {
      return fmt::format("a bet is {} to {} chips, not {}", r.min_bet,
                         r.max_bet, a.amount);
    }
    return "";
  }
  const Hand& h = SeatAt(current_).hands[size_t(current_hand_)];
  const bool banker = phase_ == Phase::kBanker;
  const bool empty = pack_size_ == 0;
  switch (a.type) {
    case ActionType::kBet:
      return "the bets are made: stick, twist, buy N or split";
    case ActionType::kStick: {
      const int min = banker ? r.banker_min_stick : r.min_stick;
      if (!empty && h.Total() < min) {
        return fmt::format("a total of {} may not stick (at least {})",
                           h.Total(), min);
      }
      return "";
    }
    case ActionType::kTwist:
      return empty ? "the pack is empty" : "";
    case ActionType::kBuy:
      if (banker) return "the banker does not buy";
      if (empty) return "the pack is empty";
      if (h.twisted) return "a hand that has twisted may not buy";
      if (a.amount < h.first_stake || a.amount > 2 * h.first_stake) {
        return fmt::format("a buy is {} to {} chips on this hand, not {}",
                           h.first_stake, 2 * h.first_stake, a.amount);
      }
      return "";
    case ActionType::kSplit:
      if (banker) return "the banker does not split";
      if (h.decided || h.size != 2) {
        return "only a hand's first decision may split";
      }
      if (RankOf(h.cards[0]) != RankOf(h.cards[1])) {
        return "only two cards of the same rank split";
      }
      if (pack_size_ < 2) return "the pack holds fewer than two cards";
      return "";
  }
  return "no such action";
}

void State::Apply(const Action& a) {
  assert(WhyIllegal(a).empty());
  if (phase_ == Phase::kBet) {
    Hand& h = HandAt(current_, 0);
    h.stake = h.first_stake = a.amount;
    Emit(EventType::kBet, current_, 0, a.amount);
    if (++order_ + 1 < num_seats_) {
      current_ = PunterAt(order_);
    } else {
      AfterBets();
    }
    return;
  }
  const int seat = current_;
  const int hand = current_hand_;
  Hand& h = HandAt(seat, hand);
  if (phase_ == Phase::kBanker) {
    if (a.type == ActionType::kStick) {
      h.status = HandStatus::kStuck;
      Emit(EventType::kStick, seat, 0);
      Settle();
      return;
    }
    Emit(EventType::kTwist, seat, 0);
    Deal(seat, 0, true);
    if (h.Bust()) {
      h.status = HandStatus::kBust;
      EmitCards(EventType::kBust, seat, 0, 0, h.Cards());
      Settle();
    }
    return;
  }
  switch (a.type) {
    case ActionType::kStick:
      h.status = HandStatus::kStuck;
      Emit(EventType::kStick, seat, hand);
      ++current_hand_;
      NextPunterHand();
      return;
    case ActionType::kTwist:
    case ActionType::kBuy:
      h.decided = true;
      if (a.type == ActionType::kTwist) {
        h.twisted = true;
        Emit(EventType::kTwist, seat, hand);
      } else {
        h.stake += a.amount;
        Emit(EventType::kBuy, seat, hand, a.amount);
      }
      Deal(seat, hand, a.type == ActionType::kTwist);
      if (h.Bust()) {
        BustPunter(seat, hand);
        ++current_hand_;
        NextPunterHand();
      }
      return;
    case ActionType::kSplit: {
      Seat& s = seats_[size_t(seat)];
      const std::array<Card, 2> pair = {h.cards[0], h.cards[1]};
      const std::array<uint8_t, 2> known = {h.known[0], h.known[1]};
      const int32_t stake = h.first_stake;
      EmitCards(EventType::kSplit, seat, hand, stake, pair);
      for (int i = s.num_hands; i > hand + 1; --i) {
        s.hands[size_t(i)] = s.hands[size_t(i - 1)];
      }
      ++s.num_hands;
      s.hands[size_t(hand)] = SplitHalf(pair[0], stake, known[0]);
      s.hands[size_t(hand + 1)] = SplitHalf(pair[1], stake, known[1]);
      Deal(seat, hand, true);
      Deal(seat, hand + 1, true);
      NextPunterHand();
      return;
    }
    case ActionType::kBet:
      break;
  }
  assert(false);
}

}  // namespace pontoon
