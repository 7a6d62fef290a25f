#include "arbiter/conformance/bot_output.h"

#include <gtest/gtest.h>

#include "arbiter/common/game_log_marker.h"

namespace arbiter::conformance {
namespace {

// The start, game and step markers are the arbiter's, not the bot's output.
TEST(LastOutput, EveryLineButTheMarkersEscaped) {
  const std::string log = std::string(kStartLogMarker) + "\nstarting\n" +
                          GameLogMarker("g1", 0) + StepLogMarker(3) + "one\n" +
                          GameLogMarker("g2", 1) + "two\n\x1b[2Jthree\n";
  EXPECT_EQ(LastOutput(log), (std::vector<std::string>{"starting", "one", "two",
                                                       "\\x1b[2Jthree"}));
  EXPECT_TRUE(LastOutput(GameLogMarker("g1", 0)).empty());
}

TEST(LastOutput, TheLastLinesEachCut) {
  std::string log = GameLogMarker("g", 0);
  for (int i = 0; i < 30; ++i) log += "line " + std::to_string(i) + "\n";
  log += std::string(1000, 'x');  // no newline: cut off by the bot's end
  const auto out = LastOutput(log);
  ASSERT_EQ(out.size(), kOutputLines);
  EXPECT_EQ(out.front(), "line 21");
  EXPECT_EQ(out.back(),
            std::string(kOutputLineBytes, 'x') + "... (800 more bytes)");
}

}  // namespace
}  // namespace arbiter::conformance
