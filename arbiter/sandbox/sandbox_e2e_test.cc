// Real processes in real sandboxes: what a bot can and cannot do. Every
// hostile action here is bounded (small limits, short sleeps).
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "arbiter/process/affinity.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/sandbox/sandbox.h"
#include "arbiter/sandbox/seccomp.h"

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

  // Starts `script` in a sandbox and waits until its log says "ready".
  std::unique_ptr<BotProcess> StartReady(const std::string& script,
                                         const std::string& log) {
    auto jail =
        sandbox_->NewJail({.bot_name = "t", .socket_dir = dir_ + "/sock"});
    EXPECT_TRUE(jail.has_value()) << jail.error();
    if (!jail) return nullptr;
    auto p = BotProcess::Spawn({.argv = {"/bin/sh", "-c", script},
                                .log_path = log,
                                .working_dir = dir_ + "/bot"},
                               std::move(*jail));
    EXPECT_TRUE(p.has_value()) << p.error();
    if (!p) return nullptr;
    for (int i = 0; i < 1000 && ReadFile(log) != "ready\n"; ++i) {
      ::usleep(10'000);
    }
    EXPECT_EQ(ReadFile(log), "ready\n");
    return std::move(*p);
  }

  // The probe (seccomp_probe.cc), copied where a sandbox sees it: the
  // bot's working directory, as "./seccomp_probe".
  void CopyProbe() {
    fs::copy_file(SECCOMP_PROBE_PATH, dir_ + "/bot/seccomp_probe",
                  fs::copy_options::overwrite_existing);
  }

  std::string dir_;
  std::unique_ptr<Sandbox> sandbox_;
};

// The probe run on the host, outside any sandbox: the controls (what the
// same calls do when nothing stands between two processes).
std::string ProbeOnHost(const std::string& args) {
  std::string out;
  FILE* p =
      ::popen((std::string(SECCOMP_PROBE_PATH) + " " + args).c_str(), "r");
  if (p == nullptr) return "popen failed";
  char buf[4096];
  while (size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  ::pclose(p);
  return out;
}

// A host probe that runs until SIGTERM; waits for its "ready".
pid_t StartOnHost(std::vector<std::string> args) {
  args.insert(args.begin(), SECCOMP_PROBE_PATH);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int out[2];
  if (::pipe(out) != 0) return -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  pid_t pid = -1;
  ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  char ready[6] = {};
  EXPECT_EQ(::read(out[0], ready, sizeof ready), 6);
  ::close(out[0]);
  return pid;
}

void StopOnHost(pid_t pid) {
  ::kill(pid, SIGTERM);
  ::waitpid(pid, nullptr, 0);
}

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

// Every rule on a 32-bit argument, tried from inside a sandbox with each
// value it names (and, for a rule that allows only some values, with the
// others): the call does what the rule says, and the same again with the
// high 32 bits set (the kernel reads the low ones only). A lock command
// that locks anything says "+locked".
TEST_F(SandboxE2eTest, ArgumentRulesReadOnlyTheLow32Bits) {
  CopyProbe();
  std::string args;
  std::map<std::string, std::string> expected;  // case -> first outcome
  for (const ArgRule& r : SeccompArgRules()) {
    auto add = [&](uint32_t value, std::string outcome) {
      const std::string c = std::string(r.syscall) + ":" +
                            std::to_string(r.arg) + ":" + std::to_string(value);
      args += " " + c;
      expected[c] = std::move(outcome);
    };
    const std::string refused = r.error ? strerrorname_np(r.error) : "ok";
    if (r.match != ArgRule::Match::kNotIn) {
      for (uint32_t v : r.values) add(v, refused);
      continue;
    }
    const int width = std::bit_width(std::ranges::max(r.values));
    for (uint32_t v = 0; v < (1u << width); ++v) {
      // Allowed values do what the kernel does with them: not refused.
      add(v, std::ranges::find(r.values, v) != r.values.end() ? "" : refused);
    }
    for (int bit = width; bit < 32; ++bit) add(1u << bit, refused);
    add(0xffffffff, refused);
  }
  const Ran r = Run("exec ./seccomp_probe args" + args);
  EXPECT_EQ(r.exit, "exit status 0") << r.log;
  std::istringstream lines(r.log);
  std::string line;
  size_t seen = 0;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string c, first, out;
    words >> c >> first;
    if (!expected.contains(c)) continue;
    ++seen;
    if (expected[c].empty()) {
      EXPECT_NE(first, "EPERM") << line;
    } else {
      EXPECT_EQ(first, expected[c]) << line;
    }
    int high_variants = 0;
    while (words >> out) {
      EXPECT_EQ(out, first) << "high bits change " << line;
      ++high_variants;
    }
    EXPECT_EQ(high_variants, 3) << line;
  }
  EXPECT_EQ(seen, expected.size()) << r.log;
}

// System calls of 32-bit x86 (int 0x80) and of the x32 ABI kill the bot:
// their numbers and argument sizes are not those the filter knows.
TEST_F(SandboxE2eTest, OtherAbisKill) {
#if !defined(__x86_64__)
  GTEST_SKIP() << "x86-64 only";
#endif
  CopyProbe();
  for (const char* abi : {"i386", "x32"}) {
    const Ran r = Run(std::string("exec ./seccomp_probe ") + abi);
    EXPECT_EQ(r.exit, "killed by signal 31 (SIGSYS)") << abi << ": " << r.log;
    EXPECT_EQ(r.log.find("survived"), std::string::npos) << r.log;
  }
}

// Two sandboxes at once, one holding every kind of lock on a file both
// read (with high bits in the commands too), an abstract socket, System V
// and POSIX message queues and a file in /dev/shm: the other sees none of
// them. The same two probes outside any sandbox see every one (the test
// can fail).
TEST_F(SandboxE2eTest, NoLockSocketQueueOrShmReachesAnotherSandbox) {
  CopyProbe();
  const std::string file = dir_ + "/bot/readme";
  const std::string tag = std::to_string(::getpid());
  const char* kChannels[] = {
      "posix-lock", "posix-lock-high-bits", "ofd-lock",   "ofd-lock-high-bits",
      "flock",      "abstract-socket",      "sysv-queue", "posix-queue",
      "dev-shm"};
  const pid_t host = StartOnHost({"serve", file, tag});
  const std::string control = ProbeOnHost("look " + file + " " + tag);
  StopOnHost(host);
  for (const char* c : kChannels) {
    EXPECT_NE(control.find(std::string(c) + " seen"), std::string::npos)
        << c << ": " << control;
  }
  auto serving = StartReady("exec ./seccomp_probe serve " + file + " " + tag,
                            dir_ + "/serve.log");
  ASSERT_NE(serving, nullptr);
  const Ran r = Run("exec ./seccomp_probe look " + file + " " + tag);
  serving->Stop();
  for (const char* c : kChannels) {
    EXPECT_NE(r.log.find(std::string(c) + " unseen"), std::string::npos)
        << c << ": " << r.log;
  }
}

// Reading a shared file through the sandbox's read-only view leaves its
// access time as it was (the kernel writes no access time through a
// read-only mount): no signal in it. The same read outside a sandbox
// sets it (relatime: the access time was older than a day).
TEST_F(SandboxE2eTest, ReadingASharedFileLeavesItsAccessTime) {
  const std::string path = dir_ + "/bot/readme";
  const timespec two_days_ago = {::time(nullptr) - 2 * 86400, 0};
  const timespec times[2] = {two_days_ago, {0, UTIME_OMIT}};
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
  auto atime = [&] {
    struct stat st;
    ::stat(path.c_str(), &st);
    return st.st_atim.tv_sec;
  };
  const Ran r = Run("cat readme");
  EXPECT_EQ(r.log, "hello\n");
  EXPECT_EQ(atime(), two_days_ago.tv_sec);
  struct statvfs host;
  ASSERT_EQ(::statvfs(path.c_str(), &host), 0);
  if (host.f_flag & ST_NOATIME) GTEST_SKIP() << "no access times here";
  EXPECT_EQ(ReadFile(path), "hello\n");
  EXPECT_GT(atime(), two_days_ago.tv_sec) << "outside a sandbox";
}

// Pages of `path` in the page cache (the caller owns the file, so mincore
// reports the cache, not only its own mappings).
size_t Resident(const std::string& path, size_t bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  void* m = ::mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  std::vector<unsigned char> pages(bytes / 4096);
  ::mincore(m, bytes, pages.data());
  ::munmap(m, bytes);
  return size_t(std::ranges::count_if(pages, [](auto p) { return p & 1; }));
}

// A sandbox cannot evict a shared file's pages (a signal another could
// read by timing its reads, or with preadv2(RWF_NOWAIT), which it is
// refused: ArgumentRulesReadOnlyTheLow32Bits): posix_fadvise's
// POSIX_FADV_DONTNEED succeeds and does nothing, and madvise's
// MADV_PAGEOUT leaves a file the bot cannot write alone (the kernel's
// rule). Outside a sandbox the same calls empty the cache.
TEST_F(SandboxE2eTest, SharedPagesCannotBeEvicted) {
  CopyProbe();
  const std::string path = dir_ + "/bot/pages";
  const size_t bytes = 256 * 4096;
  {
    std::ofstream(path) << std::string(bytes, 'p');
    const int fd = ::open(path.c_str(), O_RDONLY);
    ::fsync(fd);
    ::close(fd);
    ReadFile(path);
  }
  ASSERT_EQ(Resident(path, bytes), bytes / 4096);
  const Ran r = Run("exec ./seccomp_probe evict pages");
  EXPECT_EQ(r.log,
            "fadvise ok\nfadvise ok\nfadvise ok\nfadvise ok\npageout ok\n");
  EXPECT_EQ(Resident(path, bytes), bytes / 4096);
  ProbeOnHost("evict " + path);
  EXPECT_LT(Resident(path, bytes), bytes / 4096 / 2);
}

// Runtimes and libraries that lock files start and work in a sandbox,
// where locks succeed without locking: SQLite (its shell and Python's
// module), Python's fcntl, Java's FileChannel.lock, Node and Go start.
// A runtime this machine lacks is left out (and named).
TEST_F(SandboxE2eTest, RuntimesWorkWhenLocksLockNothing) {
  std::ofstream(dir_ + "/bot/Lock.java")
      << "import java.nio.channels.FileChannel;\n"
         "import java.nio.file.*;\n"
         "public class Lock { public static void main(String[] a) throws "
         "Exception {\n"
         "  try (var c = FileChannel.open(Path.of(\"/tmp/j\"), "
         "StandardOpenOption.CREATE, StandardOpenOption.WRITE);\n"
         "       var l = c.lock()) { System.out.println(\"java \" + "
         "l.isValid()); } } }\n";
  struct Runtime {
    std::string name, args, prints;
  };
  const Runtime runs[] = {
      {"sqlite3",
       " /tmp/s.db 'create table t(x); insert into t values(41+1); "
       "select x from t;' | sed 's/^/sqlite /'",
       "sqlite 42"},
      {"python3",
       " -c 'import fcntl, sqlite3\n"
       "f = open(\"/tmp/p\", \"w\"); fcntl.flock(f, fcntl.LOCK_EX); "
       "fcntl.lockf(f, fcntl.LOCK_EX)\n"
       "d = sqlite3.connect(\"/tmp/p.db\"); d.execute(\"pragma "
       "journal_mode=wal\"); d.execute(\"create table t(x)\")\n"
       "d.execute(\"insert into t values (42)\"); d.commit()\n"
       "print(\"python\", d.execute(\"select x from t\").fetchone()[0])'",
       "python 42"},
      {"java", " Lock.java", "java true"},
      {"node", " -e 'console.log(\"node\", 6 * 7)'", "node 42"},
      {"go", " version | cut -c1-10", "go version"}};
  std::string script;
  std::vector<std::string> want;
  for (const Runtime& run : runs) {
    std::string path;
    for (const char* dir : {"/usr/bin", "/usr/local/go/bin"}) {
      if (path.empty() && fs::exists(std::string(dir) + "/" + run.name)) {
        path = std::string(dir) + "/" + run.name;
      }
    }
    if (path.empty()) {
      std::cout << "no " << run.name << " on this machine: not tried\n";
      continue;
    }
    script += path + run.args + " 2>&1; ";
    want.push_back(run.prints);
  }
  const Ran r = Run(script);
  for (const auto& w : want) {
    EXPECT_NE(r.log.find(w + "\n"), std::string::npos) << w << ": " << r.log;
  }
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
