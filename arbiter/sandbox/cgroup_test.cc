#include "arbiter/sandbox/cgroup.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <thread>

namespace arbiter::sandbox {
namespace {

using std::chrono::milliseconds;

TEST(CgroupParseTest, KeyedValuesAndRunGroupNames) {
  EXPECT_EQ(KeyedValue("low 0\nhigh 3\nmax 12\noom 1\noom_kill 2\n", "max"),
            12u);
  EXPECT_EQ(
      KeyedValue("oom_kill_disable 0\nunder_oom 0\noom_kill 5\n", "oom_kill"),
      5u);
  EXPECT_EQ(KeyedValue("usage_usec 1234\nuser_usec 1000\n", "usage_usec"),
            1234u);
  EXPECT_EQ(KeyedValue("max 1\n", "absent"), 0u);
  int pid = 0;
  uint64_t start = 0;
  EXPECT_TRUE(ParseRunGroupName("arbiter-123-456789-0", &pid, &start));
  EXPECT_EQ(pid, 123);
  EXPECT_EQ(start, 456789u);
  // The name older versions used.
  EXPECT_TRUE(ParseRunGroupName("zetema-77-88-1", &pid, &start));
  EXPECT_EQ(pid, 77);
  EXPECT_EQ(start, 88u);
  EXPECT_FALSE(ParseRunGroupName("arbiter-123", &pid, &start));
  EXPECT_FALSE(ParseRunGroupName("arbiter-a-1-0", &pid, &start));
  EXPECT_FALSE(ParseRunGroupName("arbiter-", &pid, &start));
  EXPECT_FALSE(ParseRunGroupName("other-1-2-3", &pid, &start));
  EXPECT_GT(ProcessStartTime(::getpid()), 0u);
}

class CgroupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::geteuid() != 0) GTEST_SKIP() << "needs root to make cgroups";
    auto tree = CgroupTree::Create();
    if (!tree) GTEST_SKIP() << tree.error();
    tree_ = std::move(*tree);
  }

  // Forks a child that joins `group` and runs `body`; returns its pid.
  pid_t Child(const Cgroup& group, void (*body)()) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      if (group.JoinInChild() != 0) ::_exit(100);
      body();
      ::_exit(0);
    }
    return pid;
  }

  std::unique_ptr<CgroupTree> tree_;
};

TEST_F(CgroupTest, RunGroupsOfDeadArbitersAreRemoved) {
  // A run group of an arbiter that cannot exist (pid above any pid_max).
  const auto& h = tree_->hierarchies().front();
  const std::string base =
      std::filesystem::path(h.run_dir).parent_path().string();
  const std::string stale = base + "/arbiter-4194304-7-0";
  ASSERT_EQ(::mkdir(stale.c_str(), 0755), 0) << strerror(errno);
  ASSERT_EQ(::mkdir((stale + "/bot-1").c_str(), 0755), 0);
  auto other = CgroupTree::Create();
  ASSERT_TRUE(other.has_value()) << other.error();
  EXPECT_FALSE(std::filesystem::exists(stale));
  // Ours (a live arbiter's) stays.
  EXPECT_TRUE(std::filesystem::exists(h.run_dir));
}

TEST_F(CgroupTest, KillAllTakesSetsidEscapees) {
  if (!tree_->support().kill) GTEST_SKIP() << "no cgroup.kill or freezer";
  auto group = tree_->NewGroup({});
  ASSERT_TRUE(group.has_value()) << group.error();
  const pid_t pid = Child(**group, [] {
    // A double-forked daemon in a session of its own, then the parent
    // leaves: what a process-group kill would miss.
    if (::fork() == 0) {
      ::setsid();
      if (::fork() == 0) {
        ::sleep(60);
        ::_exit(0);
      }
      ::_exit(0);
    }
    ::sleep(60);
  });
  // The middle process is briefly a third: wait for the two that stay.
  for (int i = 0; i < 500 && (*group)->Pids().size() != 2; ++i) {
    std::this_thread::sleep_for(milliseconds(2));
  }
  ASSERT_EQ((*group)->Pids().size(), 2u);
  EXPECT_TRUE((*group)->KillAll(std::chrono::seconds(5)));
  EXPECT_TRUE((*group)->Empty());
  int status;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFSIGNALED(status));
}

TEST_F(CgroupTest, ProcessLimitRefusesForksAndCountsThem) {
  if (!tree_->support().pids) GTEST_SKIP() << "no pids controller";
  auto group = tree_->NewGroup({.pids = 8});
  ASSERT_TRUE(group.has_value()) << group.error();
  const pid_t pid = Child(**group, [] {
    int refused = 0;
    for (int i = 0; i < 30; ++i) {
      const pid_t c = ::fork();
      if (c == 0) {
        ::sleep(60);
        ::_exit(0);
      }
      if (c < 0) ++refused;
    }
    ::_exit(refused > 0 ? 0 : 1);
  });
  int status;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_GT((*group)->Usage().pids_refused, 0u);
  EXPECT_LE((*group)->Pids().size(), 8u);
  EXPECT_TRUE((*group)->KillAll());
}

TEST_F(CgroupTest, MemoryLimitKillsAndIsCounted) {
  if (!tree_->support().memory) GTEST_SKIP() << "no memory controller";
  auto group = tree_->NewGroup({.memory_bytes = 32 << 20});
  ASSERT_TRUE(group.has_value()) << group.error();
  EXPECT_EQ((*group)->Usage().oom_kills, 0u);
  const pid_t pid = Child(**group, [] {
    // Up to 256 MiB, touched page by page; the limit stops it at 32.
    for (int i = 0; i < 256; ++i) {
      char* p =
          static_cast<char*>(::mmap(nullptr, 1 << 20, PROT_READ | PROT_WRITE,
                                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
      if (p == MAP_FAILED) ::_exit(2);
      std::memset(p, 1, 1 << 20);
    }
    ::_exit(3);
  });
  int status;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status)) << "exit " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), SIGKILL);
  EXPECT_GE((*group)->Usage().oom_kills, 1u);
}

// The counters are read only when the kernel signals a change (v1's OOM
// eventfd, v2's POLLPRI): a limit reached is still seen by the first
// reading after it, while the bot runs on.
TEST_F(CgroupTest, LimitsReachedAreSeenAtOnce) {
  const auto& support = tree_->support();
  if (!support.memory || !support.pids) GTEST_SKIP() << "no memory or pids";
  auto group = tree_->NewGroup({.memory_bytes = 32 << 20, .pids = 8});
  ASSERT_TRUE(group.has_value()) << group.error();
  int done[2];
  ASSERT_EQ(::pipe(done), 0);
  static int done_fd;
  done_fd = done[1];
  const pid_t pid = Child(**group, [] {
    ::usleep(300'000);  // past any time the counters are read regardless
    // A child killed at the memory limit, then forks refused.
    if (const pid_t hog = ::fork(); hog == 0) {
      for (int i = 0; i < 256; ++i) {
        void* p = ::mmap(nullptr, 1 << 20, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) ::_exit(2);
        std::memset(p, 1, 1 << 20);
      }
      ::_exit(3);
    } else {
      ::waitpid(hog, nullptr, 0);
    }
    for (int i = 0; i < 30; ++i) {
      if (::fork() == 0) {
        ::sleep(60);
        ::_exit(0);
      }
    }
    [[maybe_unused]] const ssize_t n = ::write(done_fd, "x", 1);
    ::sleep(60);
  });
  ::close(done[1]);
  // Read as a game does, until the child says it is done.
  pollfd p{.fd = done[0], .events = POLLIN};
  int readings = 0;
  while (::poll(&p, 1, 2) == 0 && readings < 10000) {
    (*group)->Usage();
    ++readings;
  }
  const CgroupUsage u = (*group)->Usage();
  EXPECT_GE(u.oom_kills, 1u);
  EXPECT_GT(u.pids_refused, 0u);
  EXPECT_GT(readings, 10);
  ::close(done[0]);
  EXPECT_TRUE((*group)->KillAll());
  ::waitpid(pid, nullptr, 0);
}

TEST_F(CgroupTest, CpuTimeIsCounted) {
  if (!tree_->support().cpu_time) GTEST_SKIP() << "no CPU accounting";
  auto group = tree_->NewGroup({});
  ASSERT_TRUE(group.has_value()) << group.error();
  const pid_t pid = Child(**group, [] {
    // 50 ms of CPU by the child's own clock, however busy the machine.
    volatile uint64_t x = 0;
    timespec t{};
    while (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 &&
           t.tv_nsec < 50'000'000 && t.tv_sec == 0) {
      x = x + 1;
    }
  });
  ASSERT_EQ(::waitpid(pid, nullptr, 0), pid);
  EXPECT_GE((*group)->Usage().cpu_us, 45'000u);
  EXPECT_LT((*group)->Usage().cpu_us, 5'000'000u);
}

}  // namespace
}  // namespace arbiter::sandbox
