// Records of every game, played by in-process random bots at every table
// size up to six seats and under every preset, with faults and a forfeit:
// the fast parser reads each one's line, and reads it as protobuf does.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "arbiter/games/registry.h"
#include "arbiter/match/match.h"
#include "arbiter/records/game_record.h"
#include "arbiter/records/json_parser.h"
#include "arbiter/records/json_parser_testing.h"

namespace arbiter::records {
namespace {

struct Table {
  int seats = 2;
  int absent = -1;  // a seat whose bot never connected: it faults
  FaultPolicy policy = FaultPolicy::kForfeit;
};

v1::GameRecord Play(std::shared_ptr<const game::Game> game, const Table& t,
                    uint64_t seed) {
  GameSetup setup{.game_id = fmt::format("g-{}", seed),
                  .game = game,
                  .deal = {.num_seats = t.seats, .seed = seed},
                  .policy = t.policy,
                  .tournament_id = "t\"1\"",
                  .round = 3,
                  .duplicate_group = "r3-d1"};
  std::mt19937_64 rng(seed);
  std::vector<SeatPlayer> seats;
  for (int s = 0; s < t.seats; ++s) {
    SeatPlayer seat{.name = fmt::format("bot {} \u00e9", s), .version = "1.0"};
    if (s == t.absent) {
      seat.startup_detail = "exec: no such file \"./bot\"\n";
    } else {
      seat.policy = [&rng](const game::State& state) {
        return int(rng() % uint64_t(state.NumLegalActions()));
      };
    }
    seats.push_back(std::move(seat));
  }
  auto played = PlayGame(setup, seats);
  EXPECT_TRUE(played) << played.error();
  return played ? std::move(played->record) : v1::GameRecord();
}

void ExpectReadAsPlayed(const v1::GameRecord& record, const std::string& what) {
  for (const std::string& line :
       {RecordToJson(record), RecordToJsonByProtobuf(record)}) {
    EXPECT_EQ(ExpectAsProtobuf(line, what), FastParse::kTaken) << what;
    v1::GameRecord back;
    ASSERT_TRUE(ParseJsonFast(line, &back)) << what;
    EXPECT_EQ(back.SerializeAsString(), record.SerializeAsString()) << what;
  }
}

TEST(JsonParserGames, RecordsOfEveryGameAndTableSize) {
  uint64_t seed = 1;
  std::set<std::string> games;
  for (const game::GameType* type : game::Games()) {
    games.emplace(type->Name());
    for (std::string_view preset : type->Presets()) {
      auto game = type->Load(preset);
      ASSERT_TRUE(game) << game.error();
      const int last = preset == type->Presets()[0]
                           ? std::min(type->MaxSeats(), 6)
                           : type->MinSeats();
      for (int n = std::max(type->MinSeats(), 2); n <= last; ++n) {
        const std::string what =
            fmt::format("{} {} {} seats", type->Name(), preset, n);
        ExpectReadAsPlayed(Play(*game, {.seats = n}, seed++), what);
      }
    }
  }
  for (const char* name : {"zetema", "pontoon", "scotch_whist"}) {
    EXPECT_TRUE(games.contains(name)) << name;
  }
}

TEST(JsonParserGames, RecordsWithFaultsAForfeitAndEveryField) {
  uint64_t seed = 100;
  for (const game::GameType* type : game::Games()) {
    auto game = type->Load(type->Presets()[0]);
    ASSERT_TRUE(game) << game.error();
    const int n = std::max(type->MinSeats(), 2);
    const auto forfeit = Play(*game, {.seats = n, .absent = 1}, seed++);
    EXPECT_EQ(forfeit.result().end_reason(), v1::END_REASON_FORFEIT);
    ExpectReadAsPlayed(forfeit, fmt::format("{}: a forfeit", type->Name()));
    auto strikes = Play(
        *game, {.seats = n, .absent = 0, .policy = FaultPolicy::kDefaultAction},
        seed++);
    EXPECT_GT(strikes.result().faults_size(), 0);
    // Every optional field set, and texts a bot chose.
    auto& seat = *strikes.mutable_seats(0);
    seat.set_hello_bot_name("\xF0\x9F\x82\xA1 <b>\"x\"</b>\t\\");
    seat.set_hello_note("bot_version: 3670016 bytes cut to 128");
    seat.set_bot_hash(std::string(64, 'a'));
    seat.set_restart_reason("after game g-1: FAULT_REASON_TIMEOUT");
    strikes.set_first_mover(0);
    strikes.mutable_result()->mutable_faults(0)->set_reason(
        v1::FaultReason(99));  // a newer arbiter's reason: a number
    ExpectReadAsPlayed(strikes, fmt::format("{}: strikes", type->Name()));
  }
}

}  // namespace
}  // namespace arbiter::records
