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
  BotLogs logs({.lines_per_seat = 2, .lines_per_step = 2, .bytes_per_line = 5});
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

TEST(GameLogMarkerTest, StepAndStartMarkersAreTold) {
  const std::string step = StepLogMarker(12);
  EXPECT_EQ(step, "[arbiter] step 12\n");
  EXPECT_EQ(ParseStepLogMarker(std::string_view(step).substr(0, 17)), 12);
  for (const char* line :
       {"[arbiter] step -1", "[arbiter] step 1x", "[arbiter] step "}) {
    EXPECT_FALSE(ParseStepLogMarker(line)) << line;
  }
  for (const char* line :
       {"[arbiter] start", "[arbiter] step 0", "[arbiter] game g seat 0"}) {
    EXPECT_TRUE(IsLogMarker(line)) << line;
  }
  for (const char* line : {"[arbiter] started", "[bot] [arbiter] step 0"}) {
    EXPECT_FALSE(IsLogMarker(line)) << line;
  }
}

// Each line goes to the step of the last step marker; what a process
// printed as it started goes to the game marked next; a start that no
// game follows (the next start came first) belongs to none.
TEST(BotLogsTest, LinesGoToTheirStepAndStartupToTheNextGame) {
  BotLogs logs;
  logs.AddText(std::string(kStartLogMarker) + "\nboot\n" +
                   GameLogMarker("g1", 0) + "hi\n" + StepLogMarker(0) + "a\n" +
                   StepLogMarker(4) + "b\nc\n" + std::string(kStartLogMarker) +
                   "\nlost\n" + std::string(kStartLogMarker) + "\nTraceback\n" +
                   GameLogMarker("g2", 1) + StepLogMarker(2) + "d\n" +
                   "[bot] [arbiter] step 9\n",
               "x.log");
  const SeatLog& g1 = logs.Find("g1")->at(0);
  EXPECT_EQ(g1.lines, (std::vector<std::string>{"boot", "hi", "a", "b", "c"}));
  EXPECT_EQ(g1.steps, (std::vector<int>{-1, -1, 0, 4, 4}));
  EXPECT_TRUE(g1.started);
  const SeatLog& g2 = logs.Find("g2")->at(1);
  EXPECT_EQ(g2.lines, (std::vector<std::string>{"Traceback", "d",
                                                "[bot] [arbiter] step 9"}));
  EXPECT_EQ(g2.steps, (std::vector<int>{-1, 2, 2}));
  EXPECT_TRUE(g2.started);
  // A game marked again by the same process was not started for.
  BotLogs again;
  again.AddText(std::string(kStartLogMarker) + "\n" + GameLogMarker("g1", 0) +
                    GameLogMarker("g2", 0) + "x\n",
                "y.log");
  EXPECT_TRUE(again.Find("g1")->at(0).started);
  EXPECT_FALSE(again.Find("g2")->at(0).started);
}

TEST(BotLogsTest, ControlsAndBrokenBytesShowAsEscapes) {
  BotLogs logs({.bytes_per_line = 12});
  logs.AddText(
      GameLogMarker("g1", 0) + "\x1b[2Jred\x07\n\xff\xfe ok\n" +
          "\xe2\x80\xae" +
          "evil\n\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\n",
      "c.log");
  EXPECT_EQ(logs.Find("g1")->at(0).lines,
            (std::vector<std::string>{
                "\\x1b[2Jred\\x...", "\\xff\\xfe ok", "\\u202eevil",
                "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9..."}));
}

// What a bot printed as it started counts towards its game's first step.
TEST(BotLogsTest, StartupOutputIsCappedAsTheFirstStepsShare) {
  BotLogs logs({.lines_per_seat = 10, .lines_per_step = 2});
  logs.AddText(std::string(kStartLogMarker) + "\na\nb\nc\n" +
                   GameLogMarker("g1", 0) + "d\n" + StepLogMarker(0) + "e\n",
               "s.log");
  const SeatLog& log = logs.Find("g1")->at(0);
  EXPECT_EQ(log.lines, (std::vector<std::string>{"a", "b", "e"}));
  EXPECT_EQ(log.steps, (std::vector<int>{-1, -1, 0}));
  EXPECT_EQ(log.dropped_at, (std::map<int, int>{{-1, 2}}));
  EXPECT_EQ(log.dropped, 2);
}

TEST(BotLogsTest, EachStepKeepsItsOwnShare) {
  BotLogs logs({.lines_per_seat = 5, .lines_per_step = 2});
  std::string text = GameLogMarker("g1", 0) + StepLogMarker(0);
  for (int i = 0; i < 4; ++i) text += "zero\n";
  text += StepLogMarker(1) + "one\n" + StepLogMarker(2);
  for (int i = 0; i < 4; ++i) text += "two\n";
  logs.AddText(text, "z.log");
  const SeatLog& log = logs.Find("g1")->at(0);
  EXPECT_EQ(log.steps, (std::vector<int>{0, 0, 1, 2, 2}));
  EXPECT_EQ(log.dropped, 4);
  EXPECT_EQ(log.dropped_at, (std::map<int, int>{{0, 2}, {2, 2}}));
}

}  // namespace
}  // namespace arbiter::report
