#include "zetema_bot/cards.h"

#include <array>

namespace zetema_bot {
namespace {

constexpr std::string_view kRankChars = "A23456789TJQK";
constexpr std::string_view kSuitChars = "SHDC";

// UTF-8 suit symbols, black and white forms, in Suit order.
constexpr std::array<std::array<std::string_view, 2>, kNumSuits> kSuitSymbols =
    {{
        {"\u2660", "\u2664"},  // ♠ ♤
        {"\u2665", "\u2661"},  // ♥ ♡
        {"\u2666", "\u2662"},  // ♦ ♢
        {"\u2663", "\u2667"},  // ♣ ♧
    }};

char Upper(char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }

std::unexpected<std::string> BadCard(std::string_view text,
                                     std::string_view why) {
  return std::unexpected("bad card \"" + std::string(text) +
                         "\": " + std::string(why));
}

bool IsSeparator(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
}

}  // namespace

char RankChar(Rank rank) { return kRankChars[size_t(rank) - 1]; }
char SuitChar(Suit suit) { return kSuitChars[size_t(suit)]; }

std::expected<Card, std::string> ParseCard(std::string_view text) {
  if (text.empty()) return BadCard(text, "empty");
  Card card;
  std::string_view rest;
  if (text.starts_with("10")) {
    card.rank = Rank::kTen;
    rest = text.substr(2);
  } else {
    const size_t r = kRankChars.find(Upper(text[0]));
    if (r == std::string_view::npos) {
      return BadCard(
          text, "the rank must be one of A 2 3 4 5 6 7 8 9 T J Q K (or 10)");
    }
    card.rank = Rank(r + 1);
    rest = text.substr(1);
  }
  if (rest.empty()) return BadCard(text, "missing the suit (S H D C)");
  if (rest.size() == 1) {
    const size_t s = kSuitChars.find(Upper(rest[0]));
    if (s == std::string_view::npos) {
      return BadCard(text, "the suit must be one of S H D C");
    }
    card.suit = Suit(s);
    return card;
  }
  for (size_t s = 0; s < kSuitSymbols.size(); ++s) {
    for (std::string_view symbol : kSuitSymbols[s]) {
      if (rest == symbol) {
        card.suit = Suit(s);
        return card;
      }
    }
  }
  return BadCard(text, "the suit must be one of S H D C (or a suit symbol)");
}

std::string FormatCard(Card card) {
  return std::string{RankChar(card.rank), SuitChar(card.suit)};
}

std::expected<std::vector<Card>, std::string> ParseCards(
    std::string_view text) {
  std::vector<Card> cards;
  size_t i = 0;
  while (i < text.size()) {
    if (IsSeparator(text[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && !IsSeparator(text[end])) ++end;
    auto card = ParseCard(text.substr(i, end - i));
    if (!card) return std::unexpected(card.error());
    cards.push_back(*card);
    i = end;
  }
  return cards;
}

std::expected<std::vector<Card>, std::string> ParseCards(
    const google::protobuf::RepeatedPtrField<std::string>& cards) {
  std::vector<Card> out;
  out.reserve(cards.size());
  for (const std::string& text : cards) {
    auto card = ParseCard(text);
    if (!card) return std::unexpected(card.error());
    out.push_back(*card);
  }
  return out;
}

std::string FormatCards(std::span<const Card> cards) {
  std::string out;
  out.reserve(cards.size() * 3);
  for (const Card& card : cards) {
    if (!out.empty()) out += ' ';
    out += RankChar(card.rank);
    out += SuitChar(card.suit);
  }
  return out;
}

}  // namespace zetema_bot
