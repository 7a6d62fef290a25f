#include "arbiter/games/pontoon/cards.h"

#include <array>
#include <cctype>

namespace pontoon {
namespace {

constexpr std::string_view kRanks = "A23456789TJQK";
constexpr std::string_view kSuits = "SHDC";

}  // namespace

std::string CardText(Card c) {
  if (c < 0 || c >= kPackSize) return "??";
  return {kRanks[size_t(RankOf(c))], kSuits[size_t(SuitOf(c))]};
}

std::expected<Card, std::string> ParseCard(std::string_view text) {
  std::string t(text);
  for (char& ch : t) ch = char(std::toupper(static_cast<unsigned char>(ch)));
  if (t.size() == 3 && t.starts_with("10")) t = "T" + t.substr(2);
  const size_t rank = t.size() == 2 ? kRanks.find(t[0]) : std::string::npos;
  const size_t suit = t.size() == 2 ? kSuits.find(t[1]) : std::string::npos;
  if (rank == std::string::npos || suit == std::string::npos) {
    return std::unexpected("'" + std::string(text) +
                           "' is not a card (e.g. AS, TH, 10H, 7C)");
  }
  return Card(suit * 13 + rank);
}

std::expected<std::vector<Card>, std::string> ParseCards(
    std::string_view text) {
  std::vector<Card> out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t start = text.find_first_not_of(" \t\n,", i);
    if (start == std::string_view::npos) break;
    size_t end = text.find_first_of(" \t\n,", start);
    if (end == std::string_view::npos) end = text.size();
    auto card = ParseCard(text.substr(start, end - start));
    if (!card) return std::unexpected(card.error());
    out.push_back(*card);
    i = end;
  }
  return out;
}

std::string CardsText(std::span<const Card> cards) {
  std::string out;
  for (Card c : cards) {
    if (!out.empty()) out += ' ';
    out += CardText(c);
  }
  return out;
}

std::expected<std::vector<Card>, std::string> ParsePack(std::string_view text) {
  auto cards = ParseCards(text);
  if (!cards) return std::unexpected(cards.error());
  std::array<bool, kPackSize> seen{};
  for (Card c : *cards) {
    if (seen[size_t(c)]) {
      return std::unexpected(CardText(c) + " is there twice");
    }
    seen[size_t(c)] = true;
  }
  if (cards->size() != kPackSize) {
    return std::unexpected("a pack has 52 cards, not " +
                           std::to_string(cards->size()));
  }
  return cards;
}

}  // namespace pontoon
