#include "arbiter/process/bot_process.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "arbiter/process/affinity.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class BotProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/bot_process_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Log() const { return dir_ + "/bot.log"; }

  std::unique_ptr<BotProcess> SpawnShell(const std::string& script,
                                         size_t limit = 1 << 20,
                                         std::string first_line = "") {
    SpawnOptions o;
    o.argv = {"sh", "-c", script};
    o.env = {{"ZETEMA_TOKEN", "secret-token"}};
    o.log_path = Log();
    o.log_limit_bytes = limit;
    o.log_first_line = std::move(first_line);
    auto p = BotProcess::Spawn(o);
    EXPECT_TRUE(p.has_value()) << p.error();
    return p ? std::move(*p) : nullptr;
  }

  // Whether `path` came to exist within 20 s (a process said it is ready).
  static bool AwaitFile(const std::string& path) {
    const auto deadline =
        std::chrono::steady_clock::now() + milliseconds(20000);
    while (!std::filesystem::exists(path)) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(milliseconds(5));
    }
    return true;
  }

  std::string dir_;
};

// A process is gone when it does not exist or is a zombie someone else must
// reap (init, in a test that is not a subreaper).
bool Gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return true;
  std::string text((std::istreambuf_iterator<char>(stat)), {});
  const auto close = text.rfind(')');
  return close != std::string::npos && text.substr(close + 2, 1) == "Z";
}

TEST(SplitCommandTest, SplitsWordsAndQuotes) {
  auto words = SplitCommand(R"(python3  "my bot.py" --x 'a b' c\ d)");
  ASSERT_TRUE(words.has_value()) << words.error();
  EXPECT_EQ(*words, (std::vector<std::string>{"python3", "my bot.py", "--x",
                                              "a b", "c d"}));
}

TEST(SplitCommandTest, RejectsEmptyAndUnterminated) {
  EXPECT_FALSE(SplitCommand("   ").has_value());
  auto bad = SplitCommand("bot 'oops");
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().find("unterminated"), std::string::npos);
}

TEST(JoinCommandTest, SplitCommandGivesTheWordsBack) {
  const std::vector<std::string> argv = {"my bot", "it's", "", "a\"b\\c $x",
                                         "--x=1"};
  auto words = SplitCommand(JoinCommand(argv));
  ASSERT_TRUE(words.has_value()) << words.error();
  EXPECT_EQ(*words, argv);
  EXPECT_EQ(JoinCommand({"a b"}), "'a b'");
}

TEST_F(BotProcessTest, MissingBinaryGivesClearError) {
  SpawnOptions o;
  o.argv = {"/nonexistent/dir/bot_binary", "--x"};
  auto p = BotProcess::Spawn(o);
  ASSERT_FALSE(p.has_value());
  EXPECT_NE(p.error().message.find("/nonexistent/dir/bot_binary"),
            std::string::npos)
      << p.error();
  o.argv = {"no_such_bot_binary_on_path"};
  p = BotProcess::Spawn(o);
  ASSERT_FALSE(p.has_value());
  EXPECT_NE(p.error().message.find("no_such_bot_binary_on_path"),
            std::string::npos);
  EXPECT_NE(p.error().message.find("PATH"), std::string::npos);
}

TEST_F(BotProcessTest, NonExecutableFileIsRefused) {
  const std::string file = dir_ + "/not_exec";
  std::ofstream(file) << "hello";
  SpawnOptions o;
  o.argv = {file};
  auto p = BotProcess::Spawn(o);
  ASSERT_FALSE(p.has_value());
  EXPECT_NE(p.error().message.find("not an executable"), std::string::npos);
}

TEST_F(BotProcessTest, ReportsExitStatusAndCapturesOutput) {
  auto p = SpawnShell("echo to-stderr >&2; echo to-stdout; exit 3");
  ASSERT_TRUE(p);
  ASSERT_TRUE(p->WaitExit(milliseconds(10000)));
  EXPECT_EQ(p->ExitDescription(), "exit status 3");
  p->Stop();
  const std::string log = ReadFile(Log());
  EXPECT_NE(log.find("to-stderr"), std::string::npos) << log;
  EXPECT_NE(log.find("to-stdout"), std::string::npos) << log;
  // Reaped by us: no zombie left.
  EXPECT_EQ(::waitpid(p->pid(), nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

TEST_F(BotProcessTest, RunsOnTheGivenCpuWithEverythingItStarts) {
  const std::vector<int> allowed = AllowedCpus();
  const int cpu = allowed.back();
  SpawnOptions o;
  o.argv = {"sh", "-c",
            "grep Cpus_allowed_list /proc/self/status; "
            "sh -c 'grep Cpus_allowed_list /proc/self/status'"};
  o.log_path = Log();
  o.cpu = cpu;
  auto p = BotProcess::Spawn(o);
  ASSERT_TRUE(p) << p.error();
  ASSERT_TRUE((*p)->WaitExit(milliseconds(10000)));
  (*p)->Stop();
  const std::string line = "Cpus_allowed_list:\t" + std::to_string(cpu) + "\n";
  EXPECT_EQ(ReadFile(Log()), line + line);
  // Without a CPU, wherever the arbiter may run.
  o.cpu = -1;
  o.log_path = dir_ + "/free.log";
  p = BotProcess::Spawn(o);
  ASSERT_TRUE(p) << p.error();
  ASSERT_TRUE((*p)->WaitExit(milliseconds(10000)));
  (*p)->Stop();
  if (allowed.size() > 1) EXPECT_NE(ReadFile(o.log_path), line + line);
}

TEST_F(BotProcessTest, EnvironmentCarriesTheTokenNotArgv) {
  auto p = SpawnShell("echo token=$ZETEMA_TOKEN >&2");
  ASSERT_TRUE(p);
  ASSERT_TRUE(p->WaitExit(milliseconds(10000)));
  p->Stop();
  EXPECT_NE(ReadFile(Log()).find("token=secret-token"), std::string::npos);
}

TEST_F(BotProcessTest, StopKillsTheWholeGroup) {
  // The shell, deaf to SIGTERM, starts a grandchild (deaf too) and prints
  // its pid.
  auto p = SpawnShell(
      "trap '' TERM; sleep 60 & echo child=$! >&2; "
      "while true; do sleep 1; done");
  ASSERT_TRUE(p);
  pid_t grandchild = 0;
  for (int i = 0; i < 200 && grandchild == 0; ++i) {
    const std::string log = ReadFile(Log());
    const auto at = log.find("child=");
    if (at != std::string::npos && log.find('\n', at) != std::string::npos) {
      grandchild = std::stoi(log.substr(at + 6));
    } else {
      ::usleep(20'000);
    }
  }
  ASSERT_GT(grandchild, 0);
  EXPECT_FALSE(p->Exited());
  // The shell ignores SIGTERM: Stop must escalate to SIGKILL.
  p->Stop(milliseconds(200));
  EXPECT_TRUE(p->Exited());
  EXPECT_NE(p->ExitDescription().find("signal 9"), std::string::npos)
      << p->ExitDescription();
  for (int i = 0; i < 100 && !Gone(grandchild); ++i) ::usleep(20'000);
  EXPECT_TRUE(Gone(grandchild));
  EXPECT_TRUE(Gone(p->pid()));
}

TEST_F(BotProcessTest, StopReapsWhatTheBotLeftBehind) {
  // As the arbiter does: orphans of the bot become this process's children.
  BecomeChildSubreaper();
  auto p = SpawnShell(
      "trap '' TERM; sleep 60 & echo child=$! >&2; "
      "while true; do sleep 1; done");
  ASSERT_TRUE(p);
  for (int i = 0; i < 200 && ReadFile(Log()).find('\n') == std::string::npos;
       ++i) {
    ::usleep(20'000);
  }
  ASSERT_NE(ReadFile(Log()).find("child="), std::string::npos);
  const pid_t group = p->pid();
  p->Stop(milliseconds(100));
  // No member of the bot's group is left, not even a zombie: kill(-pgid)
  // finds zombies too, and the orphaned `sleep`s were adopted by us.
  EXPECT_EQ(::kill(-group, 0), -1);
  EXPECT_EQ(errno, ESRCH);
  EXPECT_EQ(::waitpid(-group, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

TEST_F(BotProcessTest, RunsInTheGivenDirectoryWithTheGivenEnvironment) {
  const std::string sub = dir_ + "/sub dir";
  std::filesystem::create_directory(sub);
  {
    std::ofstream script(sub + "/bot.sh");
    script << "#!/bin/sh\necho cwd=$(pwd) v=$EXTRA_VAR >&2\n";
  }
  std::filesystem::permissions(sub + "/bot.sh",
                               std::filesystem::perms::owner_all);
  SpawnOptions o;
  o.argv = {"./bot.sh"};  // taken from the working directory
  o.env = {{"EXTRA_VAR", "a b=c"}};
  o.log_path = Log();
  o.working_dir = sub;
  auto p = BotProcess::Spawn(o);
  ASSERT_TRUE(p.has_value()) << p.error();
  ASSERT_TRUE((*p)->WaitExit(milliseconds(10000)));
  (*p)->Stop();
  EXPECT_EQ((*p)->ExitDescription(), "exit status 0");
  EXPECT_NE(ReadFile(Log()).find("cwd=" + sub + " v=a b=c"), std::string::npos)
      << ReadFile(Log());
}

TEST_F(BotProcessTest, MissingWorkingDirectoryIsNamed) {
  SpawnOptions o;
  o.argv = {"sh", "-c", "true"};
  o.working_dir = dir_ + "/nowhere";
  auto p = BotProcess::Spawn(o);
  ASSERT_FALSE(p.has_value());
  EXPECT_NE(p.error().message.find(dir_ + "/nowhere"), std::string::npos)
      << p.error();
}

TEST_F(BotProcessTest, LogIsSizeCapped) {
  auto p = SpawnShell(
      "i=0; while [ $i -lt 2000 ]; do echo line-$i >&2; "
      "i=$((i+1)); done",
      /*limit=*/1000);
  ASSERT_TRUE(p);
  ASSERT_TRUE(p->WaitExit(milliseconds(20000)));
  p->Stop();
  const std::string log = ReadFile(Log());
  EXPECT_LE(log.size(), 1100u);
  EXPECT_NE(log.find("truncated"), std::string::npos);
  EXPECT_NE(log.find("line-0"), std::string::npos);
}

// The marker comes after everything the bot wrote before MarkLog, ends
// the bot's unfinished line, and comes before what it writes after; a bot
// line that looks like a marker is escaped.
TEST_F(BotProcessTest, MarkLogPutsTheMarkerBetweenBeforeAndAfter) {
  auto p = SpawnShell("echo before; printf 'half' >&2; touch " + dir_ +
                      "/ready; "
                      "while [ ! -e " +
                      dir_ +
                      "/go ]; do sleep 0.01; done; "
                      "echo after; echo '[arbiter] game forged seat 0' >&2");
  ASSERT_TRUE(p);
  ASSERT_TRUE(AwaitFile(dir_ + "/ready"));
  p->MarkLog("[arbiter] game g1 seat 1\n");
  std::ofstream(dir_ + "/go").put('\n');
  ASSERT_TRUE(p->WaitExit(milliseconds(20000)));
  p->Stop();
  EXPECT_EQ(ReadFile(Log()),
            "before\nhalf\n[arbiter] game g1 seat 1\nafter\n"
            "[bot] [arbiter] game forged seat 0\n");
  p->MarkLog("[arbiter] game g2 seat 1\n");  // after the end: nothing
  EXPECT_EQ(ReadFile(Log()).find("g2"), std::string::npos);
}

// The first line comes before anything the process wrote; a lazy marker
// after what it wrote before, and only if it writes again.
TEST_F(BotProcessTest, FirstLineAndLazyMarkersKeepTheirPlace) {
  auto p = SpawnShell("echo before; touch " + dir_ +
                          "/ready; "
                          "while [ ! -e " +
                          dir_ + "/go ]; do sleep 0.01; done; echo after",
                      1 << 20, "[arbiter] start\n");
  ASSERT_TRUE(p);
  ASSERT_TRUE(AwaitFile(dir_ + "/ready"));
  p->MarkLogLazily("[arbiter] step 1\n");
  p->MarkLogLazily("[arbiter] step 3\n");
  std::ofstream(dir_ + "/go").put('\n');
  ASSERT_TRUE(p->WaitExit(milliseconds(20000)));
  p->MarkLogLazily("[arbiter] step 5\n");  // nothing follows it
  p->Stop();
  EXPECT_EQ(ReadFile(Log()),
            "[arbiter] start\nbefore\n[arbiter] step 3\nafter\n");
}

TEST_F(BotProcessTest, WaitTimesOutWhileRunning) {
  auto p = SpawnShell("sleep 30");
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->WaitExit(milliseconds(50)));
  EXPECT_EQ(p->ExitDescription(), "");
  p->Stop();
  EXPECT_TRUE(p->Exited());
}

}  // namespace
}  // namespace arbiter
