#include "sample-bots/strong/belief.h"

#include <fmt/format.h>

#include "arbiter/games/zetema/melds.h"

namespace strong {

using zetema::Card;
using zetema::CardSet;
using zetema::EventType;

std::expected<Belief, std::string> BeliefFrom(const zetema::Observation& obs,
                                              const zetema::Ruleset& rules) {
  using Error = std::unexpected<std::string>;
  const int n = int(obs.hand_sizes.size());
  if (n < zetema::kMinPlayers || n > zetema::kMaxPlayers ||
      int(obs.known.size()) != n || int(obs.scores.size()) != n) {
    return Error(fmt::format("observation: {} hand sizes, {} known, {} scores",
                             n, obs.known.size(), obs.scores.size()));
  }
  if (obs.seat < 0 || obs.seat >= n || obs.current_player != obs.seat) {
    return Error(fmt::format("observation: seat {} is not the seat to act ({})",
                             obs.seat, obs.current_player));
  }
  Belief b;
  b.seat = obs.seat;
  zetema::Position& p = b.position;
  p.hand_number = obs.hand_number;
  p.dealer = obs.dealer;
  p.current = obs.seat;
  p.piles = obs.piles;
  p.waste = obs.waste;
  p.scores = obs.scores;
  p.known = obs.known;
  p.hands = obs.known;
  p.hands[obs.seat] = obs.hand;
  p.refill_pending.assign(size_t(n), false);
  b.hidden.assign(size_t(n), 0);
  b.stock_size = obs.stock_size;

  CardSet seen = obs.hand.Plus(obs.piles).Plus(obs.waste);
  for (int seat = 0; seat < n; ++seat) {
    if (seat == obs.seat) continue;
    if (obs.known[seat].Size() > obs.hand_sizes[seat]) {
      return Error(
          fmt::format("observation: seat {} shows more cards than "
                      "it holds",
                      seat));
    }
    b.hidden[seat] = obs.hand_sizes[seat] - obs.known[seat].Size();
    seen = seen.Plus(obs.known[seat]);
  }
  CardSet unseen;
  for (Card c : zetema::FullDeck(rules.imperial_suit)) unseen.Add(c);
  if (!unseen.Contains(seen)) {
    return Error("observation: more copies of a card seen than exist");
  }
  b.unseen = unseen.Minus(seen).Cards();
  int owed = b.stock_size;
  for (int h : b.hidden) owed += h;
  if (owed != int(b.unseen.size())) {
    return Error(fmt::format(
        "observation: {} unseen cards for {} hidden places and the stock",
        b.unseen.size(), owed));
  }

  // This deal's events: who owes a refill, what was declared.
  size_t start = 0;
  for (size_t i = 0; i < obs.history.size(); ++i) {
    if (obs.history[i].type == EventType::kDeal) start = i;
  }
  const Card imperial_king =
      zetema::MakeCard(rules.imperial_suit, zetema::kKing);
  const bool next_turn_refill =
      rules.marriage_refill == zetema::MarriageRefill::kNextTurn;
  for (size_t i = start; i < obs.history.size(); ++i) {
    const zetema::Event& e = obs.history[i];
    if (e.seat < 0 || e.seat >= n) continue;
    if (e.type == EventType::kDeclare &&
        e.action.type == zetema::ActionType::kMarry) {
      p.imperial_marriages += e.action.cards.Count(imperial_king) +
                              e.action.pile.Count(imperial_king);
      p.refill_pending[e.seat] = next_turn_refill;
    } else if (e.type == EventType::kDeclare) {
      const CardSet& cards = e.action.cards;
      if (cards.Size() == zetema::kAssemblySize &&
          std::has_single_bit(cards.RankMask())) {
        p.assemblies_declared |= uint16_t(1u << zetema::AssemblyRank(cards));
      }
      p.refill_pending[e.seat] = false;
    } else if (e.type == EventType::kDiscard || e.type == EventType::kSkip) {
      p.refill_pending[e.seat] = false;
    }
  }
  p.refill_pending[obs.seat] = false;  // its refill came before this decision
  p.imperial_marriages = std::min(p.imperial_marriages, 2);
  return b;
}

zetema::Position Sample(const Belief& belief, arbiter::SplitMix64& rng) {
  zetema::Position p = belief.position;
  std::vector<Card> cards = belief.unseen;
  for (size_t i = cards.size(); i > 1; --i) {
    std::swap(cards[i - 1], cards[rng.Below(i)]);
  }
  size_t next = 0;
  for (size_t seat = 0; seat < p.hands.size(); ++seat) {
    for (int k = 0; k < belief.hidden[seat]; ++k) {
      p.hands[seat].Add(cards[next++]);
    }
  }
  p.stock.assign(cards.begin() + long(next), cards.end());
  return p;
}

}  // namespace strong
