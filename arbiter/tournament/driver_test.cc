#include "arbiter/tournament/driver.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "arbiter/tournament/fake_runner.h"
#include "arbiter/tournament/records.h"
#include "arbiter/tournament/test_util.h"

namespace arbiter::tournament {
namespace {

using ::testing::HasSubstr;

std::filesystem::path TempDir(const std::string& name) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(dir);
  return dir;
}

// Every line of a record file, sorted.
std::vector<std::string> SortedLines(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::vector<std::string> SortedLines(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::expected<RunResult, std::string> RunIn(
    const TournamentConfig& config, GameRunner& runner,
    const std::filesystem::path& dir, int shard = 0, int shards = 1,
    const std::atomic<bool>* stop = nullptr) {
  RunOptions options;
  options.out_dir = dir;
  options.concurrency = 3;
  options.shard_index = shard;
  options.shard_count = shards;
  options.stop = stop;
  return RunTournament(config, Layout(config.seats, true), runner, options);
}

TournamentConfig RoundRobin() {
  TournamentConfig config = MakeConfig(5, 3);
  config.deals_per_pairing = 2;
  config.duplicate = true;
  return config;  // 10 tables x 2 deals x 3 rotations = 60 games
}

class CountingListener : public ProgressListener {
 public:
  void OnGame(const Progress& p, const Standings& s) override {
    ++calls;
    last = p;
    EXPECT_EQ(s.TotalGames(), p.done);
  }
  int calls = 0;
  Progress last;
};

TEST(DriverTest, PlaysEveryGameOnceAndReportsProgress) {
  const TournamentConfig config = RoundRobin();
  FakeRunner runner(config);
  CountingListener listener;
  RunOptions options;
  options.out_dir = TempDir("driver_all");
  options.concurrency = 4;
  options.progress = &listener;
  auto result = RunTournament(config, Layout(3, true), runner, options);
  ASSERT_TRUE(result) << result.error();
  EXPECT_TRUE(result->complete);
  EXPECT_EQ(result->total, 60);
  EXPECT_EQ(result->played, 60);
  EXPECT_EQ(listener.calls, 60);
  EXPECT_EQ(listener.last.done, 60);
  EXPECT_EQ(listener.last.total, 60);
  EXPECT_THAT(ProgressLine(listener.last), HasSubstr("60/60 games"));
  const auto lines = SortedLines(options.out_dir / kRecordsFile);
  ASSERT_EQ(lines.size(), 60u);
  RecordScan scan;
  ASSERT_TRUE(ScanRecords(options.out_dir / kRecordsFile, scan));
  EXPECT_EQ(scan.duplicates + scan.malformed, 0);
  // Every bot played its 6 tables x 6 games; the strongest (b0) leads.
  for (int b = 0; b < 5; ++b) EXPECT_EQ(result->standings.Games(b), 36);
  EXPECT_EQ(result->standings.Order().front(), 0);
  // Running again finds nothing left to do.
  auto again = RunIn(config, runner, options.out_dir);
  ASSERT_TRUE(again) << again.error();
  EXPECT_EQ(again->already_done, 60);
  EXPECT_EQ(again->played, 0);
  EXPECT_EQ(again->standings.Points(0), result->standings.Points(0));
  EXPECT_EQ(SortedLines(options.out_dir / kRecordsFile), lines);
}

TEST(DriverTest, ResumesAfterACrashAndATruncatedLine) {
  const TournamentConfig config = RoundRobin();
  FakeRunner clean_runner(config);
  const auto clean_dir = TempDir("driver_clean");
  ASSERT_TRUE(RunIn(config, clean_runner, clean_dir));
  const auto clean = SortedLines(clean_dir / kRecordsFile);

  const auto dir = TempDir("driver_resume");
  FakeRunner crashing(config);
  crashing.FailFrom(25);
  auto first = RunIn(config, crashing, dir);
  ASSERT_FALSE(first);
  EXPECT_THAT(first.error(), HasSubstr("match play crashed"));
  // A kill -9 in the middle of a write leaves half a line.
  {
    std::ofstream(dir / kRecordsFile, std::ios::app)
        << "{\"game_id\":\"r1-t9-d2";
  }
  FakeRunner healthy(config);
  auto second = RunIn(config, healthy, dir);
  ASSERT_TRUE(second) << second.error();
  EXPECT_TRUE(second->complete);
  EXPECT_EQ(second->already_done, 25);
  EXPECT_EQ(second->played, 35);
  ASSERT_EQ(second->warnings.size(), 1u);
  EXPECT_THAT(second->warnings[0], HasSubstr("games.jsonl:26: skipped"));
  // Apart from the half line, the records are exactly the clean run's.
  auto lines = SortedLines(dir / kRecordsFile);
  std::erase(lines, "{\"game_id\":\"r1-t9-d2");
  EXPECT_EQ(lines, clean);
}

TEST(DriverTest, StopFlagFinishesRunningGamesAndStartsNoMore) {
  const TournamentConfig config = RoundRobin();
  std::atomic<bool> stop{false};
  FakeRunner runner(config);
  runner.OnCall([&](int call) {
    if (call == 10) stop = true;
  });
  const auto dir = TempDir("driver_stop");
  auto first = RunIn(config, runner, dir, 0, 1, &stop);
  ASSERT_TRUE(first) << first.error();
  EXPECT_TRUE(first->stopped);
  EXPECT_FALSE(first->complete);
  // The games already started (at most one per worker) were recorded.
  EXPECT_EQ(first->played, runner.calls());
  EXPECT_LE(first->played, 10 + 3);
  stop = false;
  FakeRunner rest(config);
  auto second = RunIn(config, rest, dir);
  ASSERT_TRUE(second) << second.error();
  EXPECT_TRUE(second->complete);
  EXPECT_EQ(second->played, 60 - first->played);
  EXPECT_EQ(SortedLines(dir / kRecordsFile).size(), 60u);
}

TEST(DriverTest, MergedShardsEqualAnUnshardedRun) {
  const TournamentConfig config = RoundRobin();
  FakeRunner runner(config);
  const auto whole = TempDir("driver_whole");
  ASSERT_TRUE(RunIn(config, runner, whole));
  std::vector<std::filesystem::path> parts;
  int total = 0;
  for (int shard = 0; shard < 3; ++shard) {
    const auto dir = TempDir("driver_shard" + std::to_string(shard));
    auto result = RunIn(config, runner, dir, shard, 3);
    ASSERT_TRUE(result) << result.error();
    EXPECT_TRUE(result->complete);
    total += result->total;
    parts.push_back(dir / kRecordsFile);
  }
  EXPECT_EQ(total, 60);
  parts.push_back(parts[1]);  // a shard merged twice adds nothing
  std::ostringstream merged;
  auto report = MergeRecordFiles(parts, merged);
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->duplicates, 20);
  EXPECT_EQ(SortedLines(merged.str()), SortedLines(whole / kRecordsFile));
}

TEST(DriverTest, SwissRunsRoundByRoundAndResumesIdentically) {
  TournamentConfig config = MakeConfig(9);
  config.format = Format::kSwiss;
  config.rounds = 4;
  config.deals_per_pairing = 2;  // 4 tables x 2 games per round
  FakeRunner runner(config);
  const auto whole = TempDir("driver_swiss");
  auto clean = RunIn(config, runner, whole);
  ASSERT_TRUE(clean) << clean.error();
  EXPECT_TRUE(clean->complete);
  EXPECT_EQ(clean->total, 32);
  // Every game of a round is in the round's records, and the byes rotate.
  RecordScan scan;
  ASSERT_TRUE(ScanRecords(whole / kRecordsFile, scan));
  std::set<std::string> sat_out;
  for (int r = 1; r <= 4; ++r) {
    std::set<std::string> played;
    for (const auto& line : scan.lines) {
      auto s = ParseRecordSummary(line);
      ASSERT_TRUE(s);
      if (s->round == r) played.insert(s->bots.begin(), s->bots.end());
    }
    ASSERT_EQ(played.size(), 8u) << "round " << r;
    for (const auto& bot : config.bots) {
      if (!played.contains(bot.name))
        EXPECT_TRUE(sat_out.insert(bot.name).second);
    }
  }
  EXPECT_EQ(sat_out.size(), 4u);
  // Crash in round 3, resume: the same pairings and records.
  const auto dir = TempDir("driver_swiss_resume");
  FakeRunner crashing(config);
  crashing.FailFrom(19);
  ASSERT_FALSE(RunIn(config, crashing, dir));
  FakeRunner healthy(config);
  auto resumed = RunIn(config, healthy, dir);
  ASSERT_TRUE(resumed) << resumed.error();
  EXPECT_TRUE(resumed->complete);
  EXPECT_EQ(SortedLines(dir / kRecordsFile), SortedLines(whole / kRecordsFile));
  EXPECT_THAT(RunIn(config, runner, dir, 0, 2).error(), HasSubstr("--shard"));
}

TEST(DriverTest, GamesThatFaultAfterTheStopAreReplayed) {
  // A scheduler stopping a job signals the bots too: a game that ends in a
  // fault once the stop flag is set is not recorded but played again.
  TournamentConfig config = RoundRobin();
  for (auto& bot : config.bots) bot.name = "faulty-" + bot.name;  // see Run
  FakeRunner clean_runner(config);
  const auto clean_dir = TempDir("driver_fault_clean");
  ASSERT_TRUE(RunIn(config, clean_runner, clean_dir));
  std::atomic<bool> stop{false};
  FakeRunner runner(config);
  runner.OnCall([&](int call) {
    if (call == 20) stop = true;
  });
  const auto dir = TempDir("driver_fault_stop");
  auto first = RunIn(config, runner, dir, 0, 1, &stop);
  ASSERT_TRUE(first) << first.error();
  EXPECT_TRUE(first->stopped);
  // Every game has a fault: those that ended before the stop are recorded,
  // the one that set it and those running with it are not.
  EXPECT_GE(first->interrupted, 1);
  EXPECT_GE(first->played, 1);
  EXPECT_EQ(first->played + first->interrupted, runner.calls());
  EXPECT_EQ(SortedLines(dir / kRecordsFile).size(), size_t(first->played));
  stop = false;
  FakeRunner rest(config);
  auto second = RunIn(config, rest, dir);
  ASSERT_TRUE(second) << second.error();
  EXPECT_TRUE(second->complete);
  EXPECT_EQ(second->interrupted, 0);
  EXPECT_EQ(SortedLines(dir / kRecordsFile),
            SortedLines(clean_dir / kRecordsFile));
}

TEST(DriverTest, PlansEveryFormat) {
  auto plan = PlanTournament(RoundRobin(), Layout(3, true));
  ASSERT_TRUE(plan) << plan.error();
  EXPECT_EQ(plan->games, 60);
  EXPECT_EQ(plan->games_per_round, 0);
  TournamentConfig swiss = MakeConfig(9);
  swiss.format = Format::kSwiss;
  swiss.rounds = 4;
  swiss.deals_per_pairing = 2;
  plan = PlanTournament(swiss, Layout(2, true));
  ASSERT_TRUE(plan) << plan.error();
  EXPECT_EQ(plan->rounds, 4);
  EXPECT_EQ(plan->games_per_round, 8);
  EXPECT_EQ(plan->games, 32);
  swiss.bots.resize(5);
  swiss.seats = 6;
  plan = PlanTournament(swiss, Layout(6, false));
  ASSERT_FALSE(plan);
  EXPECT_THAT(plan.error(), HasSubstr("cannot fill one table"));
}

// Round R of every shard, reading the records of the rounds before it from
// the other runs' files: what a cluster job per round does.
TEST(DriverTest, SwissRoundsShardedOneAtATimeEqualAWholeRun) {
  TournamentConfig config = MakeConfig(9);
  config.format = Format::kSwiss;
  config.rounds = 4;
  config.deals_per_pairing = 3;  // 4 tables x 3 games per round
  FakeRunner runner(config);
  const auto whole = TempDir("driver_swiss_whole");
  ASSERT_TRUE(RunIn(config, runner, whole));
  const auto root = TempDir("driver_swiss_rounds");
  std::vector<std::filesystem::path> files;
  for (int r = 1; r <= 4; ++r) {
    std::vector<std::filesystem::path> round_files;
    for (int shard = 0; shard < 5; ++shard) {
      RunOptions options;
      options.out_dir = root / fmt::format("round-{}/shard-{}", r, shard);
      options.concurrency = 2;
      options.shard_index = shard;
      options.shard_count = 5;
      options.swiss_round = r;
      options.prior_records = files;
      auto result = RunTournament(config, Layout(2, true), runner, options);
      ASSERT_TRUE(result) << result.error();
      EXPECT_TRUE(result->complete);
      // 12 games a round, numbered on from the rounds before: 3 or 2 each.
      int mine = 0;
      for (int i = (r - 1) * 12; i < r * 12; ++i) mine += i % 5 == shard;
      EXPECT_EQ(result->played, mine) << "round " << r << " shard " << shard;
      EXPECT_EQ(result->total, (r - 1) * 12 + mine);
      EXPECT_EQ(result->already_done, (r - 1) * 12);
      // Played again: nothing left to do.
      auto again = RunTournament(config, Layout(2, true), runner, options);
      ASSERT_TRUE(again) << again.error();
      EXPECT_EQ(again->played, 0);
      round_files.push_back(options.out_dir / kRecordsFile);
    }
    files.insert(files.end(), round_files.begin(), round_files.end());
  }
  std::ostringstream merged;
  auto report = MergeRecordFiles(files, merged);
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->duplicates, 0);
  EXPECT_EQ(SortedLines(merged.str()), SortedLines(whole / kRecordsFile));

  // Round 3 without the records of round 2: refused, naming a game.
  RunOptions early;
  early.out_dir = TempDir("driver_swiss_early");
  early.swiss_round = 3;
  early.prior_records = {
      files[0], files[1], files[2],
      files[3], files[4], files[5]};  // round 1 and one shard of round 2
  auto refused = RunTournament(config, Layout(2, true), runner, early);
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error(), HasSubstr("--round 3: game r2-"));
  EXPECT_THAT(refused.error(), HasSubstr("of round 2 is not recorded"));
  early.swiss_round = 5;
  EXPECT_THAT(RunTournament(config, Layout(2, true), runner, early).error(),
              HasSubstr("--round: 5 is not a round of this tournament (1..4)"));
  early.swiss_round = 1;
  early.prior_records = {root / "nowhere.jsonl"};
  EXPECT_THAT(RunTournament(config, Layout(2, true), runner, early).error(),
              HasSubstr("--prior: " + (root / "nowhere.jsonl").string() +
                        ": no such file"));
  early.prior_records.clear();
  early.swiss_round = 2;
  auto round_robin =
      RunTournament(RoundRobin(), Layout(3, true), runner, early);
  EXPECT_THAT(round_robin.error(),
              HasSubstr("--round: only a Swiss tournament is played round by "
                        "round; this one is a round-robin"));
}

TEST(DriverTest, WarnsAboutRecordsOfOtherShards) {
  const TournamentConfig config = RoundRobin();
  FakeRunner runner(config);
  const auto dir = TempDir("driver_other_shard");
  ASSERT_TRUE(RunIn(config, runner, dir, 0, 2));
  auto other = RunIn(config, runner, dir, 1, 2);
  ASSERT_TRUE(other) << other.error();
  EXPECT_EQ(other->already_done, 0);
  ASSERT_EQ(other->warnings.size(), 1u);
  EXPECT_THAT(other->warnings[0],
              HasSubstr("30 records are not games of this"));
}

class WrongIdRunner : public GameRunner {
 public:
  std::expected<std::string, std::string> Run(const ScheduledGame&) override {
    return R"({"game_id":"elsewhere","seats":[{"bot_name":"b0"},{"bot_name":"b1"}]})";
  }
};

TEST(DriverTest, RefusesARecordOfAnotherGame) {
  WrongIdRunner runner;
  auto result = RunIn(MakeConfig(2), runner, TempDir("driver_wrong"));
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error(), HasSubstr("game_id \"elsewhere\""));
  EXPECT_TRUE(SortedLines(TempDir("driver_wrong") / kRecordsFile).empty());
}

TEST(DriverTest, RefusesRecordsOfAChangedConfig) {
  TournamentConfig config = MakeConfig(3);
  FakeRunner runner(config);
  const auto dir = TempDir("driver_changed");
  ASSERT_TRUE(RunIn(config, runner, dir));
  std::swap(config.bots[0].name, config.bots[1].name);
  auto again = RunIn(config, runner, dir);
  ASSERT_FALSE(again);
  EXPECT_THAT(again.error(), HasSubstr("was the config changed"));
}

}  // namespace
}  // namespace arbiter::tournament
