// Cards in docs/rules/zetema.md notation: rank letter then suit letter ("AS",
// "TH", "7C"). Input also accepts "10H", lower case and the suit symbols ♠♥♦♣;
// output is always the two-letter form. Both copies of an imperial card are the
// same Card: no rule depends on which copy is which.
#ifndef ZETEMA_BOT_CARDS_H_
#define ZETEMA_BOT_CARDS_H_

#include <google/protobuf/repeated_ptr_field.h>

#include <compare>
#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zetema_bot {

enum class Suit : uint8_t { kSpades, kHearts, kDiamonds, kClubs };

// Ace low (1) to king (13). In a sequence the ace may also follow the king;
// a sequence never wraps (docs/rules/zetema.md).
enum class Rank : uint8_t {
  kAce = 1,
  kTwo,
  kThree,
  kFour,
  kFive,
  kSix,
  kSeven,
  kEight,
  kNine,
  kTen,
  kJack,
  kQueen,
  kKing,
};

inline constexpr int kNumRanks = 13;
inline constexpr int kNumSuits = 4;

struct Card {
  Rank rank = Rank::kAce;
  Suit suit = Suit::kSpades;

  // Orders by rank, then suit (S H D C).
  friend auto operator<=>(const Card&, const Card&) = default;
};

// 'A' '2' ... '9' 'T' 'J' 'Q' 'K', and 'S' 'H' 'D' 'C'.
char RankChar(Rank rank);
char SuitChar(Suit suit);

std::expected<Card, std::string> ParseCard(std::string_view text);
std::string FormatCard(Card card);

// A list separated by spaces (or commas), e.g. "4S 5H 10D".
std::expected<std::vector<Card>, std::string> ParseCards(std::string_view text);
// The cards of a protocol message field, e.g. observation.hand().
std::expected<std::vector<Card>, std::string> ParseCards(
    const google::protobuf::RepeatedPtrField<std::string>& cards);
// Space-separated, in the given order: "4S 5H TD".
std::string FormatCards(std::span<const Card> cards);

}  // namespace zetema_bot

#endif  // ZETEMA_BOT_CARDS_H_
