// The Pontoon rules engine (docs/rules/pontoon.md): a game in progress as a
// plain copyable value. Pure: no I/O, no protobuf. Dealing, showing,
// settling and gathering are not decisions: after every action the state
// runs them until a seat must decide or the game is over.
//
//   auto state = State::New({.rules = rules, .num_seats = 4, .seed = 7});
//   std::vector<Action> legal;
//   while (!state->IsOver()) {
//     state->LegalActions(&legal);
//     state->Apply(legal[0]);
//   }
#ifndef PONTOON_STATE_H_
#define PONTOON_STATE_H_

#include <array>
#include <cstdint>
#include <expected>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "arbiter/common/splitmix.h"
#include "arbiter/games/pontoon/action.h"
#include "arbiter/games/pontoon/cards.h"
#include "arbiter/games/pontoon/events.h"
#include "arbiter/games/pontoon/ruleset.h"

namespace pontoon {

// Hands per seat at most (a split needs a pair: four cards of a rank make
// four hands), and cards per hand (eleven cards reach 21 at most; one more
// is bust).
inline constexpr int kMaxHands = 4;
inline constexpr int kMaxCards = 12;
// Per pack card, who knows it: nobody, everyone, or the seats of a mask.
inline constexpr uint8_t kKnownByAll = 0xff;

enum class HandStatus : uint8_t { kOpen, kStuck, kBust, kPontoon };
enum class Phase : uint8_t { kBet, kPlay, kBanker, kOver };

struct Hand {
  std::array<Card, kMaxCards> cards{};
  // Per card, who else knew it when it was dealt (a card put under the pack
  // face up is public when it comes round again): kKnownByAll or a mask.
  std::array<uint8_t, kMaxCards> known{};
  uint16_t shown = 0;  // bit i: card i is face up or has been shown
  uint8_t size = 0;
  uint8_t low = 0;  // the count with every ace as 1
  bool has_ace = false;
  bool twisted = false;  // it may no longer buy
  bool from_split = false;
  bool decided = false;  // it has made a decision: it may not split
  HandStatus status = HandStatus::kOpen;
  int32_t stake = 0;
  int32_t first_stake = 0;

  std::span<const Card> Cards() const { return {cards.data(), size}; }
  bool Shown(int i) const { return (shown >> i) & 1; }
  bool AllShown() const { return shown == (1u << size) - 1; }
  bool Bust() const { return low > 21; }
  int Total() const { return has_ace && low + 10 <= 21 ? low + 10 : low; }
  bool IsTwoCardPontoon() const { return size == 2 && has_ace && low == 11; }
  bool IsFiveCardTrick() const { return size >= 5 && !Bust(); }
};

struct Seat {
  std::array<Hand, kMaxHands> hands{};
  uint8_t num_hands = 0;
  int32_t chips = 0;

  std::span<const Hand> Hands() const { return {hands.data(), num_hands}; }
  int Stake() const;
};

// One shuffle's order, as dealt.
struct Shuffle {
  std::array<Card, kPackSize> order{};
  int hand_number = 1;  // the hand it was first dealt in
  int banker = 0;       // that hand's banker
};

struct Config {
  std::shared_ptr<const Ruleset> rules;
  int num_seats = 2;
  uint64_t seed = 0;
  int first_banker = -1;  // -1: drawn from the seed
  // Explicit orders, top first, for the first shuffles in turn; later
  // shuffles come from the seed.
  std::vector<std::vector<Card>> decks;
  // Off: no events are kept (for speed measurements).
  bool record_events = true;
};

class State {
 public:
  // Fails with a message on a bad seat count, banker or deck.
  static std::expected<State, std::string> New(Config config);

  const Ruleset& rules() const { return *rules_; }
  int num_seats() const { return num_seats_; }
  Phase phase() const { return phase_; }
  bool IsOver() const { return phase_ == Phase::kOver; }
  // The seat to decide, or -1 once the game is over.
  int CurrentSeat() const { return current_; }
  // The hand it decides on (0 while betting and for the banker).
  int CurrentHand() const { return current_hand_; }
  int Banker() const { return banker_; }
  int FirstBanker() const { return first_banker_; }
  int HandNumber() const { return hand_number_; }
  // Hands finished (the current one included once the game is over).
  int HandsPlayed() const { return IsOver() ? hand_number_ : hand_number_ - 1; }
  const Seat& SeatAt(int seat) const { return seats_[size_t(seat)]; }
  int Chips(int seat) const { return seats_[size_t(seat)].chips; }
  // Places by chips, 1 = most; equal chips share a place.
  std::vector<int> Standings() const;

  // The pack, top first, with who knows each card (kKnownByAll, or a mask
  // of seats; 0: nobody).
  int PackSize() const { return pack_size_; }
  Card PackCard(int i) const { return pack_[PackIndex(i)]; }
  uint8_t PackKnown(int i) const { return pack_known_[PackIndex(i)]; }
  // How many cards at the bottom of the pack were put under it since the
  // last shuffle (they are public, but for the banker's unshown card).
  int UnderSize() const { return under_; }
  const std::vector<Shuffle>& Shuffles() const { return shuffles_; }

  // The seats from the banker's left, in order.
  int PunterAt(int k) const { return (banker_ + 1 + k) % num_seats_; }

  // Every legal action of the seat to act, in a fixed order (the first is
  // the default: the smallest bet, a stick when allowed).
  void LegalActions(std::vector<Action>* out) const;
  // Why `action` is not legal now, or "" when it is.
  std::string WhyIllegal(const Action& action) const;
  // Plays a legal action.
  void Apply(const Action& action);

  const std::vector<Event>& Events() const { return events_; }
  std::span<const Card> EventCards(const Event& e) const {
    return {event_cards_.data() + e.cards_at, e.num_cards};
  }

 private:
  State() = default;
  size_t PackIndex(int i) const { return size_t((pack_head_ + i) % kPackSize); }

  Hand& HandAt(int seat, int hand) {
    return seats_[size_t(seat)].hands[size_t(hand)];
  }
  void Emit(EventType type, int seat, int hand = 0, int32_t value = 0,
            Card card = kNoCard, bool face_up = false);
  void EmitCards(EventType type, int seat, int hand, int32_t value,
                 std::span<const Card> cards, Card card = kNoCard);
  // The next card of the pack to `seat`'s hand `hand`.
  void Deal(int seat, int hand, bool face_up);
  void PutUnder(Card card, uint8_t known);
  void NewShuffle();

  void StartHand();
  void AfterBets();
  // From the current punter and hand on: announces pontoons and stops at
  // the next hand that must decide; then the banker's turn.
  void NextPunterHand();
  void BankerTurn();
  void BustPunter(int seat, int hand);
  void Settle();
  void EndHand();
  void NextHand();
  int PunterPayout(const Hand& hand, const Hand& banker) const;
  // A two-card ace and ten that counts as a pontoon (a split's, only while
  // split_pontoon).
  bool CountsAsPontoon(const Hand& hand) const;

  std::shared_ptr<const Ruleset> rules_;
  int num_seats_ = 2;
  arbiter::SplitMix64 rng_{0};
  std::vector<std::vector<Card>> decks_;  // explicit shuffles still to use
  bool record_events_ = true;

  Phase phase_ = Phase::kBet;
  int current_ = -1;
  int current_hand_ = 0;
  int order_ = 0;  // the current punter: PunterAt(order_)
  int banker_ = 0;
  int first_banker_ = 0;
  int hand_number_ = 0;
  bool banker_pontoon_ = false;
  std::array<Seat, kMaxSeats> seats_{};

  std::array<Card, kPackSize> pack_{};
  std::array<uint8_t, kPackSize> pack_known_{};
  int pack_head_ = 0;
  int pack_size_ = 0;
  int under_ = 0;
  std::vector<Shuffle> shuffles_;

  std::vector<Event> events_;
  std::vector<Card> event_cards_;
};

}  // namespace pontoon

#endif  // PONTOON_STATE_H_
