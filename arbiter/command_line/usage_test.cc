#include "arbiter/command_line/usage.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace arbiter {
namespace {

using ::testing::HasSubstr;

TEST(Usage, IntegerInChecksTheTextAsWrittenInDecimal) {
  std::string value = "010";
  EXPECT_EQ(IntegerIn(0, 4096)(value), "");
  EXPECT_EQ(value, "10");
  value = "-1";
  EXPECT_EQ(IntegerIn(0, 4096)(value),
            "must be an integer from 0 to 4096, got '-1'");
  value = std::string(300, '9');
  EXPECT_EQ(IntegerIn(0, 4096)(value),
            "must be an integer from 0 to 4096, got '" + std::string(24, '9') +
                "...'");
  value = "0x10";
  EXPECT_THAT(IntegerIn(0, 4096)(value), HasSubstr("got '0x10'"));
}

TEST(Usage, UnsignedInRefusesNegativeNumbers) {
  std::string value = "-1";
  EXPECT_EQ(UnsignedIn(0, UINT64_MAX)(value),
            "must be an integer from 0 to 18446744073709551615, got '-1'");
  value = "18446744073709551615";
  EXPECT_EQ(UnsignedIn(0, UINT64_MAX)(value), "");
}

TEST(Usage, NumberInRefusesTextAndOutOfRange) {
  std::string value = "0.5";
  EXPECT_EQ(NumberIn(0, 1)(value), "");
  value = "1.5";
  EXPECT_EQ(NumberIn(0, 1)(value), "must be a number from 0 to 1, got '1.5'");
  value = "nan";
  EXPECT_THAT(NumberIn(0, 1)(value), HasSubstr("got 'nan'"));
}

TEST(Usage, ReadableFileSaysMissingOrDirectory) {
  const auto dir = std::filesystem::path(::testing::TempDir());
  std::string path = (dir / "usage_test_missing").string();
  EXPECT_THAT(ReadableFile()(path), HasSubstr("no such file"));
  path = dir.string();
  EXPECT_THAT(ReadableFile()(path), HasSubstr("is a directory"));
  path = (dir / "usage_test_file").string();
  std::ofstream(path) << "x";
  EXPECT_EQ(ReadableFile()(path), "");
}

// The message a parse of `args` by `app` gives, as ReportParseError would
// print it.
std::string ParseMessage(CLI::App& app, std::vector<std::string> args) {
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return UsageMessage(app, e);
  }
  return "";
}

TEST(Usage, RewritesCliElevensMessagesNamingTheOption) {
  CLI::App app{"test", "tool"};
  auto* sub = app.add_subcommand("run");
  int games = 0;
  std::string mode;
  sub->add_option("--games", games)->check(CLI::Range(1, 10));
  sub->add_option("--mode", mode)->check(CLI::IsMember({"a", "b"}));
  EXPECT_EQ(ParseMessage(app, {"run", "--games", "x"}),
            "--games: must be an integer from 1 to 10, got 'x'");
  EXPECT_EQ(ParseMessage(app, {"run", "--games", "11"}),
            "--games: must be an integer from 1 to 10, got '11'");
  EXPECT_EQ(ParseMessage(app, {"run", "--mode", "c"}),
            "--mode: must be one of a, b, got 'c'");
  EXPECT_EQ(CommandPath(app), "tool run");
}

TEST(Usage, SaysWhichCommandIsRequired) {
  CLI::App app{"test", "tool"};
  app.require_subcommand(1);
  app.add_subcommand("run");
  app.add_subcommand("show");
  EXPECT_EQ(ParseMessage(app, {}), "a command is required: one of run, show");
}

TEST(Usage, AbbreviatesWhatItEchoes) {
  EXPECT_EQ(Abbreviate("short"), "short");
  EXPECT_EQ(Abbreviate(std::string(30, 'x'), 4), "xxxx...");
}

}  // namespace
}  // namespace arbiter
