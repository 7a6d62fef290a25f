#include "arbiter/games/scotch_whist/cards.h"

#include <cctype>
#include <sstream>

namespace scotch_whist {
namespace {

constexpr char kRankChars[] = "6789TJQKA";
constexpr char kSuitChars[] = "SHDC";

std::unexpected<std::string> NotACard(std::string_view text,
                                      std::string_view why) {
  return std::unexpected("'" + std::string(text) + "' is not a card" +
                         std::string(why));
}

}  // namespace

char RankChar(int rank) { return kRankChars[rank]; }
char SuitChar(int suit) { return kSuitChars[suit]; }

std::string CardToString(Card c) {
  return {RankChar(RankOf(c)), SuitChar(SuitOf(c))};
}

std::expected<int, std::string> ParseSuit(std::string_view text) {
  if (text.size() == 1) {
    const char s = char(std::toupper(static_cast<unsigned char>(text[0])));
    for (int i = 0; i < kNumSuits; ++i) {
      if (kSuitChars[i] == s) return i;
    }
  }
  return std::unexpected("'" + std::string(text) +
                         "' is not a suit (S, H, D or C)");
}

std::expected<Card, std::string> ParseCard(std::string_view text) {
  std::string_view rank = text.substr(0, text.empty() ? 0 : text.size() - 1);
  if (text.size() < 2 || text.size() > 3) return NotACard(text, "");
  const auto suit = ParseSuit(text.substr(text.size() - 1));
  if (!suit) return NotACard(text, "");
  if (rank == "10") return MakeCard(*suit, kTen);
  if (rank.size() != 1) return NotACard(text, "");
  const char r = char(std::toupper(static_cast<unsigned char>(rank[0])));
  for (int i = 0; i < kNumRanks; ++i) {
    if (kRankChars[i] == r) return MakeCard(*suit, i);
  }
  if (r >= '2' && r <= '5') {
    return NotACard(text, " of the Scotch Whist pack (6 to A only)");
  }
  return NotACard(text, "");
}

std::vector<Card> CardSet::Cards() const {
  std::vector<Card> out;
  out.reserve(size_t(Size()));
  for (uint64_t b = bits_; b != 0; b &= b - 1) {
    out.push_back(Card(std::countr_zero(b)));
  }
  return out;
}

std::string CardSet::ToString() const { return CardsToString(Cards()); }

std::string CardsToString(const std::vector<Card>& cards) {
  std::string out;
  for (Card c : cards) {
    if (!out.empty()) out += ' ';
    out += CardToString(c);
  }
  return out;
}

std::expected<std::vector<Card>, std::string> ParseCardList(
    std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<Card> out;
  CardSet seen;
  for (std::string word; in >> word;) {
    const auto card = ParseCard(word);
    if (!card) return std::unexpected(card.error());
    if (seen.Has(*card)) {
      return std::unexpected(CardToString(*card) + " is listed twice");
    }
    seen.Add(*card);
    out.push_back(*card);
  }
  return out;
}

std::expected<CardSet, std::string> ParseCardSet(std::string_view text) {
  const auto cards = ParseCardList(text);
  if (!cards) return std::unexpected(cards.error());
  CardSet set;
  for (Card c : *cards) set.Add(c);
  return set;
}

}  // namespace scotch_whist
