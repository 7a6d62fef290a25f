#include "arbiter/games/scotch_whist/ruleset.h"

#include <gtest/gtest.h>

namespace scotch_whist {
namespace {

TEST(RulesetTest, PresetsAndTeams) {
  const Ruleset standard = *Preset("standard");
  EXPECT_EQ(standard.target, 41);
  EXPECT_EQ(standard.max_hands, 50);
  EXPECT_FALSE(standard.partnerships);
  EXPECT_EQ(standard.Teams(4), (std::vector<int>{0, 1, 2, 3}));
  const Ruleset pairs = *Preset("partnerships");
  EXPECT_EQ(pairs.Teams(4), (std::vector<int>{0, 1, 0, 1}));
  EXPECT_EQ(pairs.Teams(6), (std::vector<int>{0, 1, 2, 0, 1, 2}));
  // No effect at other seat counts.
  EXPECT_EQ(pairs.Teams(5), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(pairs.Teams(2), (std::vector<int>{0, 1}));
  EXPECT_FALSE(Preset("whist").has_value());
}

TEST(RulesetTest, TomlRoundTrips) {
  Ruleset r = *Preset("standard");
  r.target = 25;
  r.max_hands = 3;
  r.partnerships = true;
  const auto back = ParseRuleset(RulesetToToml(r), "test");
  ASSERT_TRUE(back.has_value()) << back.error();
  EXPECT_EQ(*back, r);
}

TEST(RulesetTest, BadKeysAreNamed) {
  EXPECT_NE(ParseRuleset("target = 3", "f").error().find("base"),
            std::string::npos);
  EXPECT_NE(ParseRuleset("base = \"standard\"\ntarget = 0", "f")
                .error()
                .find("target: must be 1 to"),
            std::string::npos);
  EXPECT_NE(ParseRuleset("base = \"standard\"\nmax_hands = \"x\"", "f")
                .error()
                .find("max_hands: must be an integer"),
            std::string::npos);
  EXPECT_NE(ParseRuleset("base = \"standard\"\npartnerships = 1", "f")
                .error()
                .find("partnerships: must be true or false"),
            std::string::npos);
  EXPECT_NE(ParseRuleset("base = \"standard\"\ntrumps = 1", "f")
                .error()
                .find("trumps: unknown key"),
            std::string::npos);
  EXPECT_NE(ParseRuleset("base = [", "f").error().find("f:1:"),
            std::string::npos);
  toml::table overrides{{"target", 0}};
  Ruleset r;
  EXPECT_NE(
      ApplyRulesetTable(overrides, "rules.", &r).error().find("rules.target"),
      std::string::npos);
}

}  // namespace
}  // namespace scotch_whist
