#include "arbiter/tournament/driver.h"

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
