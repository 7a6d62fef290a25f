// `arbiter check-bot` run as a bot author would: the sample bots pass, and
// every bot of the broken catalogue (test_bot's modes) fails with its line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "arbiter/process/bot_process.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

const std::string kArbiter = ARBITER_PATH;
const std::string kBot = ARBITER_TEST_BOT_PATH;
const std::string kRandomBot = ARBITER_RANDOM_BOT_PATH;  // "": not built
const std::string kSource = PROJECT_SOURCE_DIR;

struct Ran {
  std::string exit;    // "exit status 1"
  std::string output;  // stdout and stderr
};

// Runs `arbiter check-bot ARGS -- COMMAND` from the source directory.
Ran CheckBot(std::vector<std::string> args,
             const std::vector<std::string>& command) {
  char tmpl[] = "/tmp/check_bot_e2e.XXXXXX";
  const std::string dir = ::mkdtemp(tmpl);
  args.insert(args.begin(), {kArbiter, "check-bot"});
  args.push_back("--");
  args.insert(args.end(), command.begin(), command.end());
  auto p = BotProcess::Spawn(
      {.argv = args, .log_path = dir + "/out.txt", .working_dir = kSource});
  EXPECT_TRUE(p.has_value()) << p.error();
  if (!p) return {};
  EXPECT_TRUE((*p)->WaitExit(milliseconds(600'000)));
  (*p)->Stop();
  std::ifstream in(dir + "/out.txt");
  std::stringstream s;
  s << in.rdbuf();
  std::filesystem::remove_all(dir);
  return {(*p)->ExitDescription(), s.str()};
}

TEST(CheckBotE2e, TheCppRandomBotPassesEveryGame) {
  if (kRandomBot.empty()) GTEST_SKIP() << "random_bot is not built";
  const Ran ran = CheckBot({}, {kRandomBot});
  EXPECT_EQ(ran.exit, "exit status 0") << ran.output;
  for (const char* line :
       {"ok    hello", "ok    zetema 6 seats (partnerships)",
        "ok    pontoon 8 seats", "ok    scotch_whist 7 seats",
        "ok    high_card 50 ms left",
        "ok    zetema 20 games on one stream: "
        "20 games, 1 process start",
        "ok    pontoon restart after kill -9: 3 games, 2 process starts",
        "ok    shutdown", "check-bot: passed"}) {
    EXPECT_NE(ran.output.find(line), std::string::npos) << line << "\n"
                                                        << ran.output;
  }
}

// The Python sample bots, each at the game it declares.
class PythonSampleBot : public ::testing::TestWithParam<const char*> {};

TEST_P(PythonSampleBot, Passes) {
  const Ran ran = CheckBot({}, {kSource + "/.venv/bin/python", GetParam()});
  EXPECT_EQ(ran.exit, "exit status 0") << ran.output;
  EXPECT_NE(ran.output.find("check-bot: passed"), std::string::npos)
      << ran.output;
}

INSTANTIATE_TEST_SUITE_P(, PythonSampleBot,
                         ::testing::Values("sample-bots/greedy/bot.py",
                                           "sample-bots/pontoon/pontoon_bot.py",
                                           "sample-bots/scotch_whist/bot.py"),
                         [](const auto& info) {
                           return std::to_string(info.index);
                         });

struct Broken {
  const char* name;
  std::vector<std::string> bot_args;    // test_bot's
  std::vector<std::string> check_args;  // check-bot's
  const char* line;    // a regular expression for the FAIL line
  const char* output;  // a line of the bot's shown under it, or ""
};

void PrintTo(const Broken& b, std::ostream* os) { *os << b.name; }

class BrokenBot : public ::testing::TestWithParam<Broken> {};

TEST_P(BrokenBot, FailsWithItsLine) {
  const Broken& b = GetParam();
  std::vector<std::string> command = {kBot};
  command.insert(command.end(), b.bot_args.begin(), b.bot_args.end());
  const Ran ran = CheckBot(b.check_args, command);
  EXPECT_EQ(ran.exit, "exit status 1") << ran.output;
  EXPECT_TRUE(std::regex_search(
      ran.output, std::regex(std::string("(^|\n)FAIL  ") + b.line)))
      << b.line << "\n"
      << ran.output;
  EXPECT_NE(ran.output.find(b.output), std::string::npos) << ran.output;
  EXPECT_NE(ran.output.find("check-bot: FAILED"), std::string::npos);
}

const std::vector<std::string> kFast = {"--fail-fast"};

INSTANTIATE_TEST_SUITE_P(
    , BrokenBot,
    ::testing::Values(
        Broken{"crash",
               {"--mode=crash", "--after=3"},
               kFast,
               "zetema 50 ms left  game 1 step 3: crash: the bot's "
               "process ended during the game",
               ""},
        Broken{"stall",
               {"--mode=stall", "--after=2"},
               kFast,
               "zetema 50 ms left  game 1 step 2: timeout: no answer "
               "within 60 ms",
               ""},
        Broken{"late",
               {"--mode=late", "--delay-ms=400"},
               kFast,
               "zetema 50 ms left  game 1 step 1: timeout: ",
               ""},
        Broken{"slow",
               {"--mode=slow", "--delay-ms=400"},
               kFast,
               "zetema 50 ms left  game 1 step 1: timeout: no answer "
               "within 60 ms",
               ""},
        Broken{"illegal",
               {"--mode=illegal"},
               kFast,
               "zetema 50 ms left  game 1 step 1: illegal action: ",
               ""},
        Broken{"malformed",
               {"--mode=malformed"},
               kFast,
               "zetema 50 ms left  game 1 step 1: malformed message: the "
               "reply has no index, action or text",
               ""},
        Broken{"garbage",
               {"--mode=garbage"},
               kFast,
               "zetema 50 ms left  game 1 step 1: malformed message: ",
               ""},
        Broken{"unknown_id",
               {"--mode=unknown-id"},
               kFast,
               "zetema 50 ms left  game 1 step 1: answer for request "
               "\\d+ while \\d+ was asked",
               ""},
        Broken{"duplicate",
               {"--mode=duplicate"},
               kFast,
               "zetema 50 ms left  game 1 step 2: answer for request "
               "\\d+ while \\d+ was asked",
               ""},
        Broken{"disconnect",
               {"--mode=disconnect", "--after=2"},
               kFast,
               "zetema 50 ms left  game 1 step 2: disconnect: the bot's "
               "stream closed during the game while its process ran on",
               ""},
        Broken{"exit",
               {"--mode=exit"},
               {},
               "hello: the bot did not connect: ",
               "test_bot pid"},
        Broken{"silent",
               {"--mode=silent"},
               {"--startup-ms", "2000"},
               "hello: the bot did not connect: ",
               ""},
        Broken{"bad_version",
               {"--mode=bad-version"},
               {},
               "hello: the bot did not connect: .*protocol version 99",
               ""},
        Broken{"leave",
               {"--mode=leave"},
               kFast,
               // Seen as game 2 starts, or at its first decision.
               "zetema 2 seats  game 2( step 1)?: crash: the bot's "
               "process ended (after its previous game|during the game): "
               "exit status 3",
               ""},
        Broken{"hang_up",
               {"--mode=hang-up"},
               kFast,
               "zetema 2 seats  game 2( step 1)?: disconnect: the bot's "
               "stream closed (after its previous game|during the game)",
               ""},
        Broken{"stale_id",
               {"--mode=stale-id", "--after=2"},
               kFast,
               "zetema 50 ms left  game 1 step 2: answer for request "
               "(\\d+) while (?!\\1)\\d+ was asked",
               ""},
        Broken{"no_exit",
               {"--mode=no-exit"},
               {},
               "shutdown: it did not exit within 2000 ms of the end of its "
               "stream",
               ""},
        Broken{"ignores_clock",
               {"--mode=ignores-clock", "--delay-ms=300"},
               kFast,
               "zetema 50 ms left  game 1 step 1: timeout: no answer "
               "within 60 ms",
               ""},
        Broken{"two_seats",
               {"--mode=two-seats"},
               {},
               "zetema 3 seats  game 1 step 1: crash: the bot's process "
               "ended during the game",
               "| test_bot: only 2 seats, got 3"},
        Broken{"events_off_broken",
               {"--mode=events-off-broken"},
               kFast,
               "zetema 50 ms left  game 1 step 1: crash: ",
               "| test_bot: a GameEvent before a request"},
        Broken{"mishandles_pontoon",
               {"--mode=mishandles-pontoon"},
               kFast,
               "pontoon 50 ms left  game 1 step 1: illegal action: index "
               "\\d+ is out of range",
               ""}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(CheckBotE2e, BotOutputIsEscaped) {
  const Ran ran = CheckBot(
      {"--fail-fast"},
      {"sh", "-c",
       "printf 'evil \\033[2J\\n' >&2; exec " + kBot + " --mode=crash"});
  EXPECT_EQ(ran.exit, "exit status 1") << ran.output;
  EXPECT_NE(ran.output.find("| evil \\x1b[2J"), std::string::npos)
      << ran.output;
  EXPECT_EQ(ran.output.find('\x1b'), std::string::npos) << ran.output;
}

TEST(CheckBotE2e, JsonReport) {
  const Ran ran = CheckBot({"--json", "--fail-fast"}, {kBot, "--mode=illegal"});
  EXPECT_EQ(ran.exit, "exit status 1") << ran.output;
  const auto j = nlohmann::json::parse(ran.output, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << ran.output;
  EXPECT_FALSE(j["passed"]);
  EXPECT_EQ(j["situations"][0]["result"], "passed");
  const auto& little = j["situations"][1];
  EXPECT_EQ(little["name"], "zetema 50 ms left");
  EXPECT_EQ(little["result"], "failed");
  EXPECT_EQ(little["failures"][0]["game"], 1);
  EXPECT_EQ(little["failures"][0]["step"], 1);
  EXPECT_EQ(j["situations"].back()["result"], "skipped");
}

TEST(CheckBotE2e, UsageErrorsExitTwo) {
  Ran ran = CheckBot({"--game", "chess"}, {kBot});
  EXPECT_EQ(ran.exit, "exit status 2") << ran.output;
  EXPECT_NE(ran.output.find("chess"), std::string::npos) << ran.output;
  ran = CheckBot({}, {"/no/such/bot"});
  EXPECT_EQ(ran.exit, "exit status 2") << ran.output;
  EXPECT_NE(ran.output.find("/no/such/bot"), std::string::npos) << ran.output;
}

// What the bot sent is checked, not what the arbiter keeps of it for the
// records (there control characters are replaced and the games dropped).
TEST(CheckBotE2e, AHelloWithControlCharactersFails) {
  const Ran ran = CheckBot({"--fail-fast", "--sandbox", "none"},
                           {kBot, "--name=evil\x1b]0;x\x07", "--version=1\n2"});
  EXPECT_EQ(ran.exit, "exit status 1") << ran.output;
  for (const char* line :
       {"FAIL  hello: Hello.bot_name 'evil\\x1b]0;x\\x07' has control "
        "characters",
        "Hello.bot_version '1\\n2' has control characters"}) {
    EXPECT_NE(ran.output.find(line), std::string::npos) << line << "\n"
                                                        << ran.output;
  }
  EXPECT_EQ(ran.output.find('\x1b'), std::string::npos) << ran.output;
}

TEST(CheckBotE2e, AGameTheBotDoesNotDeclareFailsTheHello) {
  const Ran ran = CheckBot({"--game", "pontoon", "--sandbox", "none"}, {kBot});
  EXPECT_EQ(ran.exit, "exit status 1") << ran.output;
  EXPECT_NE(ran.output.find("FAIL  hello: its Hello does not declare pontoon "
                            "(it declares no game, which means zetema only)"),
            std::string::npos)
      << ran.output;
}

}  // namespace
}  // namespace arbiter
