#include "arbiter/games/zetema/melds.h"

#include <gtest/gtest.h>

namespace zetema {
namespace {

MeldType Classify(std::string_view cards, const Ruleset& rules, int m = 6) {
  return ClassifyMeld(*ParseCardSet(cards), rules, m);
}

TEST(MeldsTest, ClassifiesEveryKind) {
  const Ruleset parlett = *Preset("parlett");
  EXPECT_EQ(Classify("4S 5H 6D 7C 8S 9H", parlett), MeldType::kSequence);
  EXPECT_EQ(Classify("9H TH JH QH KH AH", parlett), MeldType::kFlushSequence);
  EXPECT_EQ(Classify("AH 2H 3H 4H 5H 6H", parlett), MeldType::kFlushSequence);
  EXPECT_EQ(Classify("2H 4H 6H 8H TH QH", parlett), MeldType::kFlush);
  EXPECT_EQ(Classify("7S 7S 7H 7D 7C", parlett), MeldType::kAssembly);
  EXPECT_EQ(Classify("7S 7S 7H 7D 7C", parlett, 5), MeldType::kAssembly);
  // No wrapping, no gaps, no repeated rank, exact length.
  EXPECT_EQ(Classify("QS KH AD 2C 3S 4H", parlett), MeldType::kNone);
  EXPECT_EQ(Classify("4S 5H 6D 7C 8S TH", parlett), MeldType::kNone);
  EXPECT_EQ(Classify("4S 5H 6D 7C 8S 8H", parlett), MeldType::kNone);
  EXPECT_EQ(Classify("4S 5H 6D 7C 8S", parlett), MeldType::kNone);
  EXPECT_EQ(Classify("4S 5H 6D 7C 8S", parlett, 5), MeldType::kSequence);
  EXPECT_EQ(Classify("7S 7H 7D 7C", parlett), MeldType::kNone);
}

TEST(MeldsTest, ImperialFlushKnob) {
  Ruleset rules = *Preset("parlett");
  ASSERT_FALSE(rules.imperial_flush);
  EXPECT_EQ(Classify("2S 4S 6S 8S TS QS", rules), MeldType::kNone);
  EXPECT_EQ(Classify("4S 5S 6S 7S 8S 9S", rules), MeldType::kSequence);
  EXPECT_EQ(Classify("QS QS 3S 5S 7S 9S", rules), MeldType::kNone);
  rules.imperial_flush = true;
  EXPECT_EQ(Classify("2S 4S 6S 8S TS QS", rules), MeldType::kFlush);
  EXPECT_EQ(Classify("4S 5S 6S 7S 8S 9S", rules), MeldType::kFlushSequence);
  EXPECT_EQ(Classify("QS QS 3S 5S 7S 9S", rules), MeldType::kFlush);
  rules.imperial_suit = 1;
  rules.imperial_flush = false;
  EXPECT_EQ(Classify("2S 4S 6S 8S TS QS", rules), MeldType::kFlush);
  EXPECT_EQ(Classify("2H 4H 6H 8H TH QH", rules), MeldType::kNone);
}

std::vector<std::string> Melds(std::string_view hand, const Ruleset& rules,
                               int m = 6) {
  std::vector<Meld> melds;
  ListMelds(*ParseCardSet(hand), rules, m, &melds);
  std::vector<std::string> out;
  for (const Meld& meld : melds) {
    out.push_back(std::string(ToString(meld.type)) + " " +
                  meld.cards.ToString());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(MeldsTest, ListsEveryDistinctMeld) {
  const Ruleset parlett = *Preset("parlett");
  EXPECT_EQ(Melds("4S 5H 6D 7C 8S 9H KD", parlett),
            (std::vector<std::string>{"sequence 4S 5H 6D 7C 8S 9H"}));
  // 3..9: two windows; two 9s: two sequences for the window 4..9.
  EXPECT_EQ(Melds("3D 4S 5H 6D 7C 8S 9H", parlett),
            (std::vector<std::string>{"sequence 3D 4S 5H 6D 7C 8S",
                                      "sequence 4S 5H 6D 7C 8S 9H"}));
  EXPECT_EQ(Melds("4S 5H 6D 7C 8S 9H 9D", parlett).size(), 2u);
  // Both copies of 8S: one distinct sequence.
  EXPECT_EQ(Melds("4S 5H 6D 7C 8S 8S 9H", parlett).size(), 1u);
  // Seven hearts: C(7,6) = 7 flushes, one of which (2..7) is in sequence.
  EXPECT_EQ(Melds("2H 3H 4H 5H 6H 7H 9H", parlett),
            (std::vector<std::string>{
                "flush 2H 3H 4H 5H 6H 9H", "flush 2H 3H 4H 5H 7H 9H",
                "flush 2H 3H 4H 6H 7H 9H", "flush 2H 3H 5H 6H 7H 9H",
                "flush 2H 4H 5H 6H 7H 9H", "flush 3H 4H 5H 6H 7H 9H",
                "flush_sequence 2H 3H 4H 5H 6H 7H"}));
  EXPECT_EQ(Melds("7S 7S 7H 7D 7C 2H 3C", parlett),
            (std::vector<std::string>{"assembly 7S 7S 7H 7D 7C"}));
  EXPECT_TRUE(Melds("AS 2H 3D 4C 5S QS KH", parlett).empty());
}

TEST(MeldsTest, ImperialDuplicatesInFlushes) {
  Ruleset casual = *Preset("casual");
  // Spades QS QS 2S 4S 6S 8S TS: sets of six from seven cards where the two
  // QS are one kind: {drop QS} once, {drop one of the others} 5 ways.
  EXPECT_EQ(Melds("QS QS 2S 4S 6S 8S TS", casual).size(), 6u);
}

std::vector<std::string> Marriages(std::string_view hand,
                                   std::string_view piles) {
  std::vector<Marriage> list;
  ListMarriages(*ParseCardSet(hand), *ParseCardSet(piles), &list);
  std::vector<std::string> out;
  for (const Marriage& m : list) {
    Action a;
    a.type = ActionType::kMarry;
    a.cards = m.from_hand;
    a.pile = m.from_pile;
    EXPECT_EQ(CountMarriages(m.from_hand, m.from_pile),
              (m.from_hand.Size() + m.from_pile.Size()) / 2);
    out.push_back(ActionToString(a));
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(MarriagesTest, ListsHandAndPileVariants) {
  EXPECT_EQ(Marriages("KH QH 2C", ""),
            (std::vector<std::string>{"marry KH QH"}));
  EXPECT_EQ(Marriages("KH 2C", "QH QD"),
            (std::vector<std::string>{"marry KH QH*"}));
  EXPECT_EQ(Marriages("KS QS", "QS"),
            (std::vector<std::string>{"marry KS QS", "marry KS QS*"}));
  EXPECT_EQ(Marriages("KS QS", "KS"),
            (std::vector<std::string>{"marry KS QS", "marry KS* QS"}));
  EXPECT_EQ(Marriages("KS QS QS", "KS"),
            (std::vector<std::string>{"marry KS QS", "marry KS QS, KS* QS",
                                      "marry KS* QS"}));
  EXPECT_EQ(Marriages("KH QH KD QD", ""),
            (std::vector<std::string>{"marry KD QD", "marry KH QH",
                                      "marry KH QH, KD QD"}));
  EXPECT_TRUE(Marriages("2C 3C", "KH QH").empty());
}

TEST(MarriagesTest, CountsOnlyPairableDeclarations) {
  auto count = [](std::string_view hand, std::string_view pile) {
    return CountMarriages(*ParseCardSet(hand), *ParseCardSet(pile));
  };
  EXPECT_EQ(count("KS QS", "KS QS"), 2);
  EXPECT_EQ(count("", "KS QS"), 0);
  EXPECT_EQ(count("KS", "KS QS"), 0);
  EXPECT_EQ(count("KS QH", ""), 0);
  EXPECT_EQ(count("KS QS 2C", ""), 0);
  EXPECT_EQ(count("KS QS KS QS KH QH KD QD KC QC", ""), 5);
}

}  // namespace
}  // namespace zetema
