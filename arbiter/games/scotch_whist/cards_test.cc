#include "arbiter/games/scotch_whist/cards.h"

#include <gtest/gtest.h>

namespace scotch_whist {
namespace {

TEST(CardsTest, NotationRoundTrips) {
  for (Card c = 0; c < kNumCards; ++c) {
    const auto back = ParseCard(CardToString(c));
    ASSERT_TRUE(back.has_value()) << CardToString(c);
    EXPECT_EQ(*back, c);
  }
  EXPECT_EQ(CardToString(MakeCard(1, kTen)), "TH");
  EXPECT_EQ(*ParseCard("10H"), MakeCard(1, kTen));
  EXPECT_EQ(*ParseCard("js"), MakeCard(0, kJack));
}

TEST(CardsTest, RefusesWhatIsNotInThePack) {
  EXPECT_FALSE(ParseCard("5H").has_value());
  EXPECT_NE(ParseCard("5H").error().find("6 to A"), std::string::npos);
  EXPECT_FALSE(ParseCard("XH").has_value());
  EXPECT_FALSE(ParseCard("9").has_value());
  EXPECT_FALSE(ParseCard("9HH").has_value());
  EXPECT_FALSE(ParseCard("").has_value());
}

TEST(CardsTest, PackSizeFollowsTheSeats) {
  EXPECT_EQ(CardSet::Pack(4).Size(), 36);
  EXPECT_EQ(CardSet::Pack(5).Size(), 35);
  EXPECT_FALSE(CardSet::Pack(5).Has(kSixOfClubs));
  EXPECT_EQ(CardSet::Pack(7).Size(), 35);
  EXPECT_TRUE(CardSet::Pack(6).Has(kSixOfClubs));
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    EXPECT_EQ(CardSet::Pack(n).Size() % n, 0) << n << " seats";
  }
}

TEST(CardsTest, TrumpOrderPutsTheJackFirst) {
  // J A K Q T 9 8 7 6, high to low.
  const int order[] = {kJack, kAce,   kKing,  kQueen, kTen,
                       kNine, kEight, kSeven, kSix};
  for (int i = 0; i + 1 < kNumRanks; ++i) {
    EXPECT_GT(TrumpStrength(order[i]), TrumpStrength(order[i + 1]))
        << RankChar(order[i]) << " over " << RankChar(order[i + 1]);
  }
}

TEST(CardsTest, SetsListInCardOrderAndRefuseDuplicates) {
  const auto set = ParseCardSet("AC 6S TH 9S");
  ASSERT_TRUE(set.has_value());
  EXPECT_EQ(set->ToString(), "6S 9S TH AC");
  EXPECT_EQ(set->Size(), 4);
  EXPECT_FALSE(ParseCardList("AC 6S AC").has_value());
  EXPECT_EQ(CardSet::Suit(2).ToString(), "6D 7D 8D 9D TD JD QD KD AD");
}

}  // namespace
}  // namespace scotch_whist
