// Pontoon's cards: one 52-card pack, in the common notation (rank letter then
// suit letter: "AS", "TH", "7C"; "10H" and lower case are read too).
#ifndef PONTOON_CARDS_H_
#define PONTOON_CARDS_H_

#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pontoon {

// suit * 13 + rank; rank 0 is the ace, 1..8 the two to the nine, 9 the ten,
// 10 J, 11 Q, 12 K; suits S H D C.
using Card = int8_t;
inline constexpr Card kNoCard = -1;
inline constexpr int kPackSize = 52;

constexpr int RankOf(Card c) { return c % 13; }
constexpr int SuitOf(Card c) { return c / 13; }
// An ace counts 1 here (a hand's total may count one as 11); ten-valued
// cards 10.
constexpr int ValueOf(Card c) { return RankOf(c) < 9 ? RankOf(c) + 1 : 10; }
constexpr bool IsAce(Card c) { return RankOf(c) == 0; }
constexpr bool IsTenValued(Card c) { return RankOf(c) >= 9; }

std::string CardText(Card c);
std::expected<Card, std::string> ParseCard(std::string_view text);
// Cards separated by spaces (or commas).
std::expected<std::vector<Card>, std::string> ParseCards(std::string_view text);
std::string CardsText(std::span<const Card> cards);
// A pack order: the 52 cards, each once; the error says which is wrong.
std::expected<std::vector<Card>, std::string> ParsePack(std::string_view text);

}  // namespace pontoon

#endif  // PONTOON_CARDS_H_
