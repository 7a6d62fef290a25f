// Real processes in real sandboxes: what a bot can and cannot do. Every
// hostile action here is bounded (small limits, short sleeps).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "arbiter/process/affinity.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/sandbox/sandbox.h"

namespace arbiter::sandbox {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Ran {
  std::string exit;  // ExitDescription()
  std::string log;
  JailIdentity identity;
  std::optional<ResourceUsage> usage;
  std::vector<int> left;  // processes of the jail still alive after exit
};

class SandboxE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/sandbox_e2e_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
    ::chmod(dir_.c_str(), 0755);
    fs::create_directories(dir_ + "/bot");
    fs::create_directories(dir_ + "/bot/out");
    std::ofstream(dir_ + "/bot/out/games.jsonl") << "secret record\n";
    std::ofstream(dir_ + "/bot/readme") << "hello\n";
    fs::create_directories(dir_ + "/sock");
    auto s =
        Sandbox::Start({.mode = Mode::kReduced, .hidden = {dir_ + "/bot/out"}});
    if (!s) GTEST_SKIP() << "no sandbox on this machine: " << s.error();
    sandbox_ = std::move(*s);
  }
  void TearDown() override { fs::remove_all(dir_); }

  Ran Run(const std::string& script, Limits limits = {},
          std::vector<std::pair<std::string, std::string>> env = {}) {
    Ran ran;
    auto jail = sandbox_->NewJail(
        {.bot_name = "t", .limits = limits, .socket_dir = dir_ + "/sock"});
    EXPECT_TRUE(jail.has_value()) << jail.error();
    if (!jail) return ran;
    Jail* j = jail->get();
    SpawnOptions o{.argv = {"/bin/sh", "-c", script},
                   .env = std::move(env),
                   .log_path = dir_ + "/log",
                   .working_dir = dir_ + "/bot"};
    fs::remove(o.log_path);
    auto p = BotProcess::Spawn(o, std::move(*jail));
    EXPECT_TRUE(p.has_value()) << p.error();
    if (!p) return ran;
    ran.identity = j->identity();
    EXPECT_TRUE((*p)->WaitExit(std::chrono::seconds(60)));
    ran.usage = j->Usage();
    ran.left = j->Pids();
    ran.exit = (*p)->ExitDescription();
    p->reset();
    ran.log = ReadFile(dir_ + "/log");
    return ran;
  }

  std::string dir_;
  std::unique_ptr<Sandbox> sandbox_;
};

TEST_F(SandboxE2eTest, SeesOnlyItselfAndRunsAsItsOwnUser) {
  const Ran r =
      Run("ls /proc | grep -c '^[0-9]'; id -u; id -G; hostname; "
          "cat /proc/1/cmdline | tr '\\0' ' '; echo; ls /");
  EXPECT_EQ(r.exit, "exit status 0") << r.log;
  std::istringstream lines(r.log);
  std::string count, uid, groups, host;
  std::getline(lines, count);
  std::getline(lines, uid);
  std::getline(lines, groups);
  std::getline(lines, host);
  // bubblewrap's init, the shell and ls (and grep): nothing of the host.
  EXPECT_LE(std::stoi(count), 4) << r.log;
  EXPECT_EQ(host, "arbiter");
  if (sandbox_->privileged()) {
    EXPECT_EQ(uid, std::to_string(r.identity.uid)) << r.log;
    EXPECT_GE(r.identity.uid, kFirstId);
    EXPECT_EQ(groups, uid) << "no supplementary groups: " << r.log;
  }
  EXPECT_NE(r.identity.pid_namespace, 0u);
  EXPECT_EQ(r.log.find("/work"), std::string::npos) << r.log;
}

TEST_F(SandboxE2eTest, ReadOnlyViewPrivateTmpAndHiddenOutput) {
  const Ran r =
      Run("cat readme; echo x > here 2>/dev/null && echo WROTE-CWD; "
          "echo x > /usr/x 2>/dev/null && echo WROTE-USR; "
          "echo x > /tmp/mine && echo TMP-OK; ls -A out | wc -l; "
          "cat out/games.jsonl 2>/dev/null; "
          "dd if=/dev/zero of=/tmp/big bs=1M count=100 2>&1; "
          "echo after-dd; ls /run/arbiter >/dev/null && echo SOCKDIR");
  EXPECT_EQ(r.exit, "exit status 0") << r.log;
  EXPECT_NE(r.log.find("hello"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("WROTE"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("TMP-OK"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("secret record"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("\n0\n"), std::string::npos)
      << "out/ not empty: " << r.log;
  // /tmp is capped (64 MiB): the write fails, the bot goes on.
  EXPECT_NE(r.log.find("No space left"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("after-dd"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("SOCKDIR"), std::string::npos) << r.log;
  EXPECT_FALSE(fs::exists(dir_ + "/bot/here"));
}

TEST_F(SandboxE2eTest, TmpIsCapped) {
  Limits l;
  l.tmp_bytes = 8 << 20;
  const Ran r =
      Run("dd if=/dev/zero of=/tmp/big bs=1M count=64 2>&1; "
          "du -sk /tmp | cut -f1",
          l);
  EXPECT_NE(r.log.find("No space left"), std::string::npos) << r.log;
  std::istringstream lines(r.log);
  std::string last, line;
  while (std::getline(lines, line)) last = line;
  EXPECT_LE(std::stoi(last), 8 * 1024 + 64) << r.log;
}

TEST_F(SandboxE2eTest, NoNetworkNotEvenToThisMachine) {
  // A listener on the host's loopback that the bot must not reach.
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{.sin_family = AF_INET, .sin_port = 0, .sin_addr = {}};
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr),
            0);
  ASSERT_EQ(::listen(listener, 4), 0);
  socklen_t len = sizeof addr;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  const std::string port = std::to_string(ntohs(addr.sin_port));
  const Ran r = Run("bash -c 'exec 3<>/dev/tcp/127.0.0.1/" + port +
                    "' 2>&1 && echo CONNECTED; ls /sys/class/net 2>&1; "
                    "cat /proc/net/dev | tail -n +3 | cut -d: -f1");
  ::close(listener);
  EXPECT_EQ(r.log.find("CONNECTED"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("Operation not permitted"), std::string::npos) << r.log;
  // Only the loopback of its own network namespace.
  EXPECT_NE(r.log.find("lo"), std::string::npos) << r.log;
  EXPECT_EQ(r.log.find("eth"), std::string::npos) << r.log;
}

TEST_F(SandboxE2eTest, EnvironmentIsPrivateAndMinimal) {
  ::setenv("ORGANISER_SECRET", "s3cr3t", 1);
  ::setenv("ZETEMA_FOR_BOTS", "shared", 1);
  const Ran r = Run("env", {}, {{"ZETEMA_TOKEN", "tok"}});
  ::unsetenv("ORGANISER_SECRET");
  ::unsetenv("ZETEMA_FOR_BOTS");
  EXPECT_EQ(r.log.find("s3cr3t"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("ZETEMA_FOR_BOTS=shared"), std::string::npos);
  EXPECT_NE(r.log.find("ZETEMA_TOKEN=tok"), std::string::npos);
  EXPECT_NE(r.log.find("HOME=/tmp"), std::string::npos);
}

TEST_F(SandboxE2eTest, NothingOutlivesTheBot) {
  // Daemons in sessions of their own, double forked; the bot then exits.
  const Ran r =
      Run("setsid sh -c 'sleep 300 & sleep 300' & "
          "(setsid sleep 300 &) ; sleep 0.2; echo started");
  EXPECT_NE(r.log.find("started"), std::string::npos) << r.log;
  EXPECT_EQ(r.exit, "exit status 0");
  EXPECT_TRUE(r.left.empty()) << r.left.size() << " processes left";
}

TEST_F(SandboxE2eTest, SignalDeathIsReportedAsTheBots) {
  const Ran r = Run("kill -SEGV $$");
  EXPECT_EQ(r.exit, "killed by signal 11 (SIGSEGV)");
}

TEST_F(SandboxE2eTest, MemoryLimitKillsAndIsCounted) {
  if (!sandbox_->cgroups().memory) GTEST_SKIP() << "no memory controller";
  Limits l;
  l.memory_bytes = 64 << 20;
  // Up to 1 GiB, 8 MiB at a time (bounded by the limit).
  const Ran r =
      Run("python3 -c 'b=[]\nfor i in range(128): b.append(bytes(8<<20)); "
          "b[-1]=b\"x\"*(8<<20)' ; echo exit $?",
          l);
  ASSERT_TRUE(r.usage.has_value());
  EXPECT_GE(r.usage->oom_kills, 1u) << r.log;
}

TEST_F(SandboxE2eTest, ProcessLimitRefusesForks) {
  if (!sandbox_->cgroups().pids) GTEST_SKIP() << "no pids controller";
  Limits l;
  l.processes = 16;
  const Ran r =
      Run("n=0; for i in $(seq 40); do (sleep 5 &) 2>/dev/null || n=$((n+1)); "
          "done; echo refused $n",
          l);
  ASSERT_TRUE(r.usage.has_value());
  EXPECT_GT(r.usage->pids_refused, 0u) << r.log;
  EXPECT_TRUE(r.left.empty());
}

// A reused bot moved to another CPU takes everything in its jail along:
// bubblewrap, the bot and what it started.
TEST_F(SandboxE2eTest, MovingABotMovesEverythingInItsJail) {
  const std::vector<int> allowed = AllowedCpus();
  if (allowed.size() < 2) GTEST_SKIP() << "needs two CPUs";
  auto jail =
      sandbox_->NewJail({.bot_name = "t", .socket_dir = dir_ + "/sock"});
  ASSERT_TRUE(jail.has_value()) << jail.error();
  Jail* j = jail->get();
  // Once it says "ready", every process it will have exists (the last
  // command replaces the shell).
  auto p = BotProcess::Spawn(
      {.argv = {"/bin/sh", "-c", "sleep 30 & echo ready; exec sleep 30"},
       .log_path = dir_ + "/log",
       .cpu = allowed[0]},
      std::move(*jail));
  ASSERT_TRUE(p.has_value()) << p.error();
  auto cpus_of = [](int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line)) {
      if (line.starts_with("Cpus_allowed_list:")) return line.substr(19);
    }
    return std::string("gone");
  };
  for (int i = 0; i < 500 && ReadFile(dir_ + "/log") != "ready\n"; ++i) {
    ::usleep(10'000);
  }
  ASSERT_EQ(ReadFile(dir_ + "/log"), "ready\n");
  // bubblewrap (two, with its pid namespace's init) and the two sleeps.
  ASSERT_GE(j->Pids().size(), 4u);
  for (int pid : j->Pids()) EXPECT_EQ(cpus_of(pid), std::to_string(allowed[0]));
  (*p)->MoveTo(allowed[1]);
  for (int pid : j->Pids()) EXPECT_EQ(cpus_of(pid), std::to_string(allowed[1]));
  (*p)->Stop();
}

TEST_F(SandboxE2eTest, WritableDirectoryIsSharedByItsGroup) {
  fs::create_directories(dir_ + "/data");
  std::ofstream(dir_ + "/data/old") << "kept\n";
  Limits l;
  l.writable = {dir_ + "/data"};
  const Ran a = Run("cat " + dir_ + "/data/old && echo new > " + dir_ +
                        "/data/new && echo OK",
                    l);
  EXPECT_NE(a.log.find("kept"), std::string::npos) << a.log;
  EXPECT_NE(a.log.find("OK"), std::string::npos) << a.log;
  // Another process (another user id when root) may change it.
  const Ran b = Run("echo more >> " + dir_ + "/data/new && echo OK2", l);
  EXPECT_NE(b.log.find("OK2"), std::string::npos) << b.log;
  EXPECT_EQ(ReadFile(dir_ + "/data/new"), "new\nmore\n");
}

TEST_F(SandboxE2eTest, SetupFailureIsTheHarnesss) {
  auto jail = sandbox_->NewJail(
      {.bot_name = "t", .socket_dir = dir_ + "/no-such-socket-dir"});
  ASSERT_TRUE(jail.has_value()) << jail.error();
  SpawnOptions o{.argv = {"/bin/true"}, .log_path = dir_ + "/log"};
  auto p = BotProcess::Spawn(o, std::move(*jail));
  ASSERT_FALSE(p.has_value());
  EXPECT_TRUE(p.error().harness) << p.error();
  EXPECT_NE(p.error().message.find("sandbox"), std::string::npos) << p.error();
}

TEST(SandboxModeTest, NoneModeMakesNoJailAndSaysWhatItGivesUp) {
  auto s = Sandbox::Start({.mode = Mode::kNone});
  ASSERT_TRUE(s.has_value());
  auto jail = (*s)->NewJail({.bot_name = "x"});
  ASSERT_TRUE(jail.has_value());
  EXPECT_EQ(jail->get(), nullptr);
  ASSERT_EQ((*s)->missing().size(), 1u);
  EXPECT_NE((*s)->missing()[0].find("no sandbox"), std::string::npos);
}

TEST(SandboxModeTest, FullModeStartsOrNamesEachMissingGuarantee) {
  auto s = Sandbox::Start({.mode = Mode::kFull});
  if (s) {
    EXPECT_TRUE((*s)->missing().empty()) << (*s)->Describe();
  } else {
    EXPECT_NE(s.error().find("--sandbox"), std::string::npos) << s.error();
  }
}

}  // namespace
}  // namespace arbiter::sandbox
