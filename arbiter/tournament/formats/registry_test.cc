#include "arbiter/tournament/formats/registry.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "arbiter/tournament/test_util.h"

namespace arbiter::tournament {
namespace {

using ::testing::HasSubstr;

TEST(FormatRegistryTest, NamesEveryFormatOnce) {
  EXPECT_EQ(FormatNames(),
            "\"round-robin\", \"swiss\", \"gauntlet\", \"knockout\"");
  for (const FormatEntry& entry : Formats()) {
    EXPECT_EQ(FindFormat(entry.name), &entry);
  }
  EXPECT_EQ(FindFormat("ladder"), nullptr);
}

TEST(FormatRegistryTest, MakesTheConfigsFormatAndRefusesAnUnknownOne) {
  TournamentConfig config = MakeConfig(4);
  for (const std::string name : {"round-robin", "swiss", "knockout"}) {
    config.format = name;
    auto format = MakeFormat(config, Layout(2, true));
    ASSERT_TRUE(format) << name << ": " << format.error();
    auto batch = (*format)->Next();
    ASSERT_TRUE(batch && *batch) << name;
    EXPECT_FALSE((*batch)->games.empty()) << name;
    EXPECT_EQ((*format)->Adaptive(), name != "round-robin") << name;
  }
  config.format = "ladder";
  auto unknown = MakeFormat(config, Layout(2, true));
  ASSERT_FALSE(unknown);
  EXPECT_THAT(unknown.error(), HasSubstr("format: must be one of"));
}

TEST(FormatRegistryTest, FormatsPlayedWholeRefuseRoundsAndPrior) {
  TournamentConfig config = MakeConfig(4);
  config.format = "gauntlet";
  config.gauntlet_bot = "b1";
  auto format = MakeFormat(config, Layout(2, true));
  ASSERT_TRUE(format) << format.error();
  EXPECT_TRUE((*format)->CheckSplit({.shards = 3}));
  auto round = (*format)->CheckSplit({.round = 2});
  ASSERT_FALSE(round);
  EXPECT_EQ(round.error(),
            "--round: only a Swiss tournament is played round by round; this "
            "one is a gauntlet");
  auto prior = (*format)->CheckSplit({.prior = true});
  ASSERT_FALSE(prior);
  EXPECT_THAT(prior.error(), HasSubstr("--prior: only a Swiss"));
}

}  // namespace
}  // namespace arbiter::tournament
