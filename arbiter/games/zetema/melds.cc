#include "arbiter/games/zetema/melds.h"

#include <algorithm>
#include <array>

namespace zetema {
namespace {

constexpr int kAceHigh = 13;  // bit for an ace above the king

// True when the distinct ranks in `ranks` (n of them) run without a gap,
// with the ace low or high but never both (no wrapping).
bool IsRun(uint64_t ranks, int n) {
  const uint64_t full = (uint64_t{1} << n) - 1;
  if ((ranks >> std::countr_zero(ranks)) == full) return true;
  if (!(ranks & 1)) return false;
  const uint64_t high = (ranks & ~uint64_t{1}) | (uint64_t{1} << kAceHigh);
  return (high >> std::countr_zero(high)) == full;
}

int OnlySuit(const CardSet& cards) {
  for (int s = 0; s < kNumSuits; ++s) {
    if (cards.SuitCount(s) == cards.Size()) return s;
  }
  return -1;
}

bool FlushCounts(int suit, const Ruleset& rules) {
  return suit != rules.imperial_suit || rules.imperial_flush;
}

void ListSequences(const CardSet& hand, const Ruleset& rules, int m,
                   std::vector<Meld>* out) {
  const uint64_t ranks = hand.RankMask();
  const uint64_t extended = ranks | ((ranks & 1) << kAceHigh);
  if (std::popcount(extended) < m) return;
  const uint64_t window = (uint64_t{1} << m) - 1;
  for (int start = 0; start + m <= kAceHigh + 1; ++start) {
    if ((extended & (window << start)) != (window << start)) continue;
    // Every choice of one held suit per rank of the window.
    auto recurse = [&](auto&& self, int i, CardSet cards) -> void {
      if (i == m) {
        const int s = OnlySuit(cards);
        const bool flush = s >= 0 && FlushCounts(s, rules);
        out->push_back(
            {cards, flush ? MeldType::kFlushSequence : MeldType::kSequence});
        return;
      }
      const int rank = (start + i) % kNumRanks;
      for (int s = 0; s < kNumSuits; ++s) {
        const Card c = MakeCard(s, rank);
        if (!hand.Has(c)) continue;
        CardSet next = cards;
        next.Add(c);
        self(self, i + 1, next);
      }
    };
    recurse(recurse, 0, CardSet());
  }
}

// Every m-card sub-multiset of one suit's cards that is not a run.
void ListFlushes(const CardSet& hand, int suit, int m, std::vector<Meld>* out) {
  std::array<Card, 26> cards{};  // each copy separately, grouped by kind
  int n = 0;
  for (int r = 0; r < kNumRanks; ++r) {
    const Card c = MakeCard(suit, r);
    for (int i = hand.Count(c); i > 0; --i) cards[n++] = c;
  }
  // Choose by kind counts so that the two copies of a card give one set.
  auto recurse = [&](auto&& self, int i, CardSet chosen, int left) -> void {
    if (left == 0) {
      const uint64_t ranks = chosen.RankMask();
      if (std::popcount(ranks) == m && IsRun(ranks, m)) return;  // a run
      out->push_back({chosen, MeldType::kFlush});
      return;
    }
    if (n - i < left) return;
    int j = i;
    while (j < n && cards[j] == cards[i]) ++j;
    CardSet with = chosen;
    for (int k = i; k <= j; ++k) {  // take k - i copies of cards[i]
      if (k - i > left) break;
      self(self, j, with, left - (k - i));
      if (k < j) with.Add(cards[i]);
    }
  };
  recurse(recurse, 0, CardSet(), m);
}

}  // namespace

MeldType ClassifyMeld(const CardSet& cards, const Ruleset& rules,
                      int meld_length) {
  const int n = cards.Size();
  const uint64_t ranks = cards.RankMask();
  if (n == kAssemblySize && std::popcount(ranks) == 1) {
    return MeldType::kAssembly;
  }
  if (n != meld_length) return MeldType::kNone;
  const int suit = OnlySuit(cards);
  const bool flush = suit >= 0 && FlushCounts(suit, rules);
  if (std::popcount(ranks) == n && IsRun(ranks, n)) {
    return flush ? MeldType::kFlushSequence : MeldType::kSequence;
  }
  return flush ? MeldType::kFlush : MeldType::kNone;
}

bool MayHoldMeld(const CardSet& hand, int meld_length) {
  if (hand.Size() < kAssemblySize && hand.Size() < meld_length) return false;
  const uint64_t ranks = hand.RankMask();
  if (std::popcount(ranks | ((ranks & 1) << kAceHigh)) >= meld_length) {
    return true;
  }
  for (int s = 0; s < kNumSuits; ++s) {
    if (hand.SuitCount(s) >= meld_length) return true;
  }
  for (uint64_t r = ranks; r; r &= r - 1) {
    if (hand.RankCount(std::countr_zero(r)) == kAssemblySize) return true;
  }
  return false;
}

void ListMelds(const CardSet& hand, const Ruleset& rules, int meld_length,
               std::vector<Meld>* out) {
  if (!MayHoldMeld(hand, meld_length)) return;
  for (uint64_t r = hand.RankMask(); r; r &= r - 1) {
    const int rank = std::countr_zero(r);
    if (hand.RankCount(rank) == kAssemblySize) {
      out->push_back({hand.OfRank(rank), MeldType::kAssembly});
    }
  }
  if (hand.Size() < meld_length) return;
  ListSequences(hand, rules, meld_length, out);
  for (int s = 0; s < kNumSuits; ++s) {
    if (hand.SuitCount(s) >= meld_length && FlushCounts(s, rules)) {
      ListFlushes(hand, s, meld_length, out);
    }
  }
}

int CountMarriages(const CardSet& from_hand, const CardSet& from_pile) {
  int total = 0;
  for (int s = 0; s < kNumSuits; ++s) {
    const Card k = MakeCard(s, kKing), q = MakeCard(s, kQueen);
    const int kings = from_hand.Count(k) + from_pile.Count(k);
    const int queens = from_hand.Count(q) + from_pile.Count(q);
    // Pile kings need hand queens and pile queens hand kings.
    if (kings != queens) return 0;
    if (from_pile.Count(k) + from_pile.Count(q) > kings) return 0;
    total += kings;
  }
  return total == (from_hand.Size() + from_pile.Size()) / 2 &&
                 (from_hand.Size() + from_pile.Size()) % 2 == 0
             ? total
             : 0;
}

bool MayMarry(const CardSet& hand, const CardSet& piles) {
  for (int s = 0; s < kNumSuits; ++s) {
    const Card k = MakeCard(s, kKing), q = MakeCard(s, kQueen);
    if (hand.Has(k) && (hand.Has(q) || piles.Has(q))) return true;
    if (hand.Has(q) && piles.Has(k)) return true;
  }
  return false;
}

void ListMarriages(const CardSet& hand, const CardSet& piles,
                   std::vector<Marriage>* out) {
  if (!MayMarry(hand, piles)) return;
  // Per suit, every way of taking m marriages: a hand kings, b pile kings,
  // c hand queens, d pile queens with a + b = c + d = m and b + d <= m.
  struct Option {
    int8_t hk, pk, hq, pq;
  };
  std::array<std::vector<Option>, kNumSuits> options;
  for (int s = 0; s < kNumSuits; ++s) {
    const Card k = MakeCard(s, kKing), q = MakeCard(s, kQueen);
    const int hk = hand.Count(k), pk = piles.Count(k);
    const int hq = hand.Count(q), pq = piles.Count(q);
    for (int m = 0; m <= std::min(hk + pk, hq + pq); ++m) {
      for (int a = 0; a <= std::min(hk, m); ++a) {
        for (int c = 0; c <= std::min(hq, m); ++c) {
          const int b = m - a, d = m - c;
          if (b <= pk && d <= pq && b + d <= m) {
            options[s].push_back({int8_t(a), int8_t(b), int8_t(c), int8_t(d)});
          }
        }
      }
    }
  }
  auto recurse = [&](auto&& self, int s, Marriage chosen) -> void {
    if (s == kNumSuits) {
      if (!chosen.from_hand.Empty()) out->push_back(chosen);
      return;
    }
    const Card k = MakeCard(s, kKing), q = MakeCard(s, kQueen);
    for (const Option& o : options[s]) {
      Marriage next = chosen;
      for (int i = 0; i < o.hk; ++i) next.from_hand.Add(k);
      for (int i = 0; i < o.hq; ++i) next.from_hand.Add(q);
      for (int i = 0; i < o.pk; ++i) next.from_pile.Add(k);
      for (int i = 0; i < o.pq; ++i) next.from_pile.Add(q);
      self(self, s + 1, next);
    }
  };
  recurse(recurse, 0, Marriage{});
}

}  // namespace zetema
