#include "arbiter/report/bot_logs.h"

#include <gtest/gtest.h>

#include "arbiter/common/game_log_marker.h"

namespace arbiter::report {
namespace {

TEST(GameLogMarkerTest, RoundTripsAndRefusesLookalikes) {
  const std::string line = GameLogMarker("r1-t2-d1-s0", 3);
  ASSERT_TRUE(line.ends_with("\n"));
  auto mark =
      ParseGameLogMarker(std::string_view(line).substr(0, line.size() - 1));
  ASSERT_TRUE(mark);
  EXPECT_EQ(mark->game_id, "r1-t2-d1-s0");
  EXPECT_EQ(mark->seat, 3);
  EXPECT_FALSE(ParseGameLogMarker("[arbiter] game  seat 1"));
  EXPECT_FALSE(ParseGameLogMarker("[arbiter] game g1 seat x"));
  EXPECT_FALSE(ParseGameLogMarker("[arbiter] game g1 seat -1"));
  EXPECT_FALSE(ParseGameLogMarker("[arbiter] game g 1 seat 1"));
  EXPECT_FALSE(ParseGameLogMarker("hello"));
}

TEST(BotLogsTest, LinesGoToTheGameOfTheLastMarker) {
  BotLogs logs({.lines_per_seat = 2, .bytes_per_line = 5});
  logs.AddText("before any game\n" + GameLogMarker("g1", 0) + "one\r\ntwo\n" +
                   GameLogMarker("g2", 1) + "a long line\nx\ny\nz",
               "bot.log");
  EXPECT_EQ(logs.games(), 2u);
  EXPECT_EQ(logs.Find("g3"), nullptr);
  const GameLogs* g1 = logs.Find("g1");
  ASSERT_NE(g1, nullptr);
  ASSERT_EQ(g1->size(), 1u);
  EXPECT_EQ(g1->at(0).lines, (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(g1->at(0).source, "bot.log");
  const GameLogs* g2 = logs.Find("g2");
  ASSERT_NE(g2, nullptr);
  // Cut at 5 bytes; two lines kept, the other two counted.
  EXPECT_EQ(g2->at(1).lines, (std::vector<std::string>{"a lon...", "x"}));
  EXPECT_EQ(g2->at(1).dropped, 2);
}

}  // namespace
}  // namespace arbiter::report
