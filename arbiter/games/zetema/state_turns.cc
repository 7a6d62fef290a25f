// A turn: the legal actions of the seat to act, and applying one
// (docs/rules/zetema.md, "A turn", "Discards and zetemas", "End of the game").
#include <fmt/format.h>

#include <cassert>

#include "arbiter/games/zetema/melds.h"
#include "arbiter/games/zetema/state.h"

namespace zetema {
namespace {

constexpr uint64_t kValidKindBits = 0x1FFF1FFF1FFF1FFFULL;

// One action per distinct kind in `choices`, each a copy of `base` with that
// discard.
void AddWithDiscards(Action base, const CardSet& choices,
                     std::vector<Action>* out) {
  for (uint64_t bits = choices.KindBits(); bits; bits &= bits - 1) {
    base.discard = Card(std::countr_zero(bits));
    out->push_back(base);
  }
}

}  // namespace

void State::LegalActions(std::vector<Action>* out) const {
  out->clear();
  if (IsTerminal()) return;
  const CardSet& hand = hands_[current_];
  const Ruleset& r = rules();
  for (uint64_t bits = hand.KindBits(); bits; bits &= bits - 1) {
    out->push_back(Action::Discard(Card(std::countr_zero(bits))));
  }
  thread_local std::vector<Meld> melds;
  melds.clear();
  ListMelds(hand, r, meld_length_, &melds);
  const bool draw_first = r.turn_order == TurnOrder::kDrawFirst;
  for (const Meld& m : melds) {
    Action a;
    a.type = ActionType::kMeld;
    a.meld = m.type;
    a.cards = m.cards;
    if (m.type == MeldType::kAssembly &&
        r.assembly_after == AssemblyAfter::kWasteAndRefill) {
      out->push_back(a);
    } else {
      // Draw first: discard one of the declared cards; play first: any.
      AddWithDiscards(a, draw_first ? m.cards : hand, out);
    }
  }
  thread_local std::vector<Marriage> marriages;
  marriages.clear();
  ListMarriages(hand, piles_, &marriages);
  for (const Marriage& m : marriages) {
    Action a;
    a.type = ActionType::kMarry;
    a.cards = m.from_hand;
    a.pile = m.from_pile;
    out->push_back(a);
  }
}

std::vector<Action> State::LegalActions() const {
  std::vector<Action> out;
  LegalActions(&out);
  return out;
}

std::expected<Action, std::string> State::Legalize(const Action& action) const {
  if (IsTerminal()) return std::unexpected(std::string("the game is over"));
  // Actions built in code (say, from a structured protocol message) may hold
  // values that are no card at all; refuse those before anything prints them.
  const bool uses_discard =
      action.type == ActionType::kDiscard || action.discard != kNoCard;
  if ((uses_discard && !IsValidCard(action.discard)) ||
      (action.cards.KindBits() | action.pile.KindBits()) & ~kValidKindBits) {
    return std::unexpected(
        std::string("illegal action: a card does not exist"));
  }
  const std::vector<Action> legal = LegalActions();
  for (const Action& a : legal) {
    if (a == action) return a;
  }
  // Not legal: say why, as precisely as is cheap.
  const CardSet& hand = hands_[current_];
  const std::string text = ActionToString(action);
  auto refuse = [&](std::string_view why) {
    return std::unexpected(fmt::format("illegal action \"{}\": {}", text, why));
  };
  const CardSet own =
      action.type == ActionType::kDiscard ? CardSet() : action.cards;
  if (!hand.Contains(own)) return refuse("a declared card is not in the hand");
  if (action.type == ActionType::kDiscard) {
    return refuse("the card is not in the hand");
  }
  if (action.type == ActionType::kMarry) {
    const CardSet kq = piles_.OfRank(kKing).Plus(piles_.OfRank(kQueen));
    if (!kq.Contains(action.pile)) {
      return refuse("a card marked * is not on the K or Q pile");
    }
    return refuse(
        "the cards do not pair into marriages that each hold a card from the "
        "hand");
  }
  const MeldType type = ClassifyMeld(action.cards, rules(), meld_length_);
  if (type == MeldType::kNone) {
    return refuse(fmt::format(
        "not a meld: want {} cards in sequence or of one suit{}, or the five "
        "cards of a rank",
        meld_length_,
        rules().imperial_flush ? "" : " (not the imperial suit)"));
  }
  if (action.discard == kNoCard) return refuse("the meld needs a discard");
  if (type == MeldType::kAssembly &&
      rules().assembly_after == AssemblyAfter::kWasteAndRefill) {
    return refuse("no discard after an assembly in this ruleset");
  }
  return refuse(rules().turn_order == TurnOrder::kDrawFirst
                    ? "the discard must be one of the declared cards"
                    : "the discard is not in the hand");
}

std::expected<void, std::string> State::Apply(const Action& action) {
  auto legal = Legalize(action);
  if (!legal) return std::unexpected(legal.error());
  ApplyLegal(*legal);
  return {};
}

void State::ApplyLegal(const Action& a) {
  assert(!IsTerminal());
  const int p = current_;
  bool extra_turn = false;
  switch (a.type) {
    case ActionType::kDiscard:
      Discard(p, a.discard, &extra_turn);
      break;
    case ActionType::kMeld:
      PlayMeld(a, &extra_turn);
      break;
    case ActionType::kMarry:
      PlayMarriages(a);
      break;
  }
  if (IsTerminal()) return;
  if (extra_turn && !hands_[p].Empty()) {
    Emit({.type = EventType::kExtraTurn, .seat = int8_t(p)});
  } else {
    current_ = (p + 1) % num_players_;
  }
  AdvanceToDecision();
}

// Discards `card` from the hand to its pile, forming a zetema on the fifth
// card, then draws in a play-first turn. Sets *extra_turn when a two-player
// zetema formed with the stock empty.
void State::Discard(int seat, Card card, bool* extra_turn) {
  hands_[seat].Remove(card);
  if (known_[seat].Has(card)) known_[seat].Remove(card);
  const int rank = RankOf(card);
  piles_.Add(card);
  Emit({.type = EventType::kDiscard, .seat = int8_t(seat), .card = card});
  if (piles_.RankCount(rank) == kAssemblySize) {
    const Ruleset& r = rules();
    const int points = ZetemaPoints(rank, /*assembly_now=*/false);
    const CardSet five = piles_.OfRank(rank);
    piles_ = piles_.Minus(five);
    waste_ = waste_.Plus(five);
    Emit({.type = EventType::kZetema,
          .seat = int8_t(seat),
          .card = card,
          .points = points});
    *extra_turn =
        r.two_player_extra_turn && num_players_ == 2 && StockSize() == 0;
    if (AddPoints(seat, points)) return;
  }
  if (rules().turn_order == TurnOrder::kPlayFirst) DrawOne(seat);
}

int State::ZetemaPoints(int rank, bool assembly_now) const {
  const Ruleset& r = rules();
  if (r.kq_zetema_needs_assembly && (rank == kKing || rank == kQueen) &&
      !assembly_declared_[rank] && !assembly_now) {
    return 0;
  }
  return r.points.zetema[rank];
}

int State::ActionPoints(const Action& a) const {
  assert(!IsTerminal());
  Card discard = kNoCard;
  int points = 0;
  bool assembly = false;
  switch (a.type) {
    case ActionType::kDiscard:
      discard = a.discard;
      break;
    case ActionType::kMarry:
      return MarriagePoints(a);
    case ActionType::kMeld:
      points = MeldPoints(a);
      assembly = a.meld == MeldType::kAssembly;
      if (team_scores_[team_of_[current_]] + points >= target_) return points;
      if (assembly && rules().assembly_after == AssemblyAfter::kWasteAndRefill)
        return points;
      discard = a.discard;
      break;
  }
  if (discard == kNoCard) return points;
  const int rank = RankOf(discard);
  if (piles_.RankCount(rank) + 1 != kAssemblySize) return points;
  return points + ZetemaPoints(rank, assembly && AssemblyRank(a.cards) == rank);
}

int State::MeldPoints(const Action& a) const {
  const Points& pts = rules().points;
  switch (a.meld) {
    case MeldType::kSequence:
      return pts.sequence;
    case MeldType::kFlush:
      return pts.flush;
    case MeldType::kFlushSequence:
      return pts.flush_sequence;
    case MeldType::kAssembly:
      return pts.assembly[AssemblyRank(a.cards)];
    case MeldType::kNone:
      break;
  }
  assert(false && "MeldPoints of an unclassified meld");
  return 0;
}

void State::PlayMeld(const Action& a, bool* extra_turn) {
  const int p = current_;
  const int points = MeldPoints(a);
  Emit({.type = EventType::kDeclare,
        .seat = int8_t(p),
        .points = points,
        .action = a});
  known_[p] = known_[p].Union(a.cards);
  if (a.meld == MeldType::kAssembly)
    assembly_declared_[AssemblyRank(a.cards)] = true;
  if (AddPoints(p, points)) return;  // the rest of the turn is not played
  if (a.meld == MeldType::kAssembly &&
      rules().assembly_after == AssemblyAfter::kWasteAndRefill) {
    hands_[p] = hands_[p].Minus(a.cards);
    known_[p] = known_[p].Intersect(hands_[p]);
    waste_ = waste_.Plus(a.cards);
    Emit({.type = EventType::kWaste, .seat = int8_t(p), .action = a});
    RefillTo(p, hand_size_);
    return;
  }
  Discard(p, a.discard, extra_turn);
}

// Every imperial-suit marriage holds exactly one imperial king.
int State::ImperialMarriages(const Action& a) const {
  const Card king = MakeCard(rules().imperial_suit, kKing);
  return a.cards.Count(king) + a.pile.Count(king);
}

int State::MarriagePoints(const Action& a) const {
  const Ruleset& r = rules();
  const int n = CountMarriages(a.cards, a.pile);
  assert(n >= 1 && n <= 5);
  const int imperial = ImperialMarriages(a);
  int bonus = 0;
  switch (r.imperial_bonus) {
    case ImperialBonus::kEach:
      bonus = 10 * imperial;
      break;
    case ImperialBonus::kSecond:
      // The second imperial-suit marriage of the deal is the imperial one.
      if (imperial == 2) bonus = 20;
      if (imperial == 1 && imperial_marriages_this_deal_ >= 1) bonus = 10;
      break;
    case ImperialBonus::kNone:
      break;
  }
  return r.points.marriages[n - 1] + (n == 5 ? 0 : bonus);
}

void State::PlayMarriages(const Action& a) {
  const int p = current_;
  const int points = MarriagePoints(a);
  imperial_marriages_this_deal_ += ImperialMarriages(a);
  Emit({.type = EventType::kDeclare,
        .seat = int8_t(p),
        .points = points,
        .action = a});
  // The declared cards go to the waste as part of the declaration.
  hands_[p] = hands_[p].Minus(a.cards);
  known_[p] = known_[p].Intersect(hands_[p]);
  piles_ = piles_.Minus(a.pile);
  waste_ = waste_.Plus(a.cards).Plus(a.pile);
  Event waste{.type = EventType::kWaste, .seat = int8_t(p)};
  waste.action.cards = a.cards.Plus(a.pile);
  Emit(waste);
  if (AddPoints(p, points)) return;
  if (rules().marriage_refill == MarriageRefill::kEndOfTurn) {
    RefillTo(p, hand_size_);
  } else {
    refill_pending_[p] = true;
  }
}

}  // namespace zetema
