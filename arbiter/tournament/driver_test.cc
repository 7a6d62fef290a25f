#include "arbiter/tournament/driver.h"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "arbiter/common/deal_secret.h"
#include "arbiter/process/affinity.h"
#include "arbiter/records/merge.h"
#include "arbiter/records/record_file.h"
#include "arbiter/records/record_view.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/tournament/fake_runner.h"
#include "arbiter/tournament/test_util.h"

namespace arbiter::tournament {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

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

// One secret for the tests' runs, like the shards of one league: runs in
// different directories make the same games.
std::filesystem::path SharedSecret() {
  const auto path = std::filesystem::path(::testing::TempDir()) /
                    ("driver_test_secret." + std::to_string(::getpid()));
  if (!std::filesystem::exists(path)) {
    EXPECT_TRUE(WriteDealSecret(path, {.key = {11, 22}}));
  }
  return path;
}

std::expected<RunResult, RunError> RunIn(
    const TournamentConfig& config, GameRunner& runner,
    const std::filesystem::path& dir, int shard = 0, int shards = 1,
    const std::atomic<bool>* stop = nullptr) {
  RunOptions options;
  options.out_dir = dir;
  options.concurrency = 3;
  options.shard_index = shard;
  options.shard_count = shards;
  options.stop = stop;
  options.secret_file = SharedSecret();
  return RunTournament(config, Layout(config.seats, true), runner, options);
}

// The record texts of a file, in order, and what was skipped.
std::vector<std::string> Records(
    const std::filesystem::path& path,
    std::vector<records::Problem>* problems = nullptr) {
  auto reader = records::RecordReader::Open(path);
  EXPECT_TRUE(reader) << reader.error();
  std::vector<std::string> out;
  std::string_view text;
  while (reader && *reader->Next(&text)) out.emplace_back(text);
  if (problems && reader) *problems = reader->problems();
  return out;
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
  options.secret_file = SharedSecret();
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
  std::vector<records::Problem> problems;
  EXPECT_EQ(Records(options.out_dir / kRecordsFile, &problems).size(), 60u);
  EXPECT_TRUE(problems.empty());
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

// Each game slot plays on a CPU of its own while there are enough
// (placement.h), and nowhere in particular with affinity off.
TEST(DriverTest, PinsEachGameSlotToACpuOfItsOwn) {
  TournamentConfig config = RoundRobin();
  const std::vector<int> allowed = AllowedCpus();
  for (const bool affinity : {true, false}) {
    config.affinity = affinity;
    FakeRunner runner(config);
    std::mutex mu;
    std::set<int> cpus;
    runner.OnCall([&](int) {
      {
        std::lock_guard lock(mu);
        cpus.insert(PinnedCpu());
      }
      // Long enough for every slot to take games.
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
    RunOptions options;
    options.out_dir = TempDir("driver_pinned");
    options.concurrency = int(allowed.size());
    options.secret_file = SharedSecret();
    ASSERT_TRUE(RunTournament(config, Layout(3, true), runner, options));
    if (affinity) {
      EXPECT_EQ(cpus, std::set<int>(allowed.begin(), allowed.end()));
    } else if (allowed.size() > 1) {
      EXPECT_EQ(cpus, std::set<int>{-1});
    }
  }
}

// Records what it is asked to prepare, and the first game each thread
// plays.
class PreparedRunner : public GameRunner {
 public:
  explicit PreparedRunner(const TournamentConfig& config) : fake_(config) {}
  void Prepare(const std::vector<const ScheduledGame*>& first) override {
    std::lock_guard lock(mu_);
    prepared.push_back({});
    for (const ScheduledGame* g : first)
      prepared.back().push_back(g ? g->game_id : "");
  }
  std::expected<PlayedGame, std::string> Run(
      const ScheduledGame& game) override {
    {
      std::lock_guard lock(mu_);
      firsts.try_emplace(std::this_thread::get_id(), game.game_id);
    }
    // Long enough for every slot to start.
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return fake_.Run(game);
  }
  std::vector<std::vector<std::string>> prepared;
  std::map<std::thread::id, std::string> firsts;

 private:
  FakeRunner fake_;
  std::mutex mu_;
};

// Every slot's first game is known before any is played, and is the one
// the slot plays first; with fewer games than slots, the extra slots are
// not started.
TEST(DriverTest, PreparesTheFirstGameOfEverySlot) {
  const TournamentConfig config = RoundRobin();
  for (const int slots : {1, 3}) {
    PreparedRunner runner(config);
    RunOptions options;
    options.out_dir = TempDir("driver_prepare");
    options.concurrency = slots;
    options.secret_file = SharedSecret();
    ASSERT_TRUE(RunTournament(config, Layout(3, true), runner, options));
    ASSERT_EQ(runner.prepared.size(), 1u);
    const auto& first = runner.prepared[0];
    ASSERT_EQ(first.size(), size_t(slots));
    std::set<std::string> played_first;
    for (const auto& [thread, id] : runner.firsts) played_first.insert(id);
    EXPECT_EQ(played_first, std::set<std::string>(first.begin(), first.end()));
  }
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
  EXPECT_THAT(first.error().message, HasSubstr("match play crashed"));
  EXPECT_FALSE(first.error().bad_setup);  // a game failed: exit status 1
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

// Remembers what the run started from, and its first progress.
class StartListener : public ProgressListener {
 public:
  void OnStart(const RunStart& start) override { this->start = start; }
  void OnGame(const Progress& p, const Standings&) override {
    if (!first) first = p;
  }
  RunStart start;
  std::optional<Progress> first;
};

TEST(DriverTest, AResumeSaysWhatItKeptAndRatesOnlyItsOwnGames) {
  const TournamentConfig config = RoundRobin();
  std::atomic<bool> stop{false};
  FakeRunner runner(config);
  runner.OnCall([&](int call) {
    if (call == 10) stop = true;
  });
  const auto dir = TempDir("driver_resume_start");
  StartListener fresh;
  RunOptions options;
  options.out_dir = dir;
  options.concurrency = 3;
  options.stop = &stop;
  options.secret_file = SharedSecret();
  options.progress = &fresh;
  auto first = RunTournament(config, Layout(3, true), runner, options);
  ASSERT_TRUE(first) << first.error();
  EXPECT_EQ(fresh.start.found, 0);
  EXPECT_EQ(fresh.start.kept, 0);
  EXPECT_EQ(ResumeLine(fresh.start), "new run: 60 games to play");
  ASSERT_TRUE(fresh.first);
  EXPECT_THAT(ProgressLine(*fresh.first), StartsWith("1/60 games  "));

  stop = false;
  FakeRunner rest(config);
  StartListener resumed;
  options.progress = &resumed;
  auto second = RunTournament(config, Layout(3, true), rest, options);
  ASSERT_TRUE(second) << second.error();
  const int kept = first->played;
  EXPECT_EQ(resumed.start.found, kept);
  EXPECT_EQ(resumed.start.kept, kept);
  EXPECT_EQ(resumed.start.total, 60);
  EXPECT_EQ(ResumeLine(resumed.start),
            fmt::format("resuming: {} of 60 games recorded by earlier runs "
                        "are kept, {} to play",
                        kept, 60 - kept));
  // The first progress line of the resumed run: its own game, apart from
  // the kept ones.
  ASSERT_TRUE(resumed.first);
  EXPECT_EQ(resumed.first->played, 1);
  EXPECT_THAT(ProgressLine(*resumed.first),
              StartsWith(fmt::format("{}/60 games ({} kept, 1 this run)  ",
                                     kept + 1, kept)));
}

TEST(DriverTest, ASwissResumeCountsTheRecordsItFound) {
  RunStart start{.found = 0, .total = 32, .kept = -1};
  EXPECT_EQ(ResumeLine(start), "new run: 32 games to play");
  start.found = 12;
  EXPECT_EQ(ResumeLine(start),
            "resuming: 12 records found, each kept once its round is paired; "
            "32 games in all");
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
  const auto merged = TempDir("driver_merged");
  std::filesystem::create_directories(merged);
  auto out = records::RecordWriter::Open(merged / "m.jsonl");
  ASSERT_TRUE(out);
  auto report = records::MergeRecordFiles(parts, *out);
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->copies, 20);
  EXPECT_TRUE(report->conflicts.empty());
  EXPECT_EQ(SortedLines(merged / "m.jsonl"), SortedLines(whole / kRecordsFile));
}

TEST(DriverTest, SwissRunsRoundByRoundAndResumesIdentically) {
  TournamentConfig config = MakeConfig(9);
  config.format = "swiss";
  config.rounds = 4;
  config.deals_per_pairing = 2;  // 4 tables x 2 games per round
  FakeRunner runner(config);
  const auto whole = TempDir("driver_swiss");
  auto clean = RunIn(config, runner, whole);
  ASSERT_TRUE(clean) << clean.error();
  EXPECT_TRUE(clean->complete);
  EXPECT_EQ(clean->total, 32);
  // Every game of a round is in the round's records, and the byes rotate.
  const auto lines = Records(whole / kRecordsFile);
  std::set<std::string> sat_out;
  for (int r = 1; r <= 4; ++r) {
    std::set<std::string> played;
    for (const auto& line : lines) {
      auto s = records::SummarizeRecord(line);
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
  // The Swiss table, rebuilt from the records and the pairings: the same.
  const auto table = nlohmann::json::parse(clean->format_json);
  EXPECT_EQ(table["standings"].size(), 9u);
  EXPECT_EQ(table["rounds"].size(), 4u);
  EXPECT_EQ(resumed->format_json, clean->format_json);
  EXPECT_EQ(resumed->format_text, clean->format_text);
  ASSERT_EQ(resumed->format_files.size(), 2u);
  EXPECT_EQ(resumed->format_files[0].name, "swiss.csv");
  EXPECT_EQ(resumed->format_files[0].text, clean->format_files[0].text);
  EXPECT_THAT(RunIn(config, runner, dir, 0, 2).error().message,
              HasSubstr("--shard"));
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
  EXPECT_THAT(plan->games_per_bot, ::testing::Each(36));
  TournamentConfig swiss = MakeConfig(9);
  swiss.format = "swiss";
  swiss.rounds = 4;
  swiss.deals_per_pairing = 2;
  plan = PlanTournament(swiss, Layout(2, true));
  ASSERT_TRUE(plan) << plan.error();
  EXPECT_EQ(plan->rounds, 4);
  EXPECT_EQ(plan->games_per_round, 8);
  EXPECT_EQ(plan->games, 32);
  EXPECT_EQ(plan->byes_per_round, 1);
  EXPECT_THAT(plan->games_per_bot, ::testing::Each(8));  // with no bye
  swiss.bots.resize(5);
  swiss.seats = 6;
  plan = PlanTournament(swiss, Layout(6, false));
  ASSERT_FALSE(plan);
  EXPECT_THAT(plan.error(), HasSubstr("cannot fill one table"));
}

TEST(DriverTest, RefusesASchedulesTooLargeToHold) {
  TournamentConfig config = MakeConfig(100);
  config.rounds = 100000;
  config.deals_per_pairing = 100000;
  auto plan = PlanTournament(config, Layout(2, true));
  ASSERT_FALSE(plan);
  EXPECT_THAT(plan.error(),
              HasSubstr("rounds, deals_per_pairing, bots: the schedule would "
                        "have 4.95e+13 games, more than 10000000"));
  FakeRunner runner(config);
  EXPECT_FALSE(RunIn(config, runner, TempDir("driver_too_large")));
}

class PairingsListener : public ProgressListener {
 public:
  void OnGame(const Progress&, const Standings&) override {}
  void OnPairings(const Round& round) override { rounds.push_back(round); }
  std::vector<Round> rounds;
};

TEST(DriverTest, SwissTellsThePairingsOfEveryRound) {
  TournamentConfig config = MakeConfig(5);
  config.format = "swiss";
  config.rounds = 3;
  FakeRunner runner(config);
  PairingsListener listener;
  RunOptions options;
  options.out_dir = TempDir("driver_swiss_pairings");
  options.progress = &listener;
  ASSERT_TRUE(RunTournament(config, Layout(2, true), runner, options));
  ASSERT_EQ(listener.rounds.size(), 3u);
  std::vector<std::string> names;
  for (const auto& bot : config.bots) names.push_back(bot.name);
  for (int r = 0; r < 3; ++r) {
    EXPECT_EQ(listener.rounds[r].number, r + 1);
    EXPECT_EQ(listener.rounds[r].tables.size(), 2u);
    EXPECT_EQ(listener.rounds[r].byes.size(), 1u);
    const std::string text = PairingsText(listener.rounds[r], names);
    EXPECT_THAT(text, HasSubstr("  table 1: b"));
    EXPECT_THAT(text, HasSubstr(" v b"));
    EXPECT_THAT(text, HasSubstr("  table 2: "));
    EXPECT_THAT(text, HasSubstr("  bye: b"));
  }
}

// --tables-only, from the records of a Swiss played round by round (`files`,
// every round's shards, or `merged`): the whole run's table, nothing played
// or written but the directory; a game missing is named.
void ExpectTablesOnlyEqualTheWholeRun(
    const TournamentConfig& config, const RunResult& whole,
    const std::vector<std::filesystem::path>& files,
    const std::filesystem::path& merged) {
  FakeRunner never(config);
  never.FailFrom(0);
  RunOptions tables;
  tables.out_dir = TempDir("driver_swiss_tables");
  tables.secret_file = SharedSecret();
  tables.prior_records = files;
  tables.tables_only = true;
  auto result = RunTournament(config, Layout(2, true), never, tables);
  ASSERT_TRUE(result) << result.error();
  EXPECT_TRUE(result->complete);
  EXPECT_EQ(result->played, 0);
  EXPECT_EQ(result->already_done, whole.total);
  EXPECT_EQ(result->format_json, whole.format_json);
  EXPECT_EQ(result->format_text, whole.format_text);
  EXPECT_EQ(result->standings.Json(), whole.standings.Json());
  EXPECT_TRUE(std::filesystem::is_empty(tables.out_dir));

  // The merged records as the directory's own, the secret beside them
  // (a league's folder): the same.
  tables.out_dir = TempDir("driver_swiss_league");
  tables.prior_records.clear();
  tables.secret_file.clear();
  std::filesystem::create_directories(tables.out_dir);
  std::filesystem::copy_file(merged, tables.out_dir / kRecordsFile);
  std::filesystem::copy_file(SharedSecret(), tables.out_dir / kSecretFile);
  result = RunTournament(config, Layout(2, true), never, tables);
  ASSERT_TRUE(result) << result.error();
  EXPECT_EQ(result->format_json, whole.format_json);

  // A game of the last round missing: refused, naming it.
  std::filesystem::remove(tables.out_dir / kRecordsFile);
  tables.prior_records = files;
  tables.prior_records.pop_back();
  result = RunTournament(config, Layout(2, true), never, tables);
  ASSERT_FALSE(result);
  EXPECT_TRUE(result.error().bad_setup);
  EXPECT_THAT(result.error().message, HasSubstr("--tables-only: game "));
  EXPECT_THAT(result.error().message,
              HasSubstr(" of round 4 is not recorded in --out's record file "
                        "or the --prior files"));
  EXPECT_FALSE(std::filesystem::exists(tables.out_dir / kRecordsFile));
  // Without the secret, or split: refused.
  std::filesystem::remove(tables.out_dir / kSecretFile);
  result = RunTournament(config, Layout(2, true), never, tables);
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().message,
              HasSubstr("secret: no such file: give the secret the games were "
                        "dealt from with --secret FILE"));
  tables.swiss_round = 2;
  result = RunTournament(config, Layout(2, true), never, tables);
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().message,
              HasSubstr("--tables-only: the tables are the whole "
                        "tournament's: no --shard or --round"));
}

// Round R of every shard, reading the records of the rounds before it from
// the other runs' files: what a cluster job per round does.
TEST(DriverTest, SwissRoundsShardedOneAtATimeEqualAWholeRun) {
  TournamentConfig config = MakeConfig(9);
  config.format = "swiss";
  config.rounds = 4;
  config.deals_per_pairing = 3;  // 4 tables x 3 games per round
  FakeRunner runner(config);
  const auto whole = TempDir("driver_swiss_whole");
  const auto whole_run = RunIn(config, runner, whole);
  ASSERT_TRUE(whole_run);
  ASSERT_FALSE(whole_run->format_json.empty());
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
      options.secret_file = SharedSecret();
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
  auto out = records::RecordWriter::Open(root / "merged.jsonl");
  ASSERT_TRUE(out);
  auto report = records::MergeRecordFiles(files, *out);
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->copies, 0);
  EXPECT_TRUE(report->conflicts.empty());
  EXPECT_EQ(SortedLines(root / "merged.jsonl"),
            SortedLines(whole / kRecordsFile));
  ExpectTablesOnlyEqualTheWholeRun(config, *whole_run, files,
                                   root / "merged.jsonl");

  // Round 3 without the records of round 2: refused, naming a game.
  RunOptions early;
  early.out_dir = TempDir("driver_swiss_early");
  early.secret_file = SharedSecret();
  early.swiss_round = 3;
  early.prior_records = {
      files[0], files[1], files[2],
      files[3], files[4], files[5]};  // round 1 and one shard of round 2
  auto refused = RunTournament(config, Layout(2, true), runner, early);
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error().message, HasSubstr("-r2-"));
  EXPECT_THAT(refused.error().message, HasSubstr("--round 3: game "));
  EXPECT_THAT(refused.error().message, HasSubstr("of round 2 is not recorded"));
  early.swiss_round = 5;
  EXPECT_THAT(
      RunTournament(config, Layout(2, true), runner, early).error().message,
      HasSubstr("--round: 5 is not a round of this tournament (1..4)"));
  early.swiss_round = 1;
  early.prior_records = {root / "nowhere.jsonl"};
  EXPECT_THAT(
      RunTournament(config, Layout(2, true), runner, early).error().message,
      HasSubstr("--prior: " + (root / "nowhere.jsonl").string() +
                ": no such file"));
  early.prior_records.clear();
  early.swiss_round = 2;
  auto round_robin =
      RunTournament(RoundRobin(), Layout(3, true), runner, early);
  EXPECT_THAT(round_robin.error().message,
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
              HasSubstr("30 records are games of other shards"));
}

class WrongIdRunner : public GameRunner {
 public:
  std::expected<PlayedGame, std::string> Run(const ScheduledGame&) override {
    arbiter::v1::GameRecord record;
    record.set_game_id("elsewhere");
    record.add_seats()->set_bot_name("b0");
    record.add_seats()->set_bot_name("b1");
    return PlayedGameOf(std::move(record));
  }
};

TEST(DriverTest, RefusesARecordOfAnotherGame) {
  WrongIdRunner runner;
  auto result = RunIn(MakeConfig(2), runner, TempDir("driver_wrong"));
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().message, HasSubstr("game_id \"elsewhere\""));
  EXPECT_FALSE(result.error().bad_setup);
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
  EXPECT_THAT(again.error().message, HasSubstr("was the config changed"));
  EXPECT_TRUE(again.error().bad_setup);  // exit status 2, as a bad config
}

// A record appended by someone else under the id of a game not yet played
// (its seats right, its deal unknown to the forger): resume refuses it,
// naming it.
TEST(DriverTest, RefusesAForgedRecordNamingIt) {
  const TournamentConfig config = RoundRobin();
  const auto dir = TempDir("driver_forged");
  FakeRunner crashing(config);
  crashing.FailFrom(10);
  ASSERT_FALSE(RunIn(config, crashing, dir));
  auto lines = Records(dir / kRecordsFile);
  ASSERT_EQ(lines.size(), 10u);
  // The schedule is public: the forger knows the ids and seats of games to
  // come. It copies a record and claims a win in one of them.
  FakeRunner healthy(config);
  const auto clean_dir = TempDir("driver_forged_clean");
  ASSERT_TRUE(RunIn(config, healthy, clean_dir));
  std::set<std::string> played;
  for (const auto& line : lines)
    played.insert(records::SummarizeRecord(line)->game_id);
  std::string target;
  for (const auto& line : Records(clean_dir / kRecordsFile)) {
    if (!played.contains(records::SummarizeRecord(line)->game_id)) {
      target = line;
      break;
    }
  }
  ASSERT_FALSE(target.empty());
  const auto summary = records::SummarizeRecord(target);
  std::string forged = target;
  const std::string seed = "\"seed\":\"" + std::to_string(summary->seed) + "\"";
  ASSERT_NE(forged.find(seed), std::string::npos);
  forged.replace(forged.find(seed), seed.size(), "\"seed\":\"12345\"");
  std::ofstream(dir / kRecordsFile, std::ios::app) << forged << "\n";
  auto resumed = RunIn(config, healthy, dir);
  ASSERT_FALSE(resumed);
  EXPECT_THAT(resumed.error().message,
              HasSubstr("games.jsonl:11: game " + summary->game_id));
  EXPECT_THAT(resumed.error().message,
              HasSubstr("deal seed is not the schedule's"));
  // Nothing was played on top of it.
  EXPECT_EQ(Records(dir / kRecordsFile).size(), 11u);
}

TEST(DriverTest, RefusesRecordsOfNoScheduledGameAndConflictingCopies) {
  const TournamentConfig config = RoundRobin();
  FakeRunner runner(config);
  const auto dir = TempDir("driver_stranger");
  ASSERT_TRUE(RunIn(config, runner, dir));
  const auto lines = Records(dir / kRecordsFile);
  const std::string id = records::SummarizeRecord(lines[3])->game_id;
  // A record of no game of the schedule.
  std::string stranger = lines[3];
  stranger.replace(stranger.find(id), id.size(), id + "x");
  std::ofstream(dir / kRecordsFile, std::ios::app) << stranger << "\n";
  auto again = RunIn(config, runner, dir);
  ASSERT_FALSE(again);
  EXPECT_THAT(again.error().message,
              HasSubstr("games.jsonl:61: game " + id + "x"));
  EXPECT_THAT(again.error().message,
              HasSubstr("not a game of this tournament"));

  // An exact copy of a record is skipped; a different record under an id
  // already recorded refuses the file.
  const auto dir2 = TempDir("driver_conflict");
  ASSERT_TRUE(RunIn(config, runner, dir2));
  const std::string fourth = Records(dir2 / kRecordsFile)[3];
  const std::string id2 = records::SummarizeRecord(fourth)->game_id;
  std::ofstream(dir2 / kRecordsFile, std::ios::app) << fourth << "\n";
  auto copy = RunIn(config, runner, dir2);
  ASSERT_TRUE(copy) << copy.error();
  EXPECT_EQ(copy->played, 0);
  ASSERT_EQ(copy->warnings.size(), 1u);
  EXPECT_THAT(copy->warnings[0], HasSubstr(":61: skipped, a copy of line 4"));
  std::string other = fourth;
  const size_t at = other.find("\"places\":[");
  ASSERT_NE(at, std::string::npos);
  other.insert(at + 10, "9,");
  std::ofstream(dir2 / kRecordsFile, std::ios::app) << other << "\n";
  auto conflict = RunIn(config, runner, dir2);
  ASSERT_FALSE(conflict);
  EXPECT_THAT(conflict.error().message,
              HasSubstr(":62: game " + id2 + " is already recorded at line 4"));
}

// Game ids say nothing of the deals: another secret, the same seed and
// config: other ids, other deals. No deal seed appears in an id.
TEST(DriverTest, DealsComeFromTheSecret) {
  const TournamentConfig config = RoundRobin();
  FakeRunner runner(config);
  std::vector<records::RecordSummary> runs[2];
  for (int i = 0; i < 2; ++i) {
    RunOptions options;
    options.out_dir = TempDir("driver_secret" + std::to_string(i));
    auto result = RunTournament(config, Layout(3, true), runner, options);
    ASSERT_TRUE(result) << result.error();
    EXPECT_EQ(result->seed, 7u);
    ASSERT_TRUE(std::filesystem::exists(options.out_dir / kSecretFile));
    for (const auto& line : Records(result->records)) {
      runs[i].push_back(*records::SummarizeRecord(line));
    }
  }
  ASSERT_EQ(runs[0].size(), runs[1].size());
  for (size_t g = 0; g < runs[0].size(); ++g) {
    EXPECT_NE(runs[0][g].seed, runs[1][g].seed);
    EXPECT_NE(runs[0][g].game_id, runs[1][g].game_id);
    EXPECT_EQ(runs[0][g].game_id.find(std::to_string(runs[0][g].seed)),
              std::string::npos);
  }
  // So the shards of one league must share a secret.
  RunOptions shard;
  shard.out_dir = TempDir("driver_shard_alone");
  shard.shard_count = 2;
  auto alone = RunTournament(config, Layout(3, true), runner, shard);
  ASSERT_FALSE(alone);
  EXPECT_THAT(alone.error().message, HasSubstr("share one secret"));
}

TEST(DriverTest, DrawsASeedWhenNoneIsGivenAndKeepsIt) {
  TournamentConfig config = RoundRobin();
  config.seed.reset();
  FakeRunner runner(config);
  struct Starts : ProgressListener {
    void OnGame(const Progress&, const Standings&) override {}
    void OnStart(const RunStart& s) override { starts.push_back(s); }
    std::vector<RunStart> starts;
  } listener;
  RunOptions options;
  options.out_dir = TempDir("driver_drawn");
  options.progress = &listener;
  FakeRunner crashing(config);
  crashing.FailFrom(5);
  ASSERT_FALSE(RunTournament(config, Layout(3, true), crashing, options));
  ASSERT_EQ(listener.starts.size(), 1u);
  EXPECT_TRUE(listener.starts[0].seed_drawn);
  const uint64_t seed = listener.starts[0].seed;
  auto resumed = RunTournament(config, Layout(3, true), runner, options);
  ASSERT_TRUE(resumed) << resumed.error();
  EXPECT_EQ(resumed->seed, seed);
  EXPECT_FALSE(listener.starts[1].seed_drawn);
  EXPECT_EQ(resumed->already_done, 5);
  // Another directory draws another seed.
  options.out_dir = TempDir("driver_drawn2");
  auto other = RunTournament(config, Layout(3, true), runner, options);
  ASSERT_TRUE(other);
  EXPECT_NE(other->seed, seed);
  // A seed that is not the directory's is refused.
  config.seed = seed + 1;
  options.out_dir =
      std::filesystem::path(::testing::TempDir()) / "driver_drawn";
  auto mismatch = RunTournament(config, Layout(3, true), runner, options);
  ASSERT_FALSE(mismatch);
  EXPECT_THAT(mismatch.error().message, HasSubstr("holds seed"));
}

TEST(DriverTest, RefusesRecordsWithoutTheirSecret) {
  const TournamentConfig config = RoundRobin();
  FakeRunner runner(config);
  RunOptions options;
  options.out_dir = TempDir("driver_no_secret");
  ASSERT_TRUE(RunTournament(config, Layout(3, true), runner, options));
  std::filesystem::remove(options.out_dir / kSecretFile);
  auto again = RunTournament(config, Layout(3, true), runner, options);
  ASSERT_FALSE(again);
  EXPECT_THAT(again.error().message, HasSubstr("secret is missing"));
}

TEST(DriverTest, MirroredSeatingsOfADealNeverRunAtOnce) {
  TournamentConfig config = MakeConfig(4, 2);
  config.duplicate = true;
  config.deals_per_pairing = 3;  // 6 pairs x 3 deals x 2 seatings
  WatchingRunner runner(config);
  RunOptions options;
  options.out_dir = TempDir("driver_mirrored");
  options.concurrency = 4;
  auto result = RunTournament(config, Layout(2, true), runner, options);
  ASSERT_TRUE(result) << result.error();
  EXPECT_EQ(result->played, 36);
  EXPECT_EQ(runner.overlaps(), 0);
  EXPECT_GT(runner.max_running(), 1);  // and still games at once
}

TEST(DriverTest, CompressedRecordsResumeAfterATornFrame) {
  TournamentConfig config = RoundRobin();
  config.compress_records = true;
  FakeRunner crashing(config);
  crashing.FailFrom(20);
  const auto dir = TempDir("driver_zstd");
  ASSERT_FALSE(RunIn(config, crashing, dir));
  ASSERT_TRUE(std::filesystem::exists(dir / kCompressedRecordsFile));
  EXPECT_FALSE(std::filesystem::exists(dir / kRecordsFile));
  // A kill mid-write: half a frame.
  const std::string frame = records::CompressRecord("{\"game_id\":\"x\"}");
  std::ofstream(dir / kCompressedRecordsFile, std::ios::app | std::ios::binary)
      << frame.substr(0, frame.size() / 2);
  FakeRunner healthy(config);
  auto resumed = RunIn(config, healthy, dir);
  ASSERT_TRUE(resumed) << resumed.error();
  EXPECT_TRUE(resumed->complete);
  EXPECT_EQ(resumed->already_done, 20);
  EXPECT_EQ(resumed->records, dir / kCompressedRecordsFile);
  ASSERT_EQ(resumed->warnings.size(), 1u);
  EXPECT_THAT(resumed->warnings[0], HasSubstr("cut short"));
  std::vector<records::Problem> problems;
  const auto lines = Records(dir / kCompressedRecordsFile, &problems);
  EXPECT_EQ(lines.size(), 60u);
  EXPECT_EQ(problems.size(), 1u);
  // The same games as a plain run's.
  config.compress_records = false;
  const auto plain = TempDir("driver_plain");
  FakeRunner runner(config);
  ASSERT_TRUE(RunIn(config, runner, plain));
  auto sorted = lines;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, SortedLines(plain / kRecordsFile));
}

}  // namespace
}  // namespace arbiter::tournament
