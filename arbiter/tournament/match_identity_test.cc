#include "arbiter/tournament/match_identity.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

namespace arbiter::tournament {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class MatchIdentityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(testing::TempDir()) / "match_identity";
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    Write("bot.py", "print('v1')\n");
    config_.game = "zetema";
    config_.seats = 2;
    config_.bots = {{.name = "new", .command = "python3 bot.py", .cwd = dir_},
                    {.name = "old", .command = "builtin:random"}};
  }
  void Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }
  nlohmann::json Identity() {
    auto identity = MatchIdentity(config_);
    EXPECT_TRUE(identity.has_value()) << identity.error();
    return identity.value_or(nlohmann::json());
  }

  fs::path dir_;
  TournamentConfig config_;
};

TEST_F(MatchIdentityTest, TheBuildFollowsTheFilesTheCommandNames) {
  const std::string before = *BotBuild(config_.bots[0]);
  EXPECT_EQ(*BotBuild(config_.bots[0]), before);
  Write("bot.py", "print('v2')\n");
  EXPECT_NE(*BotBuild(config_.bots[0]), before);
  EXPECT_EQ(*BotBuild(config_.bots[1]), "builtin:random");
}

TEST_F(MatchIdentityTest, TheSameMatchResumesAndARebuiltBotIsRefused) {
  const fs::path file = dir_ / "match.json";
  ASSERT_TRUE(CheckMatchIdentity(file, Identity(), false).has_value());
  EXPECT_TRUE(fs::exists(file));
  EXPECT_TRUE(CheckMatchIdentity(file, Identity(), true).has_value());

  Write("bot.py", "print('rebuilt')\n");
  auto refused = CheckMatchIdentity(file, Identity(), true);
  ASSERT_FALSE(refused.has_value());
  EXPECT_THAT(refused.error(), HasSubstr("bots[0].build"));
  EXPECT_THAT(refused.error(), HasSubstr("another --out"));
}

TEST_F(MatchIdentityTest, OtherSettingsAreRefusedByName) {
  const fs::path file = dir_ / "match.json";
  ASSERT_TRUE(CheckMatchIdentity(file, Identity(), false).has_value());
  config_.time_control.move_ms = 50;
  auto refused = CheckMatchIdentity(file, Identity(), true);
  ASSERT_FALSE(refused.has_value());
  EXPECT_THAT(refused.error(), HasSubstr("move_ms: 1000 then, 50 now"));
}

TEST_F(MatchIdentityTest, RecordsWithoutTheFileAreRefused) {
  auto refused = CheckMatchIdentity(dir_ / "match.json", Identity(), true);
  ASSERT_FALSE(refused.has_value());
  EXPECT_THAT(refused.error(), HasSubstr("no match.json"));
  std::ofstream(dir_ / "match.json") << "{";
  refused = CheckMatchIdentity(dir_ / "match.json", Identity(), true);
  ASSERT_FALSE(refused.has_value());
  EXPECT_THAT(refused.error(), HasSubstr("not JSON"));
}

}  // namespace
}  // namespace arbiter::tournament
