#include "arbiter/records/run_lock.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

namespace arbiter::records {
namespace {

using ::testing::HasSubstr;

class RunLockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("run_lock_test." + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // A child process that takes the lock, writes a byte to a pipe and waits
  // to be killed. Returns its pid once it holds the lock.
  pid_t HoldInChild(const std::filesystem::path& records) {
    int ready[2];
    EXPECT_EQ(::pipe(ready), 0);
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::close(ready[0]);
      auto lock = RunLock::Acquire(records);
      if (!lock) ::_exit(1);
      (void)!::write(ready[1], "x", 1);
      ::pause();
      ::_exit(0);
    }
    ::close(ready[1]);
    char byte = 0;
    EXPECT_EQ(::read(ready[0], &byte, 1), 1) << "the child could not lock";
    ::close(ready[0]);
    return pid;
  }

  void Kill(pid_t pid, int sig) {
    ::kill(pid, sig);
    int status = 0;
    ::waitpid(pid, &status, 0);
  }

  std::filesystem::path dir_;
};

TEST_F(RunLockTest, ASecondHolderIsRefusedNamingTheFirst) {
  const auto records = dir_ / "games.jsonl";
  const pid_t holder = HoldInChild(records);
  auto second = RunLock::Acquire(records);
  ASSERT_FALSE(second.has_value());
  EXPECT_EQ(second.error().kind, LockError::Kind::kBusy);
  EXPECT_THAT(second.error().message, HasSubstr("in use by another run: pid " +
                                                std::to_string(holder)));
  EXPECT_THAT(second.error().message, HasSubstr("on host "));
  EXPECT_THAT(second.error().message, HasSubstr(records.string()));
  Kill(holder, SIGTERM);
}

TEST_F(RunLockTest, TheHoldersFileIsReadCappedAndWithoutControlCharacters) {
  const auto records = dir_ / "games.jsonl";
  const pid_t holder = HoldInChild(records);
  std::ofstream(RunLock::InfoPath(records))
      << "pid=1\x1b[2J\nhost=evil\ncommand=" << std::string(10000, 'x');
  auto second = RunLock::Acquire(records);
  Kill(holder, SIGTERM);
  ASSERT_FALSE(second.has_value());
  EXPECT_THAT(second.error().message, HasSubstr("pid 1?[2J on host evil ("));
  EXPECT_LT(second.error().message.size(), 4500u);
}

TEST_F(RunLockTest, TheSameProcessCannotLockTwice) {
  // Open file description locks conflict within one process too: two
  // writers in one process are refused like two processes.
  const auto records = dir_ / "games.jsonl";
  auto first = RunLock::Acquire(records);
  ASSERT_TRUE(first.has_value()) << first.error().message;
  auto second = RunLock::Acquire(records);
  ASSERT_FALSE(second.has_value());
  EXPECT_THAT(second.error().message,
              HasSubstr("pid " + std::to_string(::getpid())));
}

TEST_F(RunLockTest, AKilledHolderDoesNotBlockTheNext) {
  const auto records = dir_ / "games.jsonl";
  const pid_t holder = HoldInChild(records);
  Kill(holder, SIGKILL);
  // Its side file stays, stale: the kernel lock is what counts.
  ASSERT_TRUE(std::filesystem::exists(RunLock::InfoPath(records)));
  auto next = RunLock::Acquire(records);
  ASSERT_TRUE(next.has_value()) << next.error().message;
  std::ifstream info(RunLock::InfoPath(records));
  std::string first_line;
  std::getline(info, first_line);
  EXPECT_EQ(first_line, "pid=" + std::to_string(::getpid()));
}

TEST_F(RunLockTest, ReleaseRemovesTheSideFileAndFreesTheLock) {
  const auto records = dir_ / "games.jsonl";
  {
    auto lock = RunLock::Acquire(records);
    ASSERT_TRUE(lock.has_value()) << lock.error().message;
    EXPECT_TRUE(std::filesystem::exists(records));  // created empty
    EXPECT_TRUE(std::filesystem::exists(RunLock::InfoPath(records)));
  }
  EXPECT_FALSE(std::filesystem::exists(RunLock::InfoPath(records)));
  EXPECT_TRUE(RunLock::Acquire(records).has_value());
}

TEST_F(RunLockTest, WaitTakesTheLockWhenTheHolderEnds) {
  const auto records = dir_ / "games.jsonl";
  const pid_t holder = HoldInChild(records);
  std::string waited;
  std::thread ender([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    Kill(holder, SIGTERM);
  });
  auto lock = RunLock::Acquire(
      records, {.wait = true,
                .poll = std::chrono::milliseconds(20),
                .on_wait = [&](const std::string& m) { waited = m; }});
  ender.join();
  ASSERT_TRUE(lock.has_value()) << lock.error().message;
  EXPECT_THAT(waited, HasSubstr("pid " + std::to_string(holder)));
}

TEST_F(RunLockTest, AFileRenamedOverTheLockedOneIsLockedAfresh) {
  // A repair replaces the records file by rename: a run that opened the old
  // file must lock the new one, not the old one (now a backup).
  const auto records = dir_ / "games.jsonl";
  auto lock = RunLock::Acquire(records);
  ASSERT_TRUE(lock.has_value());
  std::ofstream(dir_ / "new.jsonl") << "{}\n";
  std::filesystem::rename(dir_ / "new.jsonl", records);
  auto second = RunLock::Acquire(records);
  EXPECT_TRUE(second.has_value());
}

TEST_F(RunLockTest, AFileThatCannotBeOpenedIsAnErrorNotBusy) {
  auto lock = RunLock::Acquire(dir_ / "missing-dir" / "games.jsonl");
  ASSERT_FALSE(lock.has_value());
  EXPECT_EQ(lock.error().kind, LockError::Kind::kOpen);
  EXPECT_THAT(lock.error().message,
              HasSubstr("games.jsonl: cannot open: No such file"));
}

}  // namespace
}  // namespace arbiter::records
