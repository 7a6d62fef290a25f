// What the replay data tells the viewer beyond the positions: where hands
// begin, why a seat's bot was restarted, the deal's group, and the bots'
// log lines with the step each was printed in.
#include "arbiter/report/replay_data.h"

#include <gtest/gtest.h>

#include "arbiter/common/game_log_marker.h"
#include "arbiter/games/registry.h"
#include "arbiter/match/match.h"
#include "arbiter/report/bot_logs.h"

namespace arbiter::report {
namespace {

using nlohmann::json;

// A game of `game` between two in-process bots that play the first legal
// action.
v1::GameRecord Played(const std::string& game, uint64_t seed) {
  GameSetup setup{.game_id = "g1",
                  .game = *game::LoadGame(game),
                  .deal = {.num_seats = 2, .seed = seed},
                  .duplicate_group = "deal-7"};
  auto first = [](const game::State&) { return 0; };
  std::vector<SeatPlayer> seats = {{.name = "a", .policy = first},
                                   {.name = "b", .policy = first}};
  auto played = PlayGame(setup, seats);
  EXPECT_TRUE(played) << played.error();
  return played->record;
}

// Hands begin at 0 and where the hands played rose, as the game's own hand
// counter says (Zetema and Scotch Whist number their hands), in every game.
TEST(ReplayDataTest, HandStartsAreWhereTheHandsPlayedRise) {
  for (const std::string game : {"zetema", "scotch_whist", "pontoon"}) {
    const v1::GameRecord record = Played(game, 11);
    const json data = ReplayData(record);
    ASSERT_FALSE(data.contains("error")) << data["error"];
    const auto starts = data["hand_starts"].get<std::vector<int>>();
    ASSERT_FALSE(starts.empty()) << game;
    EXPECT_EQ(starts[0], 0);
    // Every hand played but the last ended before the last position; a
    // game may end in a hand it does not count as played (a target
    // reached in its middle).
    const int hands = record.result().hands_played();
    EXPECT_TRUE(int(starts.size()) == hands || int(starts.size()) == hands + 1)
        << game << ": " << starts.size() << " starts, " << hands << " hands";
    EXPECT_GT(starts.size(), 1u) << game;
    EXPECT_TRUE(std::is_sorted(starts.begin(), starts.end())) << game;
    EXPECT_LT(starts.back(), record.steps_size()) << game;
    if (game == "pontoon") continue;
    size_t hand = 0;
    for (; hand < data["counter_keys"].size(); ++hand) {
      if (data["counter_keys"][hand] == json::array({"hand", -1})) break;
    }
    ASSERT_LT(hand, data["counter_keys"].size()) << game;
    const json& counters = data["counters"];
    for (size_t p = 1; p + 1 < counters.size(); ++p) {
      const bool starts_here =
          std::find(starts.begin(), starts.end(), int(p)) != starts.end();
      EXPECT_EQ(starts_here, counters[p][hand] != counters[p - 1][hand])
          << game << " at " << p;
    }
  }
}

TEST(ReplayDataTest, SeatsSayWhyTheirBotWasRestarted) {
  v1::GameRecord record = Played("high_card", 3);
  record.mutable_seats(1)->set_restart_reason(
      "after game g0: FAULT_REASON_TIMEOUT: no answer within 120 ms");
  const json data = ReplayData(record);
  EXPECT_EQ(data["seats"][0]["restart_reason"], "");
  EXPECT_EQ(data["seats"][1]["restart_reason"],
            "after game g0: FAULT_REASON_TIMEOUT: no answer within 120 ms");
  EXPECT_EQ(data["duplicate_group"], "deal-7");
}

// A bot's log as the arbiter writes it: its startup output, then the game's
// lines by step; the replay data gives each line its step.
TEST(ReplayDataTest, LogLinesCarryTheirStep) {
  BotLogs logs;
  logs.AddText(std::string(kStartLogMarker) + "\nloading\n" +
                   GameLogMarker("g1", 1) + "hello\n" + StepLogMarker(1) +
                   "thinking\nchose\n" + StepLogMarker(3) + "again\n",
               "b.log");
  const v1::GameRecord record = Played("high_card", 3);
  const json data = ReplayData(record, logs.Find("g1"));
  const json& log = data["logs"]["1"];
  EXPECT_EQ(log["lines"],
            json({"loading", "hello", "thinking", "chose", "again"}));
  EXPECT_EQ(log["steps"], json({-1, -1, 1, 1, 3}));
  EXPECT_EQ(log["started"], true);
  EXPECT_EQ(log["source"], "b.log");
  EXPECT_EQ(log["dropped"], 0);
  EXPECT_FALSE(data["logs"].contains("0"));
}

// The text is written directly, not dumped from a json value: it must be
// the dump of what it parses to (keys in order, the same escapes), with a
// bot's hostile text (quotes, control characters, invalid UTF-8, U+2028)
// in names, reasons and log lines, and when the record stops replaying.
TEST(ReplayDataTest, TextIsTheDumpOfItsJson) {
  const std::string nasty =
      "a\"b\\c\n\t\x01\x7f<>&\xe2\x80\xa8 \xc3\xa9 \xff bad \xed\xa0\x80";
  for (const std::string game : {"zetema", "scotch_whist", "pontoon"}) {
    v1::GameRecord record = Played(game, 5);
    record.mutable_seats(0)->set_bot_name(nasty);
    record.mutable_seats(1)->set_restart_reason(nasty);
    record.set_duplicate_group(nasty);
    BotLogs logs;
    logs.AddText(
        GameLogMarker("g1", 0) + nasty + "\n" + StepLogMarker(2) + "\x02 two\n",
        nasty);
    auto check = [&](const ReplayText& text, bool replays) {
      const json data = json::parse(text.json);
      EXPECT_EQ(text.json,
                data.dump(-1, ' ', false, json::error_handler_t::replace))
          << game;
      EXPECT_EQ(data["score_unit"], text.score_unit) << game;
      EXPECT_EQ(data.contains("error"), !replays) << game;
      // The error as the record has it; in the JSON, invalid UTF-8 replaced.
      EXPECT_EQ(
          json(data.value("error", "")).dump(),
          json(text.error).dump(-1, ' ', false, json::error_handler_t::replace))
          << game;
      EXPECT_FALSE(data["logs"]["0"]["lines"].empty()) << game;
    };
    check(ReplayDataText(record, logs.Find("g1")), true);
    check(ReplayDataText(record, logs.Find("g1"), {.legal_actions = false}),
          true);
    record.mutable_steps(3)->set_action(nasty);
    check(ReplayDataText(record, logs.Find("g1")), false);
  }
}

}  // namespace
}  // namespace arbiter::report
