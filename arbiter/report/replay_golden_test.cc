// ReplayDataText's bytes do not change when its code does: games of every
// game at every seat count, a forfeit, a record that stops replaying, the
// legal actions left out and a bot's log, each compared with the length
// and hash of the text the code wrote when the golden file was made
// (testdata/replay_golden.txt). The games are played in-process by seeded
// bots, their times fixed, so that the same code gives the same bytes.
//
// A change meant to alter the replays' data rewrites the golden file:
//   REPLAY_GOLDEN_WRITE=1 arbiter_report_test --gtest_filter='ReplayGolden*'
// (and bumps kReplayFormat in report_writer.cc).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "arbiter/common/game_log_marker.h"
#include "arbiter/games/registry.h"
#include "arbiter/match/match.h"
#include "arbiter/records/duplicates.h"
#include "arbiter/records/game_record.h"
#include "arbiter/report/bot_logs.h"
#include "arbiter/report/replay_data.h"

namespace arbiter::report {
namespace {

const std::string kGoldenFile =
    std::string(REPORT_TESTDATA) + "/replay_golden.txt";

// A game of `game` at `seats` seats between seeded random bots; with
// `absent`, that seat's bot never connected (a startup fault: its first
// turn forfeits the game).
v1::GameRecord Played(const std::string& game, int seats, uint64_t seed,
                      int absent = -1) {
  GameSetup setup{.game_id = fmt::format("{}-{}", game, seats),
                  .game = *game::LoadGame(game),
                  .deal = {.num_seats = seats, .seed = seed},
                  .tournament_id = "golden",
                  .round = 2,
                  .duplicate_group = "deal-1"};
  auto rng = std::make_shared<std::mt19937_64>(seed);
  std::vector<SeatPlayer> players;
  for (int s = 0; s < seats; ++s) {
    players.push_back({.name = fmt::format("bot{}", s), .version = "1.0"});
    if (s == absent) continue;
    players.back().policy = [rng](const game::State& state) {
      return int((*rng)() % uint64_t(state.NumLegalActions()));
    };
  }
  auto played = PlayGame(setup, players);
  EXPECT_TRUE(played) << played.error();
  v1::GameRecord record = played->record;
  // Times as a bot process would have them, the same on every run.
  record.set_started_at("2026-11-29T08:00:00Z");
  record.set_finished_at("2026-11-29T08:01:00Z");
  for (int i = 0; i < record.steps_size(); ++i) {
    record.mutable_steps(i)->set_decision_us(uint32_t(i * 7919 % 100000));
    record.mutable_steps(i)->set_cpu_us(uint32_t(i * 104729 % 90000));
  }
  return record;
}

// A game of 5 seats as the arbiter records one whose bot timed out at step
// 60: the steps before it, the game forfeited by that seat.
v1::GameRecord TimedOut(const std::string& game) {
  v1::GameRecord record = Played(game, 5, 60);
  const int seat = record.steps(60).seat();
  record.mutable_steps()->DeleteSubrange(60, record.steps_size() - 60);
  auto* result = record.mutable_result();
  result->set_end_reason(v1::END_REASON_FORFEIT);
  result->set_forfeit_seat(seat);
  auto* fault = result->add_faults();
  fault->set_seat(seat);
  fault->set_reason(v1::FAULT_REASON_TIMEOUT);
  fault->set_step(60);
  fault->set_detail("no answer within 1000 ms");
  return record;
}

// Every case's text, by name.
std::map<std::string, std::string> Texts() {
  std::map<std::string, std::string> out;
  for (const auto& [game, low, high] :
       {std::tuple{"zetema", 2, 6}, std::tuple{"pontoon", 2, 8},
        std::tuple{"scotch_whist", 2, 7}, std::tuple{"high_card", 2, 2}}) {
    for (int seats = low; seats <= high; ++seats) {
      out[fmt::format("{} {} seats", game, seats)] =
          ReplayDataText(Played(game, seats, 100 + seats)).json;
    }
  }
  out["zetema forfeit"] = ReplayDataText(Played("zetema", 3, 7, 1)).json;
  out["pontoon forfeit"] = ReplayDataText(Played("pontoon", 4, 8, 2)).json;
  out["zetema forfeit at step 60"] = ReplayDataText(TimedOut("zetema")).json;
  out["scotch_whist forfeit at step 60"] =
      ReplayDataText(TimedOut("scotch_whist")).json;
  const v1::GameRecord whist = Played("scotch_whist", 4, 9);
  out["scotch_whist no legal actions"] =
      ReplayDataText(whist, nullptr, {.legal_actions = false}).json;
  v1::GameRecord broken = whist;
  broken.mutable_steps(30)->set_action("not an action \"\xff");
  out["scotch_whist stops at step 30"] = ReplayDataText(broken).json;
  BotLogs logs;
  logs.AddText(std::string(kStartLogMarker) + "\nloading\n" +
                   GameLogMarker("zetema-2", 1) + "hello <b>\n" +
                   StepLogMarker(1) + "thinking\n" + StepLogMarker(5) +
                   "again \xe2\x80\xa8\n",
               "b.log");
  v1::GameRecord hostile = Played("zetema", 2, 102);
  hostile.mutable_seats(0)->set_bot_name("a\"b\\c\n\x01 \xc3\xa9 \xff");
  out["zetema hostile names and logs"] =
      ReplayDataText(hostile, logs.Find("zetema-2")).json;
  return out;
}

std::string GoldenLine(const std::string& name, const std::string& text) {
  return fmt::format("{}: {} bytes, {:016x}", name, text.size(),
                     records::Hash64(text));
}

TEST(ReplayGoldenTest, TextsAreTheGoldenOnes) {
  const std::map<std::string, std::string> texts = Texts();
  if (std::getenv("REPLAY_GOLDEN_WRITE") != nullptr) {
    std::ofstream out(kGoldenFile);
    for (const auto& [name, text] : texts) {
      out << GoldenLine(name, text) << "\n";
    }
    ASSERT_TRUE(out.good()) << kGoldenFile;
    GTEST_SKIP() << "wrote " << kGoldenFile;
  }
  std::ifstream in(kGoldenFile);
  ASSERT_TRUE(in.good()) << kGoldenFile;
  std::vector<std::string> golden;
  for (std::string line; std::getline(in, line);) golden.push_back(line);
  ASSERT_EQ(golden.size(), texts.size());
  size_t i = 0;
  for (const auto& [name, text] : texts) {
    EXPECT_EQ(GoldenLine(name, text), golden[i++]);
    // Each case replays what it should: the broken one alone stops.
    EXPECT_EQ(text.find("\"error\":") != std::string::npos,
              name.find("stops") != std::string::npos)
        << name;
    EXPECT_EQ(text.find("\"end\":\"forfeit\"") != std::string::npos,
              name.find("forfeit") != std::string::npos)
        << name;
  }
}

int Events(const v1::GameRecord& r) {
  return r.events_size() + r.event_texts_size() + r.pontoon_events_size() +
         r.scotch_whist_events_size();
}

// The report reads a record for its replay without its events (the walk
// recomputes them through the game): the same text as from the whole record.
TEST(ReplayGoldenTest, TextsDoNotNeedTheRecordsEvents) {
  for (const char* game : {"zetema", "pontoon", "scotch_whist", "high_card"}) {
    const v1::GameRecord whole = Played(game, 2, 11);
    auto skipped = records::RecordFromJson(records::RecordToJson(whole),
                                           {.skip = records::kEventFields});
    ASSERT_TRUE(skipped) << skipped.error().message;
    EXPECT_GT(Events(whole), 0) << game;
    EXPECT_EQ(Events(*skipped), 0) << game;
    EXPECT_EQ(ReplayDataText(*skipped).json, ReplayDataText(whole).json)
        << game;
  }
}

}  // namespace
}  // namespace arbiter::report
