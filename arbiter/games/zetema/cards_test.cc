#include "arbiter/games/zetema/cards.h"

#include <gtest/gtest.h>

namespace zetema {
namespace {

TEST(CardsTest, ParsesAndPrintsEveryNotation) {
  EXPECT_EQ(CardToString(*ParseCard("AS")), "AS");
  EXPECT_EQ(CardToString(*ParseCard("10H")), "TH");
  EXPECT_EQ(CardToString(*ParseCard("th")), "TH");
  EXPECT_EQ(CardToString(*ParseCard("Q\u2660")), "QS");
  EXPECT_EQ(CardToString(*ParseCard("7\u2665")), "7H");
  EXPECT_EQ(CardToString(*ParseCard("2\u2666")), "2D");
  EXPECT_EQ(CardToString(*ParseCard("K\u2663")), "KC");
}

TEST(CardsTest, RefusesMalformedCards) {
  for (const char* bad : {"", "S", "1S", "11H", "AX", "ASS", "ZZ", "10"}) {
    const auto card = ParseCard(bad);
    EXPECT_FALSE(card.has_value()) << bad;
  }
  const auto cards = ParseCards("4S 5H XX 7C");
  ASSERT_FALSE(cards.has_value());
  EXPECT_NE(cards.error().find("\"XX\""), std::string::npos) << cards.error();
  EXPECT_NE(cards.error().find("card 3"), std::string::npos) << cards.error();
}

TEST(CardSetTest, CountsTheTwoImperialCopies) {
  CardSet s;
  const Card qs = MakeCard(0, kQueen);
  s.Add(qs);
  s.Add(qs);
  s.Add(MakeCard(1, 3));
  EXPECT_EQ(s.Count(qs), 2);
  EXPECT_EQ(s.Size(), 3);
  EXPECT_EQ(s.RankCount(kQueen), 2);
  EXPECT_EQ(s.SuitCount(0), 2);
  s.Remove(qs);
  EXPECT_EQ(s.Count(qs), 1);
  EXPECT_EQ(s.ToString(), "4H QS");
}

TEST(CardSetTest, SortsByRankThenSuitWithCopiesTogether) {
  const CardSet s = *ParseCardSet("KC 2D QS AH QS 2S AC KS 9H");
  EXPECT_EQ(CardsToString(s.SortedByRank()), "AH AC 2S 2D 9H QS QS KS KC");
  EXPECT_TRUE(CardSet().SortedByRank().empty());
}

TEST(CardSetTest, MultisetArithmetic) {
  const CardSet a = *ParseCardSet("QS QS KS 4H");
  const CardSet b = *ParseCardSet("QS 4H");
  EXPECT_TRUE(a.Contains(b));
  EXPECT_FALSE(b.Contains(a));
  EXPECT_EQ(a.Minus(b), *ParseCardSet("QS KS"));
  EXPECT_EQ(a.Minus(b).Plus(b), a);
  EXPECT_EQ(a.Intersect(*ParseCardSet("QS QS 5D")), *ParseCardSet("QS QS"));
  EXPECT_EQ(b.Union(*ParseCardSet("QS QS")), *ParseCardSet("QS QS 4H"));
  EXPECT_EQ(a.OfRank(kQueen), *ParseCardSet("QS QS"));
  EXPECT_FALSE(ParseCardSet("QS QS QS").has_value());
}

TEST(CardsTest, FullDeckHasFiveOfEveryRank) {
  for (int imperial = 0; imperial < kNumSuits; ++imperial) {
    const std::vector<Card> deck = FullDeck(imperial);
    ASSERT_EQ(deck.size(), size_t{kDeckSize});
    CardSet all;
    for (Card c : deck) all.Add(c);
    for (int r = 0; r < kNumRanks; ++r) EXPECT_EQ(all.RankCount(r), 5);
    EXPECT_EQ(all.SuitCount(imperial), 26);
    EXPECT_EQ(CheckFullDeck(deck, imperial), "");
  }
}

TEST(CardsTest, CheckFullDeckNamesWhatIsWrong) {
  std::vector<Card> deck = FullDeck(0);
  deck.back() = MakeCard(1, 0);  // a second AH instead of the second KS
  const std::string err = CheckFullDeck(deck, 0);
  EXPECT_NE(err.find("missing: KS"), std::string::npos) << err;
  EXPECT_NE(err.find("extra: AH"), std::string::npos) << err;
  deck.pop_back();
  EXPECT_NE(CheckFullDeck(deck, 0).find("64 cards"), std::string::npos);
}

}  // namespace
}  // namespace zetema
