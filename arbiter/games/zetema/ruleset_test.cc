#include "arbiter/games/zetema/ruleset.h"

#include <gtest/gtest.h>

#include <sstream>

namespace zetema {
namespace {

TEST(RulesetTest, PresetsMatchTheTable) {
  const Ruleset parlett = *Preset("parlett");
  EXPECT_EQ(parlett.turn_order, TurnOrder::kDrawFirst);
  EXPECT_EQ(parlett.points.assembly[kKing], 130);
  EXPECT_EQ(parlett.points.assembly[10], 120);
  EXPECT_EQ(parlett.points.assembly[kAce], 110);
  EXPECT_EQ(parlett.points.assembly[4], 110);
  EXPECT_EQ(parlett.points.assembly[6], 100);
  EXPECT_EQ(parlett.points.zetema[kQueen], 50);
  EXPECT_EQ(parlett.points.zetema[10], 20);
  EXPECT_EQ(parlett.points.zetema[kAce], 15);
  EXPECT_EQ(parlett.points.zetema[2], 5);
  const Ruleset sackson = *Preset("sackson");
  EXPECT_EQ(sackson.turn_order, TurnOrder::kPlayFirst);
  EXPECT_EQ(sackson.assembly_after, AssemblyAfter::kWasteAndRefill);
  EXPECT_EQ(sackson.imperial_bonus, ImperialBonus::kSecond);
  EXPECT_TRUE(sackson.two_player_extra_turn);
  EXPECT_EQ(sackson.six_player_teams, SixPlayerTeams::kTrios);
  const Ruleset hunt = *Preset("hunt");
  EXPECT_EQ(hunt.points.sequence, 30);
  EXPECT_EQ(hunt.points.flush_sequence, 60);
  EXPECT_EQ(hunt.points.assembly[kKing], 100);
  EXPECT_EQ(hunt.points.assembly[3], 60);
  EXPECT_TRUE(hunt.kq_zetema_needs_assembly);
  EXPECT_EQ(hunt.HandSize(5), 5);
  EXPECT_EQ(hunt.MeldLength(5), 5);
  const Ruleset casual = *Preset("casual");
  EXPECT_EQ(casual.points.sequence, 10);
  EXPECT_TRUE(casual.imperial_flush);
  EXPECT_EQ(casual.imperial_bonus, ImperialBonus::kNone);
  EXPECT_EQ(casual.marriage_refill, MarriageRefill::kNextTurn);
  EXPECT_FALSE(casual.partnerships);
  EXPECT_EQ(casual.HandSize(6), 5);
  EXPECT_EQ(casual.MeldLength(6), 6);
  EXPECT_FALSE(Preset("bezique").has_value());
}

TEST(RulesetTest, Teams) {
  const Ruleset parlett = *Preset("parlett");
  EXPECT_EQ(parlett.Teams(3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(parlett.Teams(4), (std::vector<int>{0, 1, 0, 1}));
  EXPECT_EQ(parlett.Teams(6), (std::vector<int>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(Preset("sackson")->Teams(6), (std::vector<int>{0, 1, 0, 1, 0, 1}));
  EXPECT_EQ(Preset("casual")->Teams(4), (std::vector<int>{0, 1, 2, 3}));
}

TEST(RulesetTest, FileOverridesItsBase) {
  const auto rules = ParseRuleset(R"(
base = "sackson"
imperial_suit = "H"
target = [100, 100, 100, 100, 100]
[points]
sequence = 25
assembly = { other = 70, K = 90 }
zetema = { "5" = 17 }
)");
  ASSERT_TRUE(rules.has_value()) << rules.error();
  EXPECT_EQ(rules->turn_order, TurnOrder::kPlayFirst);
  EXPECT_EQ(rules->imperial_suit, 1);
  EXPECT_EQ(rules->Target(4), 100);
  EXPECT_EQ(rules->points.sequence, 25);
  EXPECT_EQ(rules->points.assembly[kKing], 90);
  EXPECT_EQ(rules->points.assembly[kQueen], 70);
  EXPECT_EQ(rules->points.zetema[4], 17);
  EXPECT_EQ(rules->points.zetema[kKing], 50);
}

TEST(RulesetTest, TomlRoundTripKeepsEveryKnob) {
  for (std::string_view name : kPresetNames) {
    const Ruleset preset = *Preset(name);
    const auto back = ParseRuleset(RulesetToToml(preset));
    ASSERT_TRUE(back.has_value()) << back.error();
    EXPECT_EQ(*back, preset) << name;
  }
}

// `arbiter rules show` prints this: every knob comes after a comment line,
// and every list says what it is indexed by.
TEST(RulesetTest, TomlHasACommentBeforeEveryKnob) {
  const std::string toml = RulesetToToml(*Preset("hunt"));
  std::istringstream in(toml);
  std::string line, previous;
  int knobs = 0;
  while (std::getline(in, line)) {
    if (line.find(" = ") != std::string::npos && line[0] != '#') {
      ++knobs;
      EXPECT_TRUE(previous.starts_with("# ")) << line;
      if (line.find(" = [") != std::string::npos) {
        EXPECT_NE(previous.find("by "), std::string::npos) << previous;
      }
    }
    previous = line;
  }
  EXPECT_EQ(knobs, 21) << toml;  // 15 knobs and 6 points entries
}

TEST(RulesetTest, ErrorsNameTheKey) {
  struct Case {
    const char* toml;
    const char* want;
  };
  for (const Case& c : {
           Case{"turn_order = \"draw_first\"", "base: missing"},
           Case{"base = \"bridge\"", "base: unknown preset \"bridge\""},
           Case{"base = \"parlett\"\ncolour = 1", "colour: unknown key"},
           Case{"base = \"parlett\"\ntarget = [0, 300, 200, 200, 200]",
                "target (for 2 players): must be at least 1"},
           Case{"base = \"parlett\"\nhand_size = [6, 6, 7, 6, 5]",
                "hand_size: must be 5 or 6"},
           Case{"base = \"parlett\"\nmeld_length = [8, 6, 6, 6, 5]",
                "meld_length"},
           Case{"base = \"parlett\"\nmax_hands = 0", "max_hands"},
           Case{"base = \"parlett\"\nhand_size = [6, 6]",
                "hand_size: must be a list"},
           Case{"base = \"parlett\"\n[points]\nmarriages = [10, 30]",
                "points.marriages: must be a list"},
           Case{"base = \"parlett\"\n[points]\nflush = -5", "points.flush"},
           Case{"base = \"parlett\"\n[points]\nassembly = { X = 5 }",
                "points.assembly.X: unknown rank"},
           Case{"base = \"parlett\"\n[points]\nzetema = { K = 0 }",
                "points.zetema.K"},
           Case{"base = \"parlett\"\nimperial_bonus = \"all\"",
                "imperial_bonus: must be one of each | second | none"},
           Case{"base = \"parlett\"\nimperial_suit = \"X\"", "imperial_suit"},
           Case{"base = \"parlett\"\npartnerships = 1", "partnerships"},
           Case{"base = = 1", "line 1"},
           Case{"base = \"parlett\"\n# \xef\xb5\xbf", "line 2, column 3: non-ASCII"},
       }) {
    const auto r = ParseRuleset(c.toml);
    ASSERT_FALSE(r.has_value()) << c.toml;
    EXPECT_NE(r.error().find(c.want), std::string::npos)
        << c.toml << " -> " << r.error();
  }
}

}  // namespace
}  // namespace zetema
