#include "arbiter/tournament/series.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "arbiter/games/registry.h"
#include "arbiter/records/game_record.h"
#include "arbiter/tournament/fake_runner.h"
#include "arbiter/tournament/process_runner.h"

namespace arbiter::tournament {
namespace {

constexpr SipKey kKey = {1, 2};

Series MakeSeries(int bots, int players, int games) {
  return {.bots = bots,
          .players = players,
          .games = games,
          .tag = "5eed7a90",
          .key = kKey,
          .seed = 11};
}

std::vector<BotSpec> Specs(const std::vector<std::string>& names,
                           const std::string& command) {
  std::vector<BotSpec> specs;
  for (const auto& name : names) {
    specs.push_back({.name = name, .command = command});
  }
  return specs;
}

std::filesystem::path TempPath(const std::string& name) {
  const auto path = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(path);
  return path;
}

std::unique_ptr<BackgroundWriter> Writer(const std::filesystem::path& path) {
  auto writer = records::RecordWriter::Open(path, {.sync_each = false});
  EXPECT_TRUE(writer) << writer.error();
  return std::make_unique<BackgroundWriter>(std::move(*writer));
}

TEST(SeriesTest, SeatsRotateAndCopiesFillTheSeats) {
  // Three bots, three seats: bot 0 sits in seat 0, then 2, then 1.
  const Series three = MakeSeries(3, 3, 3);
  EXPECT_EQ(SeriesGame(three, 0).seat_bots, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(SeriesGame(three, 1).seat_bots, (std::vector<int>{1, 2, 0}));
  EXPECT_EQ(SeriesGame(three, 2).seat_bots, (std::vector<int>{2, 0, 1}));
  // Two bots in four seats: each in two of them, every game.
  const Series copies = MakeSeries(2, 4, 2);
  EXPECT_EQ(SeriesGame(copies, 0).seat_bots, (std::vector<int>{0, 1, 0, 1}));
  EXPECT_EQ(SeriesGame(copies, 1).seat_bots, (std::vector<int>{1, 0, 1, 0}));
}

TEST(SeriesTest, GamesAreNumberedFromOneAndDealtFromTheSecret) {
  const Series series = MakeSeries(2, 2, 3);
  const ScheduledGame first = SeriesGame(series, 0);
  EXPECT_EQ(first.game_id, "5eed7a90-g1");
  EXPECT_EQ(SeriesGame(series, 2).game_id, "5eed7a90-g3");
  const uint64_t one[] = {1};
  EXPECT_EQ(first.deal_seed, DealSeedOf(kKey, 11, one));
  EXPECT_NE(SeriesGame(series, 1).deal_seed, first.deal_seed);
  // As `arbiter play` always dealt: the first dealer drawn from the seed,
  // no round, no duplicate group, the game id told to the bots.
  EXPECT_EQ(first.first_dealer, -1);
  EXPECT_EQ(first.round, 0);
  EXPECT_EQ(first.duplicate_group, "");
  EXPECT_EQ(first.bot_game_id, "");
}

TEST(SeriesTest, RecordsEveryGameInOrderAndTalliesIt) {
  const TournamentConfig config = SeriesConfig(
      Specs({"a", "b"}, "x"), sandbox::Mode::kNone, {}, FaultPolicy::kForfeit);
  EXPECT_EQ(config.name, "");  // records carry no tournament
  FakeRunner runner(config);
  const auto path = TempPath("series.jsonl");
  std::vector<int> told;
  auto stats = PlaySeries(runner, MakeSeries(2, 2, 5), *Writer(path),
                          [&](int number, const arbiter::v1::GameRecord& r) {
                            told.push_back(number);
                            EXPECT_EQ(r.game_id(),
                                      "5eed7a90-g" + std::to_string(number));
                          });
  ASSERT_TRUE(stats) << stats.error();
  EXPECT_EQ(told, (std::vector<int>{1, 2, 3, 4, 5}));
  auto read = records::ReadGameRecords(path, nullptr);
  ASSERT_TRUE(read) << read.error();
  ASSERT_EQ(read->size(), 5u);
  int wins = 0;
  for (int g = 0; g < 5; ++g) {
    const auto& record = (*read)[g].record;
    EXPECT_EQ(record.game_id(), "5eed7a90-g" + std::to_string(g + 1));
    EXPECT_EQ(record.seats(0).bot_name(), g % 2 == 0 ? "a" : "b");
    wins += record.result().places(g % 2 == 0 ? 0 : 1) == 1;
  }
  ASSERT_EQ(stats->size(), 2u);
  EXPECT_EQ(stats->at("a").games, 5);
  EXPECT_EQ(stats->at("b").games, 5);
  EXPECT_EQ(stats->at("a").wins, wins);
}

TEST(SeriesTest, AGameThatCannotBePlayedStopsTheSeriesKeepingTheOthers) {
  const TournamentConfig config = SeriesConfig(
      Specs({"a", "b"}, "x"), sandbox::Mode::kNone, {}, FaultPolicy::kForfeit);
  FakeRunner runner(config);
  runner.FailFrom(2);
  const auto path = TempPath("series_failed.jsonl");
  int told = 0;
  auto stats = PlaySeries(runner, MakeSeries(2, 2, 6), *Writer(path),
                          [&](int, const arbiter::v1::GameRecord&) { ++told; });
  ASSERT_FALSE(stats);
  EXPECT_EQ(stats.error(), "fake runner: match play crashed");
  EXPECT_EQ(told, 2);
  EXPECT_EQ(runner.calls(), 3);  // no game starts after the failure
  auto read = records::ReadGameRecords(path, nullptr);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->size(), 2u);
}

TEST(SeriesTest, TallyCountsAStartupOncePerGameAndOnlyDecisionsAsked) {
  arbiter::v1::GameRecord record;
  record.set_game_id("t-g1");
  for (const char* name : {"a", "b", "a"}) {
    auto* seat = record.add_seats();
    seat->set_seat(record.seats_size() - 1);
    seat->set_bot_name(name);
  }
  auto* result = record.mutable_result();
  for (int place : {2, 1, 3}) result->add_places(place);
  for (int score : {5, 9, 0}) result->add_scores(score);
  for (int seat : {0, 2}) {
    auto* fault = result->add_faults();
    fault->set_seat(seat);
    fault->set_reason(arbiter::v1::FAULT_REASON_STARTUP);
    fault->set_detail("never connected " + std::to_string(seat));
  }
  auto* asked = record.add_steps();
  asked->set_seat(1);
  asked->set_decision_us(3000);
  auto* played_for = record.add_steps();  // the arbiter's, never asked
  played_for->set_seat(1);
  played_for->set_strike(true);
  SeriesStats stats;
  Tally(record, &stats);
  const BotStats& a = stats.at("a");
  EXPECT_EQ(a.games, 2);
  EXPECT_EQ(a.points, 5);
  EXPECT_EQ(a.faults.at(arbiter::v1::FAULT_REASON_STARTUP), 2);
  EXPECT_EQ(a.never_started, (std::vector<std::string>{"t-g1"}));
  EXPECT_EQ(a.first_startup_fault, "never connected 0");
  const BotStats& b = stats.at("b");
  EXPECT_EQ(b.wins, 1);
  EXPECT_EQ(b.decisions, 1);
  EXPECT_EQ(b.max_us, 3000);
}

#ifdef ARBITER_TEST_BOT_PATH
std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// With bot processes: two bots in three seats, so bot a has two processes
// its first logging to a.log and its second to a.2.log, each marked with
// every game it played.
TEST(SeriesTest, PlaysWithBotProcessesLoggingUnderPlaysNames) {
  const TournamentConfig config = SeriesConfig(
      Specs({"a", "b"}, ARBITER_TEST_BOT_PATH), sandbox::Mode::kNone,
      {.move_ms = 5000}, FaultPolicy::kForfeit);
  const auto logs = TempPath("series_logs");
  auto runner = ProcessRunner::Start(config, *game::LoadGame(),
                                     {.log_dir = logs,
                                      .plain_first_log = true,
                                      .start_early = false,
                                      .concurrency = 1});
  ASSERT_TRUE(runner) << runner.error();
  const auto path = TempPath("series_bots.jsonl");
  auto stats = PlaySeries(**runner, MakeSeries(2, 3, 2), *Writer(path),
                          [](int, const arbiter::v1::GameRecord&) {});
  ASSERT_TRUE(stats) << stats.error();
  runner->reset();                     // the bots end, their logs whole
  EXPECT_EQ(stats->at("a").games, 4);  // two seats a game
  for (const char* log : {"a.log", "a.2.log", "b.log"}) {
    const std::string text = ReadText(logs / log);
    EXPECT_NE(text.find("test_bot pid"), std::string::npos) << log;
    for (const char* id : {"5eed7a90-g1", "5eed7a90-g2"}) {
      EXPECT_NE(text.find(id), std::string::npos) << log << ": " << id;
    }
  }
  EXPECT_FALSE(std::filesystem::exists(logs / "a.1.log"));
  EXPECT_FALSE(std::filesystem::exists(logs / "b.2.log"));
  auto read = records::ReadGameRecords(path, nullptr);
  ASSERT_TRUE(read) << read.error();
  ASSERT_EQ(read->size(), 2u);
  for (const auto& [record, where] : *read) {
    EXPECT_EQ(record.tournament_id(), "") << where;
    EXPECT_EQ(record.result().faults_size(), 0) << where;
  }
}

// A bot that runs elsewhere has --connect-ms, not --startup-ms, to connect;
// one that never does has a startup fault, and the series goes on.
TEST(SeriesTest, ARemoteBotHasItsOwnTimeToConnect) {
  std::vector<BotSpec> specs = Specs({"here"}, ARBITER_TEST_BOT_PATH);
  specs.push_back({.name = "far", .command = "@"});
  const TournamentConfig config = SeriesConfig(
      specs, sandbox::Mode::kNone, {.move_ms = 5000}, FaultPolicy::kForfeit);
  const auto start = std::chrono::steady_clock::now();
  auto runner = ProcessRunner::Start(
      config, *game::LoadGame(),
      {.log_dir = TempPath("series_remote_logs"),
       .startup_timeout = std::chrono::milliseconds(120000),
       .connect_timeout = std::chrono::milliseconds(300),
       .start_early = false,
       .concurrency = 1});
  ASSERT_TRUE(runner) << runner.error();
  const auto path = TempPath("series_remote.jsonl");
  auto stats = PlaySeries(**runner, MakeSeries(2, 2, 2), *Writer(path),
                          [](int, const arbiter::v1::GameRecord&) {});
  ASSERT_TRUE(stats) << stats.error();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  EXPECT_EQ(stats->at("far").never_started.size(), 2u);
  EXPECT_TRUE(stats->at("here").never_started.empty());
}
#endif

}  // namespace
}  // namespace arbiter::tournament
