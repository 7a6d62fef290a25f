#include "arbiter/games/zetema/wire/convert.h"

#include <gtest/gtest.h>

#include <memory>

#include "arbiter/games/zetema/state.h"

namespace arbiter {
namespace {

TEST(ConvertTest, EveryPresetRoundTrips) {
  for (auto name : zetema::kPresetNames) {
    auto rules = zetema::Preset(name);
    ASSERT_TRUE(rules.has_value()) << name;
    auto back = RulesetFromProto(RulesetToProto(*rules));
    ASSERT_TRUE(back.has_value()) << name << ": " << back.error();
    EXPECT_EQ(*back, *rules) << name;
  }
}

TEST(ConvertTest, BadRulesetNamesTheField) {
  auto proto = RulesetToProto(*zetema::Preset("parlett"));
  proto.mutable_target()->RemoveLast();
  auto r = RulesetFromProto(proto);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().find("target"), std::string::npos) << r.error();
  proto = RulesetToProto(*zetema::Preset("parlett"));
  proto.clear_turn_order();
  r = RulesetFromProto(proto);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().find("turn_order"), std::string::npos) << r.error();
}

TEST(ConvertTest, StructuredActionsMapOneToOneOntoText) {
  for (auto text : {"discard 9H", "meld 4S 5H 6D 7C 8S 9H discard 9H",
                    "marry KS QS, KS* QS", "marry KH QH*"}) {
    auto action = zetema::ParseAction(text);
    ASSERT_TRUE(action.has_value()) << text << ": " << action.error();
    const auto proto = ActionToProto(*action);
    auto back_text = ProtoActionToText(proto);
    ASSERT_TRUE(back_text.has_value());
    auto back = zetema::ParseAction(*back_text);
    ASSERT_TRUE(back.has_value()) << *back_text;
    EXPECT_EQ(*back, *action) << text << " -> " << *back_text;
  }
  auto marry = ActionToProto(*zetema::ParseAction("marry KH QH*"));
  ASSERT_EQ(marry.marry().marriages_size(), 1);
  EXPECT_EQ(marry.marry().marriages(0).king(), "KH");
  EXPECT_FALSE(marry.marry().marriages(0).king_from_pile());
  EXPECT_TRUE(marry.marry().marriages(0).queen_from_pile());
}

TEST(ConvertTest, LegalActionsOfPlayedGamesRoundTrip) {
  zetema::GameConfig config;
  config.rules =
      std::make_shared<const zetema::Ruleset>(*zetema::Preset("casual"));
  config.num_players = 3;
  config.seed = 11;
  auto state = zetema::State::New(config);
  ASSERT_TRUE(state.has_value());
  for (int step = 0; step < 200 && !state->IsTerminal(); ++step) {
    const auto legal = state->LegalActions();
    for (const auto& a : legal) {
      auto back = ActionFromProto(ActionToProto(a));
      ASSERT_TRUE(back.has_value()) << back.error();
      EXPECT_EQ(*back, a) << zetema::ActionToString(a);
    }
    state->ApplyLegal(legal[step % legal.size()]);
  }
}

TEST(ConvertTest, EmptyOrBrokenStructuredActionsAreErrors) {
  zetema::v1::Action none;
  EXPECT_FALSE(ActionFromProto(none).has_value());
  zetema::v1::Action bad;
  bad.mutable_discard()->set_card("ZZ");
  auto r = ActionFromProto(bad);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().find("ZZ"), std::string::npos) << r.error();
}

TEST(ConvertTest, OthersDrawsAreHidden) {
  zetema::Event draw{.type = zetema::EventType::kDraw,
                     .seat = 1,
                     .card = zetema::MakeCard(1, 8)};
  EXPECT_EQ(EventToProto(draw, 1).card(), "9H");
  EXPECT_EQ(EventToProto(draw, 0).card(), "");
  EXPECT_EQ(EventToProto(draw, kPublicViewer).card(), "");
  EXPECT_EQ(EventToProto(draw, 0).text().find("9H"), std::string::npos);
  EXPECT_EQ(EventToProto(draw, 0).type(), zetema::v1::EVENT_TYPE_DRAW);
}

}  // namespace
}  // namespace arbiter
