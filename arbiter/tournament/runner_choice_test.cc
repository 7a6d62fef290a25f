#include "arbiter/tournament/runner_choice.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "arbiter/games/registry.h"
#include "arbiter/tournament/builtin_runner.h"
#include "arbiter/tournament/process_runner.h"
#include "arbiter/tournament/test_util.h"

namespace arbiter::tournament {
namespace {

using ::testing::HasSubstr;

std::filesystem::path FreshDir(const std::string& name) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  return dir;
}

TEST(RunnerChoiceTest, BuiltinBotsPlayInProcess) {
  const auto out = FreshDir("choice_builtin");
  auto chosen = MakeGameRunner(MakeConfig(3), *game::LoadGame(),
                               {.out_dir = out, .concurrency = 2});
  ASSERT_TRUE(chosen) << chosen.error();
  EXPECT_NE(dynamic_cast<BuiltinRandomRunner*>(chosen->runner.get()), nullptr);
  EXPECT_EQ(chosen->sandbox_summary,
            "no sandbox: builtin bots play inside the arbiter, no bot "
            "process runs");
  EXPECT_FALSE(std::filesystem::exists(out));  // nothing to hide from bots
}

TEST(RunnerChoiceTest, BuiltinBotsCannotMeetBotProcesses) {
  TournamentConfig config = MakeConfig(2);
  config.bots[1].command = "true";
  auto chosen = MakeGameRunner(config, *game::LoadGame(),
                               {.out_dir = FreshDir("choice_mixed")});
  ASSERT_FALSE(chosen);
  EXPECT_THAT(chosen.error(),
              HasSubstr("\"builtin:random\" bots cannot play bot processes"));
}

TEST(RunnerChoiceTest, BotProcessesRunThroughMatchPlay) {
  TournamentConfig config = MakeConfig(2);
  for (auto& bot : config.bots) bot.command = "true";
  const auto out = FreshDir("choice_process");
  auto chosen = MakeGameRunner(config, *game::LoadGame(), {.out_dir = out});
  ASSERT_TRUE(chosen) << chosen.error();
  EXPECT_NE(dynamic_cast<ProcessRunner*>(chosen->runner.get()), nullptr);
  // Made before any bot starts, so that every sandbox hides it.
  EXPECT_TRUE(std::filesystem::is_directory(out));
}

TEST(RunnerChoiceTest, NamesTheBotThatCannotStart) {
  TournamentConfig config = MakeConfig(2);
  config.bots[0].command = "true";
  config.bots[1].command = "./no-such-bot";
  auto chosen = MakeGameRunner(config, *game::LoadGame(),
                               {.out_dir = FreshDir("choice_gone")});
  ASSERT_FALSE(chosen);
  EXPECT_EQ(chosen.error().rfind("bots[1].command: ", 0), 0u) << chosen.error();
}

}  // namespace
}  // namespace arbiter::tournament
