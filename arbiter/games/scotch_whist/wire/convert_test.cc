#include "arbiter/games/scotch_whist/wire/convert.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace scotch_whist::wire {
namespace {

State NewState(int players) {
  GameConfig c{.rules = std::make_shared<const Ruleset>(*Preset("standard")),
               .num_players = players,
               .seed = 5,
               .first_dealer = 0};
  return *State::New(c);
}

TEST(ConvertTest, RulesetRoundTripsAndIsValidated) {
  Ruleset r = *Preset("partnerships");
  r.target = 30;
  r.max_hands = 9;
  EXPECT_EQ(*RulesetFromProto(RulesetToProto(r)), r);
  pb::Ruleset bad = RulesetToProto(r);
  bad.set_target(0);
  EXPECT_NE(RulesetFromProto(bad).error().find("ruleset.target"),
            std::string::npos);
  bad = RulesetToProto(r);
  bad.set_base("");
  EXPECT_NE(RulesetFromProto(bad).error().find("ruleset.base"),
            std::string::npos);
}

TEST(ConvertTest, ActionsRoundTripAndBadOnesAreNamed) {
  const Card c = *ParseCard("TH");
  EXPECT_EQ(ActionToProto(c).play().card(), "TH");
  EXPECT_EQ(*CardFromProto(ActionToProto(c)), c);
  pb::Action none;
  EXPECT_NE(CardFromProto(none).error().find("no kind"), std::string::npos);
  pb::Action empty;
  empty.mutable_play();
  EXPECT_NE(CardFromProto(empty).error().find("play.card: missing"),
            std::string::npos);
  pb::Action two;
  two.mutable_play()->set_card("2H");
  EXPECT_NE(CardFromProto(two).error().find("play.card"), std::string::npos);
}

TEST(ConvertTest, TheDealShowsOnlyTheViewersHand) {
  const State s = NewState(4);
  const Event& deal = s.Events().front();
  ASSERT_EQ(deal.type, EventType::kDeal);
  const pb::Event mine = EventToProto(s, deal, 2);
  EXPECT_EQ(mine.cards_size(), 9);
  for (const auto& c : mine.cards()) EXPECT_TRUE(s.Hand(2).Has(*ParseCard(c)));
  EXPECT_EQ(mine.card(), CardToString(s.TrumpCard()));
  const pb::Event pub = EventToProto(s, deal, /*viewer=*/-2);
  EXPECT_EQ(pub.cards_size(), 0);
  EXPECT_EQ(pub.text().find("seat 1:"), std::string::npos);
}

TEST(ConvertTest, TheObservationHoldsOnlyTheSeatsHand) {
  State s = NewState(3);
  std::vector<Card> legal;
  s.LegalActions(&legal);
  s.ApplyLegal(legal[0]);  // seat 1 leads
  pb::Observation o;
  ObservationToProto(s, 2, &o);
  EXPECT_EQ(o.seat(), 2);
  EXPECT_EQ(o.hand_size(), 12);
  EXPECT_EQ(o.trick().leader(), 1);
  ASSERT_EQ(o.trick().cards_size(), 1);
  EXPECT_EQ(o.trick().cards(0), CardToString(legal[0]));
  EXPECT_EQ(o.hand_sizes(1), 11);
  EXPECT_EQ(o.trump_card(), CardToString(s.TrumpCard()));
  EXPECT_TRUE(o.trump_held() || legal[0] == s.TrumpCard());
  EXPECT_EQ(o.cards_dealt(), 12);
  EXPECT_EQ(o.captured_size(), 3);
  EXPECT_EQ(o.target(), 41);
  for (const auto& c : o.hand()) EXPECT_TRUE(s.Hand(2).Has(*ParseCard(c)));
}

}  // namespace
}  // namespace scotch_whist::wire
