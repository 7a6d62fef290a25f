#include "zetema_bot/cards.h"

#include <gtest/gtest.h>

namespace zetema_bot {
namespace {

TEST(CardsTest, EveryCardRoundTrips) {
  for (int r = 1; r <= kNumRanks; ++r) {
    for (int s = 0; s < kNumSuits; ++s) {
      const Card card{Rank(r), Suit(s)};
      const std::string text = FormatCard(card);
      ASSERT_EQ(text.size(), 2u);
      auto parsed = ParseCard(text);
      ASSERT_TRUE(parsed) << parsed.error();
      EXPECT_EQ(*parsed, card) << text;
    }
  }
}

TEST(CardsTest, AcceptsTenLowerCaseAndSymbols) {
  EXPECT_EQ(FormatCard(*ParseCard("10H")), "TH");
  EXPECT_EQ(FormatCard(*ParseCard("th")), "TH");
  EXPECT_EQ(FormatCard(*ParseCard("q\u2660")), "QS");   // q♠
  EXPECT_EQ(FormatCard(*ParseCard("A\u2665")), "AH");   // A♥
  EXPECT_EQ(FormatCard(*ParseCard("7\u2666")), "7D");   // 7♦
  EXPECT_EQ(FormatCard(*ParseCard("10\u2663")), "TC");  // 10♣
}

TEST(CardsTest, RanksAndSuitsHaveTheirLetters) {
  EXPECT_EQ(ParseCard("AS")->rank, Rank::kAce);
  EXPECT_EQ(ParseCard("KD")->rank, Rank::kKing);
  EXPECT_EQ(ParseCard("KD")->suit, Suit::kDiamonds);
  EXPECT_EQ(ParseCard("5C")->rank, Rank::kFive);
  EXPECT_EQ(ParseCard("5C")->suit, Suit::kClubs);
  EXPECT_LT(*ParseCard("AS"), *ParseCard("2S"));  // ace low
}

TEST(CardsTest, BadCardsNameWhatIsWrong) {
  struct Case {
    const char* text;
    const char* says;
  };
  for (const Case& c :
       {Case{"", "empty"}, Case{"1H", "rank"}, Case{"ZH", "rank"},
        Case{"A", "missing the suit"}, Case{"AX", "suit"}, Case{"AHH", "suit"},
        Case{"11H", "rank"}}) {
    auto card = ParseCard(c.text);
    ASSERT_FALSE(card) << c.text;
    EXPECT_NE(card.error().find(c.says), std::string::npos)
        << c.text << ": " << card.error();
    EXPECT_NE(card.error().find(std::string("\"") + c.text + "\""),
              std::string::npos)
        << card.error();
  }
}

TEST(CardsTest, ListsRoundTrip) {
  auto cards = ParseCards("  4S 5H,10d  QS QS ");
  ASSERT_TRUE(cards) << cards.error();
  EXPECT_EQ(cards->size(), 5u);
  EXPECT_EQ(FormatCards(*cards), "4S 5H TD QS QS");
  EXPECT_EQ(ParseCards("")->size(), 0u);
  auto bad = ParseCards("4S 5X");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("5X"), std::string::npos);
}

TEST(CardsTest, ParsesProtocolFields) {
  google::protobuf::RepeatedPtrField<std::string> field;
  field.Add("KH");
  field.Add("10S");
  auto cards = ParseCards(field);
  ASSERT_TRUE(cards);
  EXPECT_EQ(FormatCards(*cards), "KH TS");
  field.Add("??");
  EXPECT_FALSE(ParseCards(field));
}

}  // namespace
}  // namespace zetema_bot
