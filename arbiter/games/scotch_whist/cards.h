// The cards of Scotch Whist: A K Q J T 9 8 7 6 of each suit (36), as small
// integers and as 64-bit sets, in the common notation (AS, TH, 7C; "10H" is
// read as TH, and lower case is accepted).
#ifndef SCOTCH_WHIST_CARDS_H_
#define SCOTCH_WHIST_CARDS_H_

#include <bit>
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace scotch_whist {

inline constexpr int kNumSuits = 4;   // S H D C
inline constexpr int kNumRanks = 9;   // 6 7 8 9 T J Q K A
inline constexpr int kNumCards = 36;  // the full pack
inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 7;

// Ranks by their order in a plain suit, low to high.
enum Rank : int8_t {
  kSix,
  kSeven,
  kEight,
  kNine,
  kTen,
  kJack,
  kQueen,
  kKing,
  kAce,
};

// suit * kNumRanks + rank: spades 0-8, hearts 9-17, diamonds 18-26, clubs
// 27-35.
using Card = int8_t;
inline constexpr Card kNoCard = -1;

constexpr Card MakeCard(int suit, int rank) {
  return Card(suit * kNumRanks + rank);
}
constexpr int SuitOf(Card c) { return c / kNumRanks; }
constexpr int RankOf(Card c) { return c % kNumRanks; }
// The card left out of the pack at 5 and 7 seats.
inline constexpr Card kSixOfClubs = MakeCard(3, kSix);

// The order of a rank within the trump suit, low to high: 6 7 8 9 T Q K A J.
constexpr int TrumpStrength(int rank) {
  constexpr int8_t kStrength[kNumRanks] = {0, 1, 2, 3, 4, 8, 5, 6, 7};
  return kStrength[rank];
}

char RankChar(int rank);
char SuitChar(int suit);
std::string CardToString(Card c);
std::expected<int, std::string> ParseSuit(std::string_view text);
// "9H", "TH", "10H" (any case); errors quote the text.
std::expected<Card, std::string> ParseCard(std::string_view text);

// A set of cards as a bitmask (bit c for card c).
class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(uint64_t bits) : bits_(bits) {}
  static constexpr CardSet Suit(int suit) {
    return CardSet(uint64_t(0x1FF) << (suit * kNumRanks));
  }
  // Every card in play at a table of `num_players` seats.
  static constexpr CardSet Pack(int num_players) {
    const uint64_t all = (uint64_t(1) << kNumCards) - 1;
    return CardSet(num_players == 5 || num_players == 7
                       ? all & ~(uint64_t(1) << kSixOfClubs)
                       : all);
  }

  constexpr bool Has(Card c) const { return (bits_ >> c) & 1; }
  constexpr void Add(Card c) { bits_ |= uint64_t(1) << c; }
  constexpr void Remove(Card c) { bits_ &= ~(uint64_t(1) << c); }
  constexpr bool Empty() const { return bits_ == 0; }
  constexpr int Size() const { return std::popcount(bits_); }
  constexpr uint64_t bits() const { return bits_; }
  constexpr CardSet operator&(CardSet o) const {
    return CardSet(bits_ & o.bits_);
  }
  constexpr CardSet operator|(CardSet o) const {
    return CardSet(bits_ | o.bits_);
  }
  constexpr bool operator==(const CardSet&) const = default;
  // The lowest card, then the set without it (sets are listed in card order:
  // suit S H D C, then rank 6 up to A).
  constexpr Card Lowest() const { return Card(std::countr_zero(bits_)); }

  std::vector<Card> Cards() const;
  std::string ToString() const;  // space-separated, in card order

 private:
  uint64_t bits_ = 0;
};

// A space-separated list of cards (duplicates refused); errors quote the
// card.
std::expected<std::vector<Card>, std::string> ParseCardList(
    std::string_view text);
std::expected<CardSet, std::string> ParseCardSet(std::string_view text);
std::string CardsToString(const std::vector<Card>& cards);

}  // namespace scotch_whist

#endif  // SCOTCH_WHIST_CARDS_H_
