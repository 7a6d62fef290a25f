#include "arbiter/conformance/report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace arbiter::conformance {
namespace {

Report Sample() {
  return {
      .bot = "./bot",
      .hello = "bot 1, protocol 1, games zetema, events inside requests",
      .situations = {
          {.name = "hello"},
          {.name = "zetema 2 seats", .summary = "2 games"},
          {.name = "zetema 3 seats",
           .failures = {{.game = 2,
                         .step = 14,
                         .message = "answer for request 41 while 42 was asked",
                         .bot_output = {"thinking", "\\x1b[2J"}}}},
          {.name = "shutdown", .failures = {{.message = "did not exit"}}},
          {.name = "zetema 4 seats", .skipped = true}}};
}

TEST(FormatText, OneLinePerSituationFailuresWithTheirPlace) {
  EXPECT_EQ(FormatText(Sample()),
            "check-bot: ./bot\n"
            "hello: bot 1, protocol 1, games zetema, events inside requests\n"
            "ok    hello\n"
            "ok    zetema 2 seats: 2 games\n"
            "FAIL  zetema 3 seats  game 2 step 14: answer for request 41 "
            "while 42 was asked\n"
            "      the bot's last lines of output:\n"
            "      | thinking\n"
            "      | \\x1b[2J\n"
            "FAIL  shutdown: did not exit\n"
            "skip  zetema 4 seats\n"
            "check-bot: FAILED: 2 of 5 situations failed, 1 skipped\n");
}

TEST(FormatText, AllPassed) {
  Report r{.bot = "b", .situations = {{.name = "hello"}}};
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(FormatText(r),
            "check-bot: b\nok    hello\ncheck-bot: passed: all 1 situations\n");
  r.sandbox = "none: plain processes";
  EXPECT_TRUE(FormatText(r).starts_with(
      "check-bot: b\nsandbox: none: plain processes\nok    hello\n"));
}

TEST(Report, NothingCheckedIsNoPass) {
  EXPECT_FALSE(Report{}.passed());
  const Report skipped{.situations = {{.name = "x", .skipped = true}}};
  EXPECT_FALSE(skipped.passed());
}

TEST(FormatJson, TheSameForMachines) {
  const auto j = nlohmann::json::parse(FormatJson(Sample()));
  EXPECT_FALSE(j["passed"]);
  ASSERT_EQ(j["situations"].size(), 5u);
  EXPECT_EQ(j["situations"][0]["result"], "passed");
  EXPECT_EQ(j["situations"][4]["result"], "skipped");
  const auto& f = j["situations"][2]["failures"][0];
  EXPECT_EQ(f["game"], 2);
  EXPECT_EQ(f["step"], 14);
  EXPECT_EQ(f["message"], "answer for request 41 while 42 was asked");
  EXPECT_EQ(f["bot_output"][1], "\\x1b[2J");
}

}  // namespace
}  // namespace arbiter::conformance
