#include "arbiter/common/run_log.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace arbiter {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::SizeIs;

class RunLogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/run_log_test.XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    file_ = dir_ / "arbiter.log";
  }
  void TearDown() override {
    CloseRunLog();
    std::filesystem::remove_all(dir_);
  }

  std::vector<std::string> Lines() {
    std::ifstream in(file_);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }

  std::filesystem::path dir_, file_;
};

TEST_F(RunLogTest, OpensTheFileWithTheHeaderAndTimestampedLines) {
  ASSERT_TRUE(OpenRunLog(file_, spdlog::level::info, "the header"));
  RunLog().info("bot '{}' started: pid {}", "greedy", 42);
  CloseRunLog();
  const auto lines = Lines();
  ASSERT_THAT(lines, SizeIs(2));
  // UTC to the millisecond, then the level.
  constexpr char kTime[] = R"(20[0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:)"
                           R"([0-5][0-9]:[0-6][0-9]\.[0-9][0-9][0-9]Z )";
  EXPECT_THAT(lines[0], MatchesRegex(std::string(kTime) + "info the header"));
  EXPECT_THAT(lines[1], MatchesRegex(std::string(kTime) +
                                     "info bot 'greedy' started: pid 42"));
}

TEST_F(RunLogTest, LevelsBelowTheChosenOneAreLeftOut) {
  // The header is written whatever the level.
  ASSERT_TRUE(OpenRunLog(file_, spdlog::level::warn, "header"));
  RunLog().trace("t");
  RunLog().debug("d");
  RunLog().info("i");
  RunLog().warn("w");
  RunLog().error("e");
  CloseRunLog();
  std::vector<std::string> tails;
  for (const auto& line : Lines()) tails.push_back(line.substr(25));
  EXPECT_THAT(tails, ElementsAre("info header", "warning w", "error e"));
}

TEST_F(RunLogTest, AppendsAcrossRunsAndDiscardsOnceClosed) {
  ASSERT_TRUE(OpenRunLog(file_, spdlog::level::debug, "run 1"));
  RunLog().debug("one");
  CloseRunLog();
  RunLog().error("nowhere");  // closed: discarded
  ASSERT_TRUE(OpenRunLog(file_, spdlog::level::debug, "run 2"));
  RunLog().debug("two");
  CloseRunLog();
  std::vector<std::string> tails;
  for (const auto& line : Lines()) tails.push_back(line.substr(25));
  EXPECT_THAT(
      tails, ElementsAre("info run 1", "debug one", "info run 2", "debug two"));
}

TEST_F(RunLogTest, LevelOffWritesNoFile) {
  ASSERT_TRUE(OpenRunLog(file_, spdlog::level::off, "header"));
  RunLog().error("e");
  EXPECT_FALSE(std::filesystem::exists(file_));
}

TEST_F(RunLogTest, EveryMessageIsOneEscapedLine) {
  ASSERT_TRUE(OpenRunLog(file_, spdlog::level::info, "header"));
  // What a bot might send as a fault detail: a forged line, a terminal
  // escape, a byte that is not UTF-8.
  RunLog().warn("detail: {}",
                "x\n2026-01-01T00:00:00.000Z info forged\x1b[2J\xff");
  RunLog().info("{}", std::string(3 * kMaxLogLine, 'a'));
  CloseRunLog();
  const auto lines = Lines();
  ASSERT_THAT(lines, SizeIs(3));
  EXPECT_THAT(lines[1],
              HasSubstr("warning detail: x\\n2026-01-01T00:00:00.000Z info "
                        "forged\\x1b[2J\\xff"));
  EXPECT_THAT(lines[2], HasSubstr("... (12288 bytes)"));
  EXPECT_LT(lines[2].size(), kMaxLogLine + 100);
}

TEST_F(RunLogTest, AnUnwritableFileIsRefusedNamingIt) {
  if (::geteuid() == 0) {
    // Root writes anything: a directory in the way instead.
    std::filesystem::create_directory(file_);
  } else {
    ::chmod(dir_.c_str(), 0500);
  }
  auto opened = OpenRunLog(file_, spdlog::level::info, "header");
  ASSERT_FALSE(opened);
  EXPECT_THAT(opened.error(),
              HasSubstr(file_.string() + ": cannot write the run log: "));
  ::chmod(dir_.c_str(), 0700);
}

TEST_F(RunLogTest, NoteInExistingLogNeverCreatesTheFile) {
  NoteInExistingLog(file_, "refused");
  EXPECT_FALSE(std::filesystem::exists(file_));
  // The holder's log (another process's, here closed).
  ASSERT_TRUE(OpenRunLog(file_, spdlog::level::info, "header"));
  CloseRunLog();
  NoteInExistingLog(file_, "another run was refused:\nlock held");
  const auto lines = Lines();
  ASSERT_THAT(lines, SizeIs(2));
  EXPECT_THAT(lines[1],
              HasSubstr("warning another run was refused:\\nlock held"));
}

TEST(LogLevelTest, ParsesEveryNameAndRefusesOthers) {
  EXPECT_EQ(ParseLogLevel("trace"), spdlog::level::trace);
  EXPECT_EQ(ParseLogLevel("debug"), spdlog::level::debug);
  EXPECT_EQ(ParseLogLevel("info"), spdlog::level::info);
  EXPECT_EQ(ParseLogLevel("warn"), spdlog::level::warn);
  EXPECT_EQ(ParseLogLevel("error"), spdlog::level::err);
  EXPECT_EQ(ParseLogLevel("off"), spdlog::level::off);
  auto bad = ParseLogLevel("loud\n");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(),
            "must be one of trace, debug, info, warn, error, off, got "
            "'loud\\n'");
}

TEST(LogTextTest, CapsAtACharacterBoundaryAndEscapes) {
  EXPECT_EQ(LogText("ok"), "ok");
  EXPECT_EQ(LogText("a\tb"), "a\\tb");
  // "é" is two bytes: a cap inside it keeps it out whole.
  EXPECT_EQ(LogText("ab\xc3\xa9z", 3), "ab... (5 bytes)");
  EXPECT_EQ(LogText(std::string(1000, 'x')).size(),
            300 + std::string("... (1000 bytes)").size());
}

TEST(RunLogHeaderTest, NamesTheCommandAndThisProcess) {
  EXPECT_THAT(RunLogHeader("tournament"),
              MatchesRegex("arbiter tournament \\(version [0-9.]+\\): pid " +
                           std::to_string(::getpid()) +
                           " on host .+, in /.*: "
                           ".*run_log_test.*"));
}

}  // namespace
}  // namespace arbiter
