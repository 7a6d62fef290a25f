#include "zetema_bot/actions.h"

#include <gtest/gtest.h>

#include <vector>

namespace zetema_bot {
namespace {

zetema::v1::Action Parsed(std::string_view text) {
  auto action = ParseAction(text);
  EXPECT_TRUE(action) << text << ": " << action.error();
  return action.value_or(zetema::v1::Action());
}

TEST(ActionsTest, CanonicalTextRoundTrips) {
  for (const char* text : {
           "discard 9H",
           "meld 4S 5H 6D 7C 8S 9H discard 9H",
           "meld 4S 5H 6D 7C 8S 9H",
           "meld QS QS QH QD QC",
           "marry KH QH",
           "marry KS QS, KS* QS",
           "marry KH QH*, KD* QD, KC QC",
       }) {
    const zetema::v1::Action action = Parsed(text);
    EXPECT_EQ(FormatAction(action), text);
    EXPECT_TRUE(SameAction(Parsed(FormatAction(action)), action)) << text;
  }
}

TEST(ActionsTest, StructuredFormOfEachKind) {
  const auto discard = Parsed("discard 10h");
  ASSERT_TRUE(discard.has_discard());
  EXPECT_EQ(discard.discard().card(), "TH");

  const auto meld = Parsed("MELD 4s 5h 6d 7c 8s 9h Discard 9h");
  ASSERT_TRUE(meld.has_meld());
  EXPECT_EQ(meld.meld().cards_size(), 6);
  EXPECT_EQ(meld.meld().cards(5), "9H");
  EXPECT_EQ(meld.meld().discard(), "9H");

  const auto marry = Parsed("marry QH* KH,KS QS");  // queen first is fine
  ASSERT_TRUE(marry.has_marry());
  ASSERT_EQ(marry.marry().marriages_size(), 2);
  EXPECT_EQ(marry.marry().marriages(0).king(), "KH");
  EXPECT_FALSE(marry.marry().marriages(0).king_from_pile());
  EXPECT_EQ(marry.marry().marriages(0).queen(), "QH");
  EXPECT_TRUE(marry.marry().marriages(0).queen_from_pile());
  EXPECT_EQ(FormatAction(marry), "marry KH QH*, KS QS");
}

TEST(ActionsTest, BadTextNamesTheProblem) {
  struct Case {
    const char* text;
    const char* says;
  };
  for (const Case& c : {
           Case{"", "empty action"},
           Case{"pass", "\"pass\""},
           Case{"discard", "needs a card"},
           Case{"discard 9H 8H", "\"8H\""},
           Case{"discard 9X", "\"9X\""},
           Case{"meld", "declared cards"},
           Case{"meld discard 9H", "declared cards"},
           Case{"meld 4S 5H 6D 7C 8S 9H discard", "missing a card"},
           Case{"meld 4S 5H 6D 7C 8S 9H discard 9H 9H", "nothing may follow"},
           Case{"meld 4S, 5H", "unexpected \",\""},
           Case{"marry", "pairs"},
           Case{"marry KH", "pairs"},
           Case{"marry KH QD", "not a king and a queen of one suit"},
           Case{"marry KH KD", "not a king and a queen"},
           Case{"marry KH QH KS QS", "expected ','"},
           Case{"marry KH QH,", "pairs"},
           Case{"marry KH Q*", "\"Q\""},
       }) {
    auto action = ParseAction(c.text);
    ASSERT_FALSE(action) << c.text;
    EXPECT_NE(action.error().find(c.says), std::string::npos)
        << c.text << " -> " << action.error();
  }
}

TEST(ActionsTest, SameActionIgnoresOrderButNotPlace) {
  EXPECT_TRUE(SameAction(Parsed("meld 9H 8S 7C 6D 5H 4S discard 9H"),
                         Parsed("meld 4S 5H 6D 7C 8S 9H discard 9H")));
  EXPECT_FALSE(SameAction(Parsed("meld 4S 5H 6D 7C 8S 9H discard 9H"),
                          Parsed("meld 4S 5H 6D 7C 8S 9H discard 4S")));
  EXPECT_FALSE(SameAction(Parsed("meld 4S 5H 6D 7C 8S 9H discard 9H"),
                          Parsed("meld 4S 5H 6D 7C 8S 9H")));
  EXPECT_TRUE(
      SameAction(Parsed("marry KS QS, KS* QS"), Parsed("marry KS* QS, KS QS")));
  EXPECT_FALSE(
      SameAction(Parsed("marry KS QS, KS* QS"), Parsed("marry KS QS, KS QS*")));
  EXPECT_FALSE(SameAction(Parsed("discard 9H"), Parsed("discard 9D")));
  EXPECT_FALSE(SameAction(Parsed("discard 9H"), Parsed("meld 9H")));
  // meld_type is informative only.
  auto typed = Parsed("meld QS QS QH QD QC");
  typed.mutable_meld()->set_meld_type(zetema::v1::MELD_TYPE_ASSEMBLY);
  EXPECT_TRUE(SameAction(typed, Parsed("meld QC QD QH QS QS")));
}

TEST(ActionsTest, BuildersMatchTheText) {
  const std::vector<Card> cards = *ParseCards("4S 5H 6D 7C 8S 9H");
  EXPECT_EQ(FormatAction(DiscardAction(cards[5])), "discard 9H");
  EXPECT_EQ(FormatAction(MeldAction(cards, cards[5])),
            "meld 4S 5H 6D 7C 8S 9H discard 9H");
  EXPECT_EQ(FormatAction(MeldAction(cards)), "meld 4S 5H 6D 7C 8S 9H");
  const std::vector<MarriagePair> pairs = {
      {.king = *ParseCard("KS"), .queen = *ParseCard("QS")},
      {.king = *ParseCard("KS"),
       .queen = *ParseCard("QS"),
       .king_from_pile = true}};
  EXPECT_EQ(FormatAction(MarryAction(pairs)), "marry KS QS, KS* QS");
  EXPECT_EQ(FormatAction(zetema::v1::Action()), "");
}

}  // namespace
}  // namespace zetema_bot
