#include "arbiter/games/zetema/events.h"

#include <gtest/gtest.h>

namespace zetema {
namespace {

Card C(std::string_view text) { return *ParseCard(text); }

Event Make(EventType type, int seat) {
  Event e;
  e.type = type;
  e.seat = int8_t(seat);
  return e;
}

TEST(EventTextTest, EveryKindOfEvent) {
  Event deal = Make(EventType::kDeal, 2);
  deal.value = 3;
  EXPECT_EQ(EventToString(deal), "hand 3: seat 2 deals");
  Event discard = Make(EventType::kDiscard, 1);
  discard.card = C("TH");
  EXPECT_EQ(EventToString(discard), "seat 1 discards TH");
  Event zetema = Make(EventType::kZetema, 0);
  zetema.card = C("7C");
  zetema.points = 40;
  EXPECT_EQ(EventToString(zetema), "seat 0 forms a zetema of 7s for 40");
  Event waste = Make(EventType::kWaste, -1);
  waste.action.cards = *ParseCardSet("KS 2D 2D");
  EXPECT_EQ(EventToString(waste), "to the waste: 2D 2D KS");
  EXPECT_EQ(EventToString(Make(EventType::kSkip, 3)),
            "seat 3 has no cards and is skipped");
  EXPECT_EQ(EventToString(Make(EventType::kExtraTurn, 1)),
            "seat 1 takes another turn");
  Event hand_end = Make(EventType::kHandEnd, -1);
  hand_end.value = 12;
  EXPECT_EQ(EventToString(hand_end), "hand 12 ends");
  EXPECT_EQ(EventToString(Make(EventType::kGameEnd, 1)),
            "game over: seat 1 wins");
  EXPECT_EQ(EventToString(Make(EventType::kGameEnd, -1)),
            "game over: no winner");
}

TEST(EventTextTest, DeclarationsShowTheMeldWithoutItsDiscard) {
  Event meld = Make(EventType::kDeclare, 1);
  meld.action.type = ActionType::kMeld;
  meld.action.meld = MeldType::kFlush;
  meld.action.cards = *ParseCardSet("2H 5H 9H JH KH");
  meld.action.discard = C("3S");
  meld.points = 25;
  EXPECT_EQ(EventToString(meld),
            "seat 1 declares flush (meld 2H 5H 9H JH KH) for 25");
  Event marry = Make(EventType::kDeclare, 0);
  marry.action.type = ActionType::kMarry;
  marry.action.cards = *ParseCardSet("KS QS");
  marry.points = 20;
  EXPECT_EQ(EventToString(marry),
            "seat 0 declares marriages (marry KS QS) for 20");
}

// Only the seat that drew, and the viewer of everything, see its card: they
// are one class of viewers, every other viewer (another seat, the public)
// the other.
TEST(EventTextTest, DrawsShowTheCardToTheDrawerAndEveryoneOnly) {
  Event draw = Make(EventType::kDraw, 1);
  draw.card = C("QD");
  EXPECT_EQ(EventToString(draw, -1), "seat 1 draws QD");
  EXPECT_EQ(EventToString(draw, 1), "seat 1 draws QD");
  EXPECT_EQ(EventToString(draw, 0), "seat 1 draws");
  EXPECT_EQ(EventToString(draw, 1000), "seat 1 draws");
  EXPECT_EQ(ViewerClass(draw, -1), ViewerClass(draw, 1));
  EXPECT_EQ(ViewerClass(draw, 0), ViewerClass(draw, 1000));
  EXPECT_NE(ViewerClass(draw, 0), ViewerClass(draw, 1));
  Event discard = Make(EventType::kDiscard, 1);
  discard.card = C("QD");
  for (int viewer : {-1, 0, 1, 1000}) {
    EXPECT_EQ(ViewerClass(discard, viewer), ViewerClass(discard, 0));
  }
}

}  // namespace
}  // namespace zetema
