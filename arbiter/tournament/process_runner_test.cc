#include "arbiter/tournament/process_runner.h"

#include <gtest/gtest.h>

#include "arbiter/game/registry.h"

namespace arbiter::tournament {
namespace {

TEST(ProcessRunnerTest, StartChecksEveryCommand) {
  TournamentConfig config;
  config.bots = {{"ok", "true", "", {}}, {"gone", "./no-such-bot", "", {}}};
  auto runner = ProcessRunner::Start(config, *game::LoadGame(), {});
  ASSERT_FALSE(runner);
  EXPECT_EQ(runner.error().rfind("bots[1].command: ", 0), 0u) << runner.error();
  // A relative command is looked for in the bot's directory.
  config.bots[1] = {"here", "./true", "/bin", {}};
  EXPECT_TRUE(ProcessRunner::Start(config, *game::LoadGame(), {}));
  config.bots[1] = {"lost", "true", "/no/such/dir", {}};
  runner = ProcessRunner::Start(config, *game::LoadGame(), {});
  ASSERT_FALSE(runner);
  EXPECT_EQ(runner.error(), "bots[1].cwd: '/no/such/dir' is not a directory");
}

}  // namespace
}  // namespace arbiter::tournament
