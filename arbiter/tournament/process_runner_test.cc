#include "arbiter/tournament/process_runner.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "arbiter/game/registry.h"
#include "arbiter/process/affinity.h"
#include "arbiter/tournament/test_util.h"

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

#ifdef ARBITER_TEST_BOT_PATH
// The CPUs that the threads of a process may run on, from its log's
// "test_bot pid N" line.
std::set<int> CpusOfLoggedBot(const std::filesystem::path& log) {
  std::ifstream in(log);
  std::string line;
  std::getline(in, line);
  std::smatch m;
  if (!std::regex_search(line, m, std::regex("pid ([0-9]+)"))) return {};
  std::set<int> cpus;
  const std::string tasks = "/proc/" + m[1].str() + "/task";
  for (const auto& task : std::filesystem::directory_iterator(tasks)) {
    std::ifstream status(task.path() / "status");
    while (std::getline(status, line)) {
      // "Cpus_allowed_list:\t0-1" or "3" or "0,2"
      if (!line.starts_with("Cpus_allowed_list:")) continue;
      std::istringstream ranges(line.substr(line.find('\t') + 1));
      for (std::string r; std::getline(ranges, r, ',');) {
        const int lo = std::stoi(r);
        const auto dash = r.find('-');
        const int hi =
            dash == std::string::npos ? lo : std::stoi(r.substr(dash + 1));
        for (int c = lo; c <= hi; ++c) cpus.insert(c);
      }
    }
  }
  return cpus;
}

// Two bots' test processes, logs in `logs`, sandbox none, two slots.
std::unique_ptr<ProcessRunner> StartTwoBots(const std::filesystem::path& logs,
                                            bool affinity) {
  static TournamentConfig config;
  config = MakeConfig(2);
  for (auto& bot : config.bots) bot.command = ARBITER_TEST_BOT_PATH;
  config.sandbox_mode = sandbox::Mode::kNone;
  config.affinity = affinity;
  std::filesystem::remove_all(logs);
  auto runner = ProcessRunner::Start(config, *game::LoadGame(),
                                     {.log_dir = logs, .concurrency = 2});
  EXPECT_TRUE(runner) << runner.error();
  return runner ? std::move(*runner) : nullptr;
}

std::set<std::string> Logs(const std::filesystem::path& logs) {
  std::set<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(logs))
    names.insert(e.path().filename().string());
  return names;
}

// The slots' first games get their bots before any is played, each slot's
// on its CPU when games are pinned; what the pools have is not started
// again.
TEST(ProcessRunnerTest, PrepareStartsWhatEachSlotsFirstGameNeeds) {
  const std::vector<int> allowed = AllowedCpus();
  for (const bool affinity : {false, true}) {
    SCOPED_TRACE(affinity ? "pinned" : "not pinned");
    const auto logs = std::filesystem::path(::testing::TempDir()) / "prepare";
    auto runner = StartTwoBots(logs, affinity);
    ASSERT_TRUE(runner);
    EXPECT_EQ(Logs(logs), (std::set<std::string>{"b0.1.log", "b1.1.log"}));
    ScheduledGame a{.game_id = "g1", .seat_bots = {0, 1}};
    ScheduledGame b{.game_id = "g2", .seat_bots = {1, 0}};
    runner->Prepare({&a, &b});
    const std::set<std::string> four = {"b0.1.log", "b0.2.log", "b1.1.log",
                                        "b1.2.log"};
    EXPECT_EQ(Logs(logs), four);
    runner->Prepare({&a, &b});
    runner->Prepare({nullptr, &a});
    EXPECT_EQ(Logs(logs), four);
    if (affinity && allowed.size() >= 2) {
      for (const char* name : {"b0.1.log", "b1.1.log"})
        EXPECT_EQ(CpusOfLoggedBot(logs / name), std::set<int>{allowed[0]});
      for (const char* name : {"b0.2.log", "b1.2.log"})
        EXPECT_EQ(CpusOfLoggedBot(logs / name), std::set<int>{allowed[1]});
    }
  }
}

// A slot that needs a bot whose free process runs on another slot's CPU
// moves it, every thread, instead of starting another.
TEST(ProcessRunnerTest, MovesAFreeProcessToTheSlotThatNeedsIt) {
  const std::vector<int> allowed = AllowedCpus();
  if (allowed.size() < 2) GTEST_SKIP() << "needs two CPUs";
  const auto logs = std::filesystem::path(::testing::TempDir()) / "move";
  auto runner = StartTwoBots(logs, /*affinity=*/true);
  ASSERT_TRUE(runner);
  const std::set<std::string> two = {"b0.1.log", "b1.1.log"};
  ASSERT_EQ(Logs(logs), two);
  EXPECT_EQ(CpusOfLoggedBot(logs / "b0.1.log"), std::set<int>{allowed[0]});
  ScheduledGame a{.game_id = "g1", .seat_bots = {0, 1}};
  runner->Prepare({nullptr, &a});
  EXPECT_EQ(Logs(logs), two);
  for (const char* name : {"b0.1.log", "b1.1.log"})
    EXPECT_EQ(CpusOfLoggedBot(logs / name), std::set<int>{allowed[1]});
  runner->Prepare({&a, nullptr});
  EXPECT_EQ(CpusOfLoggedBot(logs / "b1.1.log"), std::set<int>{allowed[0]});
}
#endif

}  // namespace
}  // namespace arbiter::tournament
