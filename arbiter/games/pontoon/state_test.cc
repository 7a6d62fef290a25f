// Unit tests of the parts the scenario files do not reach: card and action
// notation, ruleset files and their errors, and the engine's refusals.
#include "arbiter/games/pontoon/state.h"

#include <gtest/gtest.h>

#include <memory>

namespace pontoon {
namespace {

TEST(CardsTest, ParsesAndPrints) {
  EXPECT_EQ(CardText(*ParseCard("10h")), "TH");
  EXPECT_EQ(CardText(*ParseCard("AS")), "AS");
  EXPECT_EQ(ValueOf(*ParseCard("KD")), 10);
  EXPECT_EQ(ValueOf(*ParseCard("AC")), 1);
  EXPECT_FALSE(ParseCard("1S"));
  EXPECT_FALSE(ParseCard("AX"));
  EXPECT_NE(ParsePack("AS AS").error().find("twice"), std::string::npos);
  EXPECT_NE(ParsePack("AS KS").error().find("52"), std::string::npos);
}

TEST(ActionTest, ParsesAndPrints) {
  EXPECT_EQ(ActionText(*ParseAction("BET 5")), "bet 5");
  EXPECT_EQ(ActionText(*ParseAction(" twist ")), "twist");
  EXPECT_FALSE(ParseAction("buy"));
  EXPECT_FALSE(ParseAction("buy -3"));
  EXPECT_FALSE(ParseAction("stick now"));
  EXPECT_FALSE(ParseAction("double"));
  EXPECT_FALSE(ParseAction(""));
}

TEST(RulesetTest, FileRoundTripAndErrors) {
  auto traditional = *Preset("traditional");
  EXPECT_EQ(traditional.min_stick, 16);
  auto back = ParseRuleset(RulesetToToml(traditional), "x");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, traditional);
  auto custom = ParseRuleset("base = \"standard\"\nhands = 3\n", "x");
  ASSERT_TRUE(custom) << custom.error();
  EXPECT_EQ(custom->hands, 3);
  for (const auto& [text, key] :
       std::vector<std::pair<std::string, std::string>>{
           {"max_players = 9", "max_players"},
           {"min_bet = 0", "min_bet"},
           {"min_bet = 5\nmax_bet = 4", "max_bet"},
           {"min_stick = 22", "min_stick"},
           {"banker_min_stick = -1", "banker_min_stick"},
           {"hands = 0", "hands"},
           {"split_pontoon = 1", "split_pontoon"},
           {"colour = 1", "colour"},
           {"base = \"vegas\"", "base"}}) {
    auto r = ParseRuleset(text, "x");
    ASSERT_FALSE(r) << text;
    EXPECT_NE(r.error().find(key), std::string::npos) << r.error();
  }
}

TEST(StateTest, RefusalsSayWhy) {
  auto rules = std::make_shared<const Ruleset>();
  auto s = *State::New(
      {.rules = rules, .num_seats = 2, .seed = 3, .first_banker = 0});
  EXPECT_NE(s.WhyIllegal({ActionType::kStick}).find("bet"), std::string::npos);
  EXPECT_NE(s.WhyIllegal({ActionType::kBet, 11}).find("1 to 10"),
            std::string::npos);
  EXPECT_EQ(s.WhyIllegal({ActionType::kBet, 10}), "");
  s.Apply({ActionType::kBet, 2});
  if (s.phase() == Phase::kPlay) {
    EXPECT_NE(s.WhyIllegal({ActionType::kBuy, 5}).find("2 to 4"),
              std::string::npos);
    EXPECT_NE(s.WhyIllegal({ActionType::kBet, 2}).find("bets are made"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace pontoon
