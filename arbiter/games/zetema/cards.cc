#include "arbiter/games/zetema/cards.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace zetema {
namespace {

constexpr std::string_view kRankChars = "A23456789TJQK";
constexpr std::string_view kSuitChars = "SHDC";

// UTF-8 suit symbols, in suit order S H D C.
constexpr std::array<std::string_view, 4> kSuitSymbols = {"\u2660", "\u2665",
                                                          "\u2666", "\u2663"};

char Upper(char c) { return (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c; }

}  // namespace

// '?' for a value that names no rank or suit, so that printing an invalid
// card (e.g. from a malformed structured action) can never read out of bounds.
char RankChar(int rank) {
  return rank >= 0 && rank < kNumRanks ? kRankChars[rank] : '?';
}
char SuitChar(int suit) {
  return suit >= 0 && suit < kNumSuits ? kSuitChars[suit] : '?';
}

std::string CardToString(Card c) {
  return std::string{RankChar(RankOf(c)), SuitChar(SuitOf(c))};
}

std::expected<int, std::string> ParseRank(std::string_view text) {
  if (text == "10") return 9;
  if (text.size() == 1) {
    const auto pos = kRankChars.find(Upper(text[0]));
    if (pos != std::string_view::npos) return int(pos);
  }
  return std::unexpected(fmt::format("bad rank \"{}\"", text));
}

std::expected<int, std::string> ParseSuit(std::string_view text) {
  if (text.size() == 1) {
    const auto pos = kSuitChars.find(Upper(text[0]));
    if (pos != std::string_view::npos) return int(pos);
  }
  for (int s = 0; s < kNumSuits; ++s) {
    if (text == kSuitSymbols[s]) return s;
  }
  return std::unexpected(fmt::format("bad suit \"{}\"", text));
}

std::expected<Card, std::string> ParseCard(std::string_view text) {
  // The suit is the last character, or a 3-byte UTF-8 symbol.
  for (const size_t suit_len : {size_t{1}, size_t{3}}) {
    if (text.size() <= suit_len) continue;
    const auto rank = ParseRank(text.substr(0, text.size() - suit_len));
    const auto suit = ParseSuit(text.substr(text.size() - suit_len));
    if (rank && suit) return MakeCard(*suit, *rank);
  }
  return std::unexpected(fmt::format("bad card \"{}\"", text));
}

std::vector<Card> CardSet::Cards() const {
  std::vector<Card> out;
  out.reserve(Size());
  for (uint64_t bits = lo_; bits; bits &= bits - 1) {
    const Card c = Card(std::countr_zero(bits));
    out.push_back(c);
    if ((hi_ >> c) & 1) out.push_back(c);
  }
  return out;
}

std::vector<Card> CardSet::SortedByRank() const {
  std::vector<Card> out;
  out.reserve(Size());
  ForEachByRank([&](Card c) { out.push_back(c); });
  return out;
}

std::string CardSet::ToString() const { return CardsToString(SortedByRank()); }

std::string CardsToString(const std::vector<Card>& cards) {
  std::string out;
  for (const Card c : cards) {
    if (!out.empty()) out += ' ';
    out += CardToString(c);
  }
  return out;
}

std::expected<std::vector<Card>, std::string> ParseCards(
    std::string_view text) {
  std::vector<Card> out;
  size_t pos = 0;
  int index = 0;
  while (true) {
    pos = text.find_first_not_of(" \t\n,", pos);
    if (pos == std::string_view::npos) break;
    const size_t end = std::min(text.find_first_of(" \t\n,", pos), text.size());
    ++index;
    const auto card = ParseCard(text.substr(pos, end - pos));
    if (!card) {
      return std::unexpected(fmt::format("{} at card {} (column {})",
                                         card.error(), index, pos + 1));
    }
    out.push_back(*card);
    pos = end;
  }
  return out;
}

std::expected<CardSet, std::string> ParseCardSet(std::string_view text) {
  const auto cards = ParseCards(text);
  if (!cards) return std::unexpected(cards.error());
  CardSet set;
  for (const Card c : *cards) {
    if (set.Count(c) == 2) {
      return std::unexpected(
          fmt::format("{} appears more than twice", CardToString(c)));
    }
    set.Add(c);
  }
  return set;
}

std::vector<Card> FullDeck(int imperial_suit) {
  std::vector<Card> deck;
  deck.reserve(kDeckSize);
  for (int s = 0; s < kNumSuits; ++s) {
    for (int r = 0; r < kNumRanks; ++r) deck.push_back(MakeCard(s, r));
  }
  for (int r = 0; r < kNumRanks; ++r)
    deck.push_back(MakeCard(imperial_suit, r));
  return deck;
}

std::string CheckFullDeck(const std::vector<Card>& deck, int imperial_suit) {
  std::array<int, 64> want{}, have{};
  for (const Card c : FullDeck(imperial_suit)) ++want[c];
  for (const Card c : deck) ++have[c];
  std::string missing, extra;
  for (int s = 0; s < kNumSuits; ++s) {
    for (int r = 0; r < kNumRanks; ++r) {
      const Card c = MakeCard(s, r);
      for (int i = have[c]; i < want[c]; ++i) missing += " " + CardToString(c);
      for (int i = want[c]; i < have[c]; ++i) extra += " " + CardToString(c);
    }
  }
  if (missing.empty() && extra.empty()) return "";
  std::string msg = fmt::format("deck has {} cards, want the {}-card pack",
                                deck.size(), kDeckSize);
  if (!missing.empty()) msg += "; missing:" + missing;
  if (!extra.empty()) msg += "; extra:" + extra;
  return msg;
}

}  // namespace zetema
