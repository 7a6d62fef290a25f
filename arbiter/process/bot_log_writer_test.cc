#include "arbiter/process/bot_log_writer.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/common/game_log_marker.h"

namespace arbiter {
namespace {

class BotLogWriterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/bot_log_writer_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // What a writer with `limit` makes of `pieces`: strings of the bot's,
  // marks (given as "@GAME") and lazy step marks ("~STEP").
  std::string Written(const std::vector<std::string>& pieces,
                      size_t limit = 1 << 20) {
    const std::string path = dir_ + "/bot.log";
    std::filesystem::remove(path);
    {
      BotLogWriter writer(::open(path.c_str(), O_WRONLY | O_CREAT, 0644),
                          limit);
      for (const auto& piece : pieces) {
        if (piece.starts_with('@')) {
          writer.Mark(GameLogMarker(piece.substr(1), 0));
        } else if (piece.starts_with('~')) {
          writer.MarkLazily(StepLogMarker(std::stoi(piece.substr(1))));
        } else {
          writer.Append(piece);
        }
      }
    }
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  std::string dir_;
};

TEST_F(BotLogWriterTest, KeepsTheBotsBytesAndPutsMarksBetweenLines) {
  EXPECT_EQ(Written({"@g1", "one\ntw", "o\n", "@g2", "three\n"}),
            "[arbiter] game g1 seat 0\none\ntwo\n"
            "[arbiter] game g2 seat 0\nthree\n");
  EXPECT_EQ(Written({"no newline at the end"}), "no newline at the end");
  EXPECT_EQ(Written({"[arb"}), "[arb");
}

TEST_F(BotLogWriterTest, AMarkEndsAnUnfinishedBotLine) {
  EXPECT_EQ(Written({"half a li", "@g2", "ne\n"}),
            "half a li\n[arbiter] game g2 seat 0\nne\n");
  // Still held (too short to tell what it starts like).
  EXPECT_EQ(Written({"[arb", "@g2", "iter] game g1 seat 0\n"}),
            "[arb\n[arbiter] game g2 seat 0\niter] game g1 seat 0\n");
}

// A step marker is written only when the bot prints after it, before
// what it prints; a later mark replaces it.
TEST_F(BotLogWriterTest, ALazyMarkWaitsForTheBotsNextOutput) {
  EXPECT_EQ(Written({"@g1", "~0", "~2", "thinking\n", "done\n", "~4", "~6",
                     "@g2", "~1", "x", "~3", "y\n"}),
            "[arbiter] game g1 seat 0\n[arbiter] step 2\nthinking\ndone\n"
            "[arbiter] game g2 seat 0\n[arbiter] step 1\nx\n"
            "[arbiter] step 3\ny\n");
  EXPECT_EQ(Written({"~0", ""}), "");
  // A bot's line that forges one is escaped.
  EXPECT_EQ(Written({"~1", "[arbiter] step 0\n"}),
            "[arbiter] step 1\n[bot] [arbiter] step 0\n");
}

TEST_F(BotLogWriterTest, ABotLineThatLooksLikeTheArbitersIsEscaped) {
  const std::string forged = "[arbiter] game g9 seat 1\n";
  // Whole, in pieces, after other lines, and byte by byte.
  EXPECT_EQ(Written({"@g1", forged, "mine\n"}),
            "[arbiter] game g1 seat 0\n[bot] " + forged + "mine\n");
  EXPECT_EQ(Written({"a\n[arb", "iter] game g9", " seat 1\nb\n"}),
            "a\n[bot] " + forged + "b\n");
  std::vector<std::string> bytes;
  for (char c : forged) bytes.emplace_back(1, c);
  EXPECT_EQ(Written(bytes), "[bot] " + forged);
  EXPECT_EQ(Written({"[arbiter: log truncated at 5 bytes]\n"}),
            "[bot] [arbiter: log truncated at 5 bytes]\n");
  // Not at a line's start, or not quite the prefix: as written.
  EXPECT_EQ(Written({"x[arbiter] game g9 seat 1\n[arbite\n"}),
            "x[arbiter] game g9 seat 1\n[arbite\n");
  // Every line of the file that parses as a marker is the arbiter's.
  const std::string text = Written({forged, "@g1", forged, forged});
  std::istringstream lines(text);
  int markers = 0;
  for (std::string line; std::getline(lines, line);) {
    if (auto mark = ParseGameLogMarker(line)) {
      EXPECT_EQ(mark->game_id, "g1") << text;
      ++markers;
    }
  }
  EXPECT_EQ(markers, 1) << text;
}

TEST_F(BotLogWriterTest, StopsAtTheLimitWithANote) {
  const std::string log =
      Written({"@g1", std::string(100, 'x') + "\n", "@g2", "more\n"}, 50);
  EXPECT_EQ(log, "[arbiter] game g1 seat 0\n" + std::string(25, 'x') +
                     "\n[arbiter: log truncated at 50 bytes]\n");
}

// A bot restarted after a crash writes on in the same file: the cap is the
// file's, not each process's, or a bot that crashes every game would fill
// the disk a cap at a time.
TEST_F(BotLogWriterTest, TheLimitHoldsForTheFileAcrossRestarts) {
  const std::string path = dir_ + "/restarted.log";
  for (int process = 0; process < 3; ++process) {
    BotLogWriter writer(
        ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644), 50);
    writer.Append(std::string(30, char('a' + process)) + "\n");
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), std::string(30, 'a') + "\n" + std::string(19, 'b') +
                            "\n[arbiter: log truncated at 50 bytes]\n");
}

TEST_F(BotLogWriterTest, NoFileDiscardsEverything) {
  BotLogWriter writer(-1, 100);
  writer.Append("lost\n");
  writer.Mark(GameLogMarker("g1", 0));
  EXPECT_EQ(writer.written(), 0u);
}

}  // namespace
}  // namespace arbiter
