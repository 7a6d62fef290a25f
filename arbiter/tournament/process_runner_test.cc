#include "arbiter/tournament/process_runner.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "arbiter/common/game_log_marker.h"
#include "arbiter/games/registry.h"
#include "arbiter/process/affinity.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/ruleset_link.h"
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
  std::smatch m;
  // The bot's first line (after the arbiter's "[arbiter] start").
  do {
    if (!std::getline(in, line)) return {};
  } while (!std::regex_search(line, m, std::regex("pid ([0-9]+)")));
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

// A first game of a duplicate deal: the processes of its other seating
// start before it too (none of its own may play that one).
TEST(ProcessRunnerTest, PrepareStartsWhatTheOtherSeatingsOfADealNeed) {
  const auto logs = std::filesystem::path(::testing::TempDir()) / "seatings";
  auto runner = StartTwoBots(logs, /*affinity=*/false);
  ASSERT_TRUE(runner);
  ScheduledGame a{.game_id = "t-r1-t1-d1-s0",
                  .seat_bots = {0, 1},
                  .duplicate_group = "t-r1-t1-d1",
                  .seatings = 2};
  runner->Prepare({&a, nullptr});
  EXPECT_EQ(Logs(logs), (std::set<std::string>{"b0.1.log", "b0.2.log",
                                               "b1.1.log", "b1.2.log"}));
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

// Each process's games, by its log's markers: log name -> record ids.
std::map<std::string, std::vector<std::string>> GamesByProcess(
    const std::filesystem::path& logs) {
  std::map<std::string, std::vector<std::string>> games;
  for (const auto& e : std::filesystem::directory_iterator(logs)) {
    std::ifstream in(e.path());
    auto& mine = games[e.path().filename().string()];
    for (std::string line; std::getline(in, line);) {
      if (auto mark = ParseGameLogMarker(line)) {
        mine.emplace_back(mark->game_id);
      }
    }
  }
  return games;
}

// "TAG-r1-t2-d3" of "TAG-r1-t2-d3-s1".
std::string GroupOf(const std::string& game_id) {
  return game_id.substr(0, game_id.rfind("-s"));
}

// No process plays two seatings of one duplicate deal, whatever the table
// (a bot with two seats of a game too), the concurrency, the placement or
// restarts after crashes (a runner's log holds its every process); each
// bot's processes are reused from deal to deal.
TEST(ProcessRunnerTest, NoProcessPlaysTwoSeatingsOfADuplicateDeal) {
  struct Case {
    int seats;
    int concurrency;
    bool affinity;
    bool crashes = false;  // b0 crashes in every game, and is restarted
  };
  for (const Case c :
       {Case{2, 1, false}, Case{2, 2, true}, Case{3, 2, false},
        Case{4, 2, false}, Case{2, 2, false, /*crashes=*/true}}) {
    SCOPED_TRACE(fmt::format("{} seats, concurrency {}{}", c.seats,
                             c.concurrency, c.crashes ? ", crashes" : ""));
    TournamentConfig config = MakeConfig(3, c.seats);
    for (auto& bot : config.bots) bot.command = ARBITER_TEST_BOT_PATH;
    if (c.crashes) config.bots[0].command += " --mode=crash --after=3";
    config.sandbox_mode = sandbox::Mode::kNone;
    config.duplicate = true;
    config.deals_per_pairing = 2;
    config.affinity = c.affinity;
    auto resolved = ResolveRuleset(config);
    ASSERT_TRUE(resolved) << resolved.error();
    const auto out =
        std::filesystem::path(::testing::TempDir()) /
        fmt::format("seatings-{}-{}-{}", c.seats, c.concurrency, c.crashes);
    std::filesystem::remove_all(out);
    auto runner = ProcessRunner::Start(
        config, resolved->game,
        {.log_dir = out / "logs", .concurrency = c.concurrency});
    ASSERT_TRUE(runner) << runner.error();
    auto result = RunTournament(config, resolved->layout, **runner,
                                {.out_dir = out, .concurrency = c.concurrency});
    ASSERT_TRUE(result) << result.error();
    ASSERT_TRUE(result->complete);
    runner->reset();  // every log is complete
    int seats_played = 0;
    for (const auto& [log, ids] : GamesByProcess(out / "logs")) {
      std::set<std::string> groups;
      for (const std::string& id : ids) {
        EXPECT_TRUE(groups.insert(GroupOf(id)).second)
            << log << " played two seatings of " << GroupOf(id);
      }
      seats_played += int(ids.size());
    }
    EXPECT_EQ(seats_played, result->played * c.seats);
    // Reused from deal to deal: a bot with m seats per game and k seatings
    // per deal has at most (concurrency + k - 1) * m processes; at
    // concurrency 1, exactly k * m.
    const int units = UnitsPerTable(config, resolved->layout);
    const size_t m = size_t(c.seats / units), k = size_t(units);
    const size_t bound = 3 * (size_t(c.concurrency) + k - 1) * m;
    EXPECT_LE(Logs(out / "logs").size(), bound);
    if (c.concurrency == 1) EXPECT_EQ(Logs(out / "logs").size(), bound);
    if (c.crashes) {
      // Restarted in its runners: b0's logs hold more processes than
      // runners (b0 plays 8 games on at most 3 runners, and crashes in
      // each; which runner plays twice depends on the schedule's timing).
      int runners = 0, starts = 0;
      std::string logs;
      for (const std::string& name : Logs(out / "logs")) {
        if (!name.starts_with("b0.")) continue;
        ++runners;
        std::ifstream in(out / "logs" / name);
        std::stringstream text;
        text << in.rdbuf();
        const std::string log = text.str();
        for (size_t at = 0; (at = log.find("test_bot pid", at)) != log.npos;
             ++at) {
          ++starts;
        }
        logs += log;
      }
      EXPECT_GT(starts, runners) << logs;
    }
  }
}
#endif

}  // namespace
}  // namespace arbiter::tournament
