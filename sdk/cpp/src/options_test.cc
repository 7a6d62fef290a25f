#include <gtest/gtest.h>
#include <stdlib.h>

#include <vector>

#include "zetema_bot/bot.h"

namespace zetema_bot {
namespace {

class OptionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ::unsetenv(kAddressEnv);
    ::unsetenv(kTokenEnv);
  }
  void TearDown() override { SetUp(); }

  static std::expected<Options, Error> Parse(std::vector<const char*> args) {
    args.insert(args.begin(), "bot");
    return ParseOptions(int(args.size()), args.data());
  }
};

TEST_F(OptionsTest, ReadsTheEnvironment) {
  ::setenv(kAddressEnv, "unix:///tmp/x/arbiter.sock", 1);
  ::setenv(kTokenEnv, "secret", 1);
  auto options = Parse({});
  ASSERT_TRUE(options) << options.error().message;
  EXPECT_EQ(options->address, "unix:///tmp/x/arbiter.sock");
  EXPECT_EQ(options->token, "secret");
  EXPECT_FALSE(options->help);
  EXPECT_TRUE(options->args.empty());
}

TEST_F(OptionsTest, FlagsOverrideTheEnvironment) {
  ::setenv(kAddressEnv, "unix:///tmp/x/arbiter.sock", 1);
  ::setenv(kTokenEnv, "secret", 1);
  auto options = Parse({"--address", "127.0.0.1:50051", "--token=other",
                        "--connect-timeout-ms=250"});
  ASSERT_TRUE(options) << options.error().message;
  EXPECT_EQ(options->address, "127.0.0.1:50051");
  EXPECT_EQ(options->token, "other");
  EXPECT_EQ(options->connect_timeout.count(), 250);
}

TEST_F(OptionsTest, LeavesUnknownArgumentsToTheBot) {
  auto options = Parse({"--seed", "7", "--address=a:1", "extra", "-h"});
  ASSERT_TRUE(options);
  EXPECT_EQ(options->args, (std::vector<std::string>{"--seed", "7", "extra"}));
  EXPECT_EQ(options->address, "a:1");
  EXPECT_TRUE(options->help);
}

TEST_F(OptionsTest, MissingOrBadValuesAreUsageErrors) {
  for (auto args :
       std::vector<std::vector<const char*>>{{"--address"},
                                             {"--token="},
                                             {"--connect-timeout-ms", "soon"},
                                             {"--connect-timeout-ms=-5"}}) {
    auto options = Parse(args);
    ASSERT_FALSE(options) << args[0];
    EXPECT_EQ(options.error().code, ErrorCode::kUsage);
    std::string flag = args[0];
    flag = flag.substr(0, flag.find('='));
    EXPECT_NE(options.error().message.find(flag), std::string::npos)
        << options.error().message;
  }
}

TEST_F(OptionsTest, RunRefusesUnknownArgumentsAndMissingSettings) {
  const auto first = [](const Decision&) -> Answer { return 0; };
  Options unknown;
  unknown.args = {"--sede"};
  EXPECT_EQ(zetema_bot::Run(unknown, first, {"t", "1"}), 2);
  EXPECT_EQ(zetema_bot::Run(Options{}, first, {"t", "1"}), 2);  // no address
  Options help;
  help.help = true;
  EXPECT_EQ(zetema_bot::Run(help, first, {"t", "1"}), 0);
  EXPECT_NE(Usage("my_bot").find("--address"), std::string::npos);
}

TEST(ExitCodeTest, DistinguishesTheErrorsABotRunnerCaresAbout) {
  EXPECT_EQ(ExitCode(ErrorCode::kUsage), 2);
  EXPECT_EQ(ExitCode(ErrorCode::kConnect), 3);
  EXPECT_EQ(ExitCode(ErrorCode::kStreamBroken), 3);
  EXPECT_EQ(ExitCode(ErrorCode::kProtocol), 4);
  EXPECT_EQ(ExitCode(ErrorCode::kArbiterError), 4);
  EXPECT_EQ(ExitCode(ErrorCode::kVersionMismatch), 5);
  EXPECT_EQ(ExitCode(ErrorCode::kBadToken), 6);
  EXPECT_EQ(ExitCode(ErrorCode::kCallback), 1);
  EXPECT_EQ(ErrorCodeName(ErrorCode::kVersionMismatch), "version mismatch");
}

}  // namespace
}  // namespace zetema_bot
