#include "arbiter/report/game_list.h"

#include <gtest/gtest.h>

namespace arbiter::report {
namespace {

using arbiter::v1::GameRecord;

// "a" beats "b\x1b" (a name with an escape), b times out twice.
GameRecord Game() {
  GameRecord r;
  r.set_game_id("s7-g3");
  r.set_game("zetema");
  for (int seat = 0; seat < 2; ++seat) {
    auto* s = r.add_seats();
    s->set_seat(seat);
    s->set_bot_name(seat == 0 ? "a" : "b\x1b");
    s->set_team(seat);
  }
  auto* result = r.mutable_result();
  result->set_winner(0);
  for (int v : {300, 120}) result->add_scores(v);
  for (int v : {300, 120}) result->add_team_scores(v);
  for (int v : {1, 2}) result->add_places(v);
  result->set_end_reason(arbiter::v1::END_REASON_TARGET);
  for (int step : {4, 9}) {
    auto* f = result->add_faults();
    f->set_seat(1);
    f->set_reason(arbiter::v1::FAULT_REASON_TIMEOUT);
    f->set_step(step);
  }
  return r;
}

TEST(GameList, LineSaysPlayersEndAndFaultsSafely) {
  EXPECT_EQ(GameLine(Game()),
            "s7-g3  zetema  a 300 #1 b\\x1b 120 #2  target"
            "  [b\\x1b: 2 x timeout, first at step 4]");
}

TEST(GameList, JsonKeepsTheTextsAsRecorded) {
  const nlohmann::json line = GameLineJson(Game());
  EXPECT_EQ(line["game_id"], "s7-g3");
  EXPECT_EQ(line["end"], "END_REASON_TARGET");
  EXPECT_EQ(line["seats"][1]["bot"], "b\x1b");
  EXPECT_EQ(line["seats"][1]["place"], 2);
  EXPECT_EQ(line["faults"].size(), 2u);
  EXPECT_EQ(line["faults"][0]["reason"], "timeout");
  EXPECT_EQ(line["team_scores"], nlohmann::json({300, 120}));
}

TEST(GameList, FiltersByBotResultAndFaults) {
  const GameRecord r = Game();
  EXPECT_TRUE(Listed({}, r));
  EXPECT_TRUE(Listed({.bot = "a", .won = true}, r));
  EXPECT_FALSE(Listed({.bot = "a", .lost = true}, r));
  EXPECT_TRUE(Listed({.bot = "b\x1b", .lost = true}, r));
  EXPECT_FALSE(Listed({.bot = "c"}, r));
  EXPECT_TRUE(Listed({.faults = true}, r));
  GameRecord clean = r;
  clean.mutable_result()->clear_faults();
  EXPECT_FALSE(Listed({.faults = true}, clean));
}

TEST(GameList, NamesAGameByItsIdOrWhatFollowsItsTag) {
  EXPECT_TRUE(NamesGame("s7-g3", "s7-g3"));
  EXPECT_TRUE(NamesGame("s7-r1-t2", "r1-t2"));
  EXPECT_FALSE(NamesGame("s7-g3", "g"));
  EXPECT_FALSE(NamesGame("g3", "3"));
}

}  // namespace
}  // namespace arbiter::report
