// A state from an explicit position in the middle of a hand, and back: what
// a search needs to play on from a sample of the cards it cannot see.
#include <fmt/format.h>

#include <cassert>

#include "arbiter/games/zetema/melds.h"
#include "arbiter/games/zetema/state.h"

namespace zetema {
namespace {

std::expected<void, std::string> CheckPosition(const State& s,
                                               const Position& p) {
  using Error = std::unexpected<std::string>;
  const int n = s.num_players();
  const Ruleset& r = s.rules();
  if (int(p.hands.size()) != n || int(p.known.size()) != n ||
      int(p.scores.size()) != n || int(p.refill_pending.size()) != n) {
    return Error(fmt::format(
        "position: hands, known, scores and refill_pending need one entry per "
        "seat ({}), got {}, {}, {} and {}",
        n, p.hands.size(), p.known.size(), p.scores.size(),
        p.refill_pending.size()));
  }
  if (p.hand_number < 1 || p.hand_number > r.max_hands) {
    return Error(fmt::format("position: hand_number must be 1 to {}, got {}",
                             r.max_hands, p.hand_number));
  }
  if (p.dealer < 0 || p.dealer >= n || p.current < 0 || p.current >= n) {
    return Error(fmt::format(
        "position: dealer and current must be seats from 0 to {}, got {} and "
        "{}",
        n - 1, p.dealer, p.current));
  }
  if (p.hands[p.current].Empty()) {
    return Error(
        fmt::format("position: seat {} is to act with no cards", p.current));
  }
  const int max_hand = r.HandSize(n) + 1;
  for (int seat = 0; seat < n; ++seat) {
    if (p.hands[seat].Size() > max_hand) {
      return Error(fmt::format("position: seat {} holds {} cards, more than {}",
                               seat, p.hands[seat].Size(), max_hand));
    }
    if (!p.hands[seat].Contains(p.known[seat])) {
      return Error(
          fmt::format("position: seat {} shows {} but does not hold it all",
                      seat, p.known[seat].ToString()));
    }
    if (p.scores[seat] < 0) {
      return Error(fmt::format("position: seat {} has a negative score {}",
                               seat, p.scores[seat]));
    }
  }
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (p.piles.RankCount(rank) >= kAssemblySize) {
      return Error(fmt::format("position: the {} pile holds {} cards",
                               RankChar(rank), p.piles.RankCount(rank)));
    }
  }
  if (p.assemblies_declared >> kNumRanks) {
    return Error(
        fmt::format("position: assemblies_declared {:#x} names no rank",
                    p.assemblies_declared));
  }
  if (p.imperial_marriages < 0 || p.imperial_marriages > 2) {
    return Error(
        fmt::format("position: imperial_marriages must be 0 to 2, "
                    "got {}",
                    p.imperial_marriages));
  }
  std::vector<Card> deck;
  deck.reserve(kDeckSize);
  auto add = [&](const CardSet& cards) {
    for (Card c : cards.Cards()) deck.push_back(c);
  };
  for (const CardSet& hand : p.hands) add(hand);
  add(p.piles);
  add(p.waste);
  deck.insert(deck.end(), p.stock.begin(), p.stock.end());
  if (auto err = CheckFullDeck(deck, r.imperial_suit); !err.empty()) {
    return Error("position: hands, piles, waste and stock: " + err);
  }
  return {};
}

}  // namespace

std::expected<State, std::string> State::FromPosition(GameConfig config,
                                                      const Position& p) {
  if (auto ok = CheckConfig(config); !ok) return std::unexpected(ok.error());
  State s;
  s.Configure(std::move(config));
  if (auto ok = CheckPosition(s, p); !ok) return std::unexpected(ok.error());
  const int n = s.num_players_;
  for (int seat = 0; seat < n; ++seat) {
    s.scores_[seat] = p.scores[seat];
    s.team_scores_[s.team_of_[seat]] += p.scores[seat];
    s.hands_[seat] = p.hands[seat];
    s.known_[seat] = p.known[seat];
    s.refill_pending_[seat] = p.refill_pending[seat];
  }
  for (int team = 0; team < s.num_teams_; ++team) {
    if (s.team_scores_[team] >= s.target_) {
      return std::unexpected(fmt::format(
          "position: team {} has {} points, at or over the target {}", team,
          s.team_scores_[team], s.target_));
    }
  }
  s.hand_number_ = p.hand_number;
  s.dealer_ = p.dealer;
  s.current_ = p.current;
  s.piles_ = p.piles;
  s.waste_ = p.waste;
  for (int rank = 0; rank < kNumRanks; ++rank) {
    s.assembly_declared_[rank] = (p.assemblies_declared >> rank) & 1;
  }
  s.imperial_marriages_this_deal_ = p.imperial_marriages;
  s.decks_.resize(size_t(p.hand_number));
  std::vector<Card>& deck = s.decks_.back();
  deck.reserve(kDeckSize);
  for (int seat = 0; seat < n; ++seat) {
    for (Card c : p.hands[seat].Cards()) deck.push_back(c);
  }
  for (Card c : p.piles.Plus(p.waste).Cards()) deck.push_back(c);
  s.stock_pos_ = int(deck.size());
  deck.insert(deck.end(), p.stock.begin(), p.stock.end());
  return s;
}

Position State::GetPosition() const {
  assert(!IsTerminal());
  Position p;
  p.hand_number = hand_number_;
  p.dealer = dealer_;
  p.current = current_;
  p.hands.assign(hands_.begin(), hands_.begin() + num_players_);
  p.known.assign(known_.begin(), known_.begin() + num_players_);
  p.piles = piles_;
  p.waste = waste_;
  p.stock.assign(decks_.back().begin() + stock_pos_, decks_.back().end());
  p.scores.assign(scores_.begin(), scores_.begin() + num_players_);
  p.refill_pending.assign(refill_pending_.begin(),
                          refill_pending_.begin() + num_players_);
  for (int rank = 0; rank < kNumRanks; ++rank) {
    if (assembly_declared_[rank]) p.assemblies_declared |= uint16_t(1 << rank);
  }
  p.imperial_marriages = imperial_marriages_this_deal_;
  return p;
}

}  // namespace zetema
