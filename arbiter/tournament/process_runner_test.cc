#include "arbiter/tournament/process_runner.h"

#include <gtest/gtest.h>

#include "arbiter/process/bot_process.h"

namespace arbiter::tournament {
namespace {

TEST(ProcessRunnerTest, SpawnCommandAppliesCwdAndEnv) {
  BotConfig plain{"a", "./bot --level 2", "", {}};
  EXPECT_EQ(ProcessRunner::SpawnCommand(plain), "./bot --level 2");
  BotConfig full{"b", "python3 bot.py", "/srv/my bots/it's", {{"A", "x y"}}};
  const std::string command = ProcessRunner::SpawnCommand(full);
  auto argv = SplitCommand(command);
  ASSERT_TRUE(argv) << argv.error();
  EXPECT_EQ(*argv, (std::vector<std::string>{"env", "-C", "/srv/my bots/it's",
                                             "A=x y", "python3", "bot.py"}));
}

TEST(ProcessRunnerTest, StartChecksEveryCommand) {
  TournamentConfig config;
  config.bots = {{"ok", "true", "", {}}, {"gone", "./no-such-bot", "", {}}};
  auto runner = ProcessRunner::Start(config, zetema::Ruleset{}, {});
  ASSERT_FALSE(runner);
  EXPECT_EQ(runner.error().rfind("bots[1].command: ", 0), 0u) << runner.error();
}

}  // namespace
}  // namespace arbiter::tournament
