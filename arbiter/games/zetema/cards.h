// Cards, card multisets and their text notation (docs/rules/zetema.md,
// "Cards").
//
// A card is identified by its kind: suit * 16 + rank, with ranks 0..12 for
// A 2 3 4 5 6 7 8 9 T J Q K. The two copies of an imperial card share a kind,
// since no rule depends on which copy is which; a CardSet therefore counts
// each kind 0, 1 or 2 times. Lanes of 16 bits per suit make suit and rank
// questions single mask operations.
#ifndef ZETEMA_CARDS_H_
#define ZETEMA_CARDS_H_

#include <bit>
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace zetema {

using Card = uint8_t;
inline constexpr Card kNoCard = 0xFF;
inline constexpr int kNumRanks = 13;
inline constexpr int kNumSuits = 4;
inline constexpr int kDeckSize = 65;
inline constexpr int kAce = 0;
inline constexpr int kQueen = 11;
inline constexpr int kKing = 12;
inline constexpr uint64_t kRankBits = 0x1FFF;

constexpr Card MakeCard(int suit, int rank) { return Card(suit * 16 + rank); }
constexpr int SuitOf(Card c) { return c >> 4; }
constexpr int RankOf(Card c) { return c & 15; }
// A kind of the 52-card pack (kNoCard and the gaps between lanes are not).
constexpr bool IsValidCard(Card c) { return c < 64 && RankOf(c) < kNumRanks; }

// "A".."K" for a rank, "S" "H" "D" "C" for a suit.
char RankChar(int rank);
char SuitChar(int suit);
std::string CardToString(Card c);
// Accepts "TH", "10H", lower case, and the suit symbols ♠♥♦♣.
std::expected<Card, std::string> ParseCard(std::string_view text);
std::expected<int, std::string> ParseRank(std::string_view text);
std::expected<int, std::string> ParseSuit(std::string_view text);

// A multiset of cards in which each kind occurs at most twice.
class CardSet {
 public:
  constexpr CardSet() = default;

  void Add(Card c) {
    const uint64_t b = uint64_t{1} << c;
    hi_ |= lo_ & b;
    lo_ |= b;
  }
  // Removes one copy; the card must be present.
  void Remove(Card c) {
    const uint64_t b = uint64_t{1} << c;
    if (hi_ & b) {
      hi_ &= ~b;
    } else {
      lo_ &= ~b;
    }
  }
  int Count(Card c) const { return int((lo_ >> c) & 1) + int((hi_ >> c) & 1); }
  bool Has(Card c) const { return (lo_ >> c) & 1; }
  int Size() const { return std::popcount(lo_) + std::popcount(hi_); }
  bool Empty() const { return lo_ == 0; }
  void Clear() { lo_ = hi_ = 0; }

  // Multiset operations; Minus assumes `other` is contained in *this and
  // Plus that no kind ends up more than twice.
  bool Contains(const CardSet& other) const {
    return (other.lo_ & ~lo_) == 0 && (other.hi_ & ~hi_) == 0;
  }
  CardSet Minus(const CardSet& other) const {
    return CardSet((lo_ & ~other.lo_) | (hi_ & ~other.hi_), hi_ & ~other.lo_);
  }
  CardSet Plus(const CardSet& other) const {
    return CardSet(lo_ | other.lo_, hi_ | other.hi_ | (lo_ & other.lo_));
  }
  // Per kind, the larger of the two counts.
  CardSet Union(const CardSet& other) const {
    return CardSet(lo_ | other.lo_, hi_ | other.hi_);
  }
  // Per kind, the smaller of the two counts.
  CardSet Intersect(const CardSet& other) const {
    return CardSet(lo_ & other.lo_, hi_ & other.hi_);
  }
  // The cards of one rank, or of one suit.
  CardSet OfRank(int rank) const {
    const uint64_t m = 0x0001000100010001ULL << rank;
    return CardSet(lo_ & m, hi_ & m);
  }
  // Bits of the ranks present in `suit` (bit r for rank r).
  uint64_t SuitRanks(int suit) const {
    return (lo_ >> (16 * suit)) & kRankBits;
  }
  uint64_t SuitDoubles(int suit) const {
    return (hi_ >> (16 * suit)) & kRankBits;
  }
  int SuitCount(int suit) const {
    return std::popcount(SuitRanks(suit)) + std::popcount(SuitDoubles(suit));
  }
  // Bits of the ranks held in any suit.
  uint64_t RankMask() const {
    return (lo_ | (lo_ >> 16) | (lo_ >> 32) | (lo_ >> 48)) & kRankBits;
  }
  int RankCount(int rank) const {
    const uint64_t m = 0x0001000100010001ULL << rank;
    return std::popcount(lo_ & m) + std::popcount(hi_ & m);
  }
  // Distinct kinds, in increasing kind order.
  uint64_t KindBits() const { return lo_; }
  uint64_t DoubleBits() const { return hi_; }

  // Every card once per copy, ordered by kind.
  std::vector<Card> Cards() const;
  // Cards sorted by rank (A low) then suit, each copy separately.
  std::vector<Card> SortedByRank() const;
  // Calls f(card) for each of SortedByRank()'s cards in its order, without
  // making the list (the table view walks every zone at every position).
  template <class F>
  void ForEachByRank(F f) const {
    // A card is suit * 16 + rank: walking ranks, then suits, visits every
    // kind in order without sorting. Only the ranks held are walked (a rank
    // pile holds one).
    for (uint64_t ranks = RankMask(); ranks; ranks &= ranks - 1) {
      const int rank = std::countr_zero(ranks);
      for (uint64_t bits = lo_ & (0x0001000100010001ULL << rank); bits;
           bits &= bits - 1) {
        const Card c = Card(std::countr_zero(bits));
        f(c);
        if ((hi_ >> c) & 1) f(c);
      }
    }
  }
  // Space-separated, sorted by rank then suit: "4S 5H 9H".
  std::string ToString() const;

  friend bool operator==(const CardSet&, const CardSet&) = default;

 private:
  constexpr CardSet(uint64_t lo, uint64_t hi) : lo_(lo), hi_(hi) {}
  uint64_t lo_ = 0;  // kinds held at least once
  uint64_t hi_ = 0;  // kinds held twice (only imperial cards)
};

// Parses a space-separated list of cards ("4S 2C 10H").
std::expected<std::vector<Card>, std::string> ParseCards(std::string_view text);
std::expected<CardSet, std::string> ParseCardSet(std::string_view text);
std::string CardsToString(const std::vector<Card>& cards);

// The 65-card pack for an imperial suit, ordered by kind.
std::vector<Card> FullDeck(int imperial_suit);
// Empty when `deck` is a full pack for `imperial_suit`; otherwise says what is
// missing or extra.
std::string CheckFullDeck(const std::vector<Card>& deck, int imperial_suit);

}  // namespace zetema

#endif  // ZETEMA_CARDS_H_
