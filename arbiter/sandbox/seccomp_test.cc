#include "arbiter/sandbox/seccomp.h"

#include <errno.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

namespace arbiter::sandbox {
namespace {

// Runs `check` in a forked child under the filter; the child's exit status
// is the number of the first failed expectation (0: all held).
int InFilteredChild(int (*check)()) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!InstallSeccompForTest()) ::_exit(100);
    ::_exit(check());
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 200 + WTERMSIG(status);
}

TEST(SeccompTest, ProgramBuilds) {
  auto program = SeccompProgram();
  ASSERT_TRUE(program.has_value()) << program.error();
  EXPECT_GT(program->size(), 8u * 20);  // sock_filter instructions
  auto fd = SeccompProgramFd();
  ASSERT_TRUE(fd.has_value()) << fd.error();
  char buf[8];
  EXPECT_EQ(::read(*fd, buf, sizeof buf), ssize_t(sizeof buf));  // at 0
  ::close(*fd);
}

TEST(SeccompTest, NoInternetSocketsButUnixOnes) {
  EXPECT_EQ(InFilteredChild([] {
              if (::socket(AF_INET, SOCK_STREAM, 0) >= 0 || errno != EPERM)
                return 1;
              if (::socket(AF_INET6, SOCK_DGRAM, 0) >= 0) return 2;
              if (::socket(AF_VSOCK, SOCK_STREAM, 0) >= 0) return 3;
              if (::socket(AF_UNIX, SOCK_STREAM, 0) < 0) return 4;
              int sv[2];
              if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return 5;
              return 0;
            }),
            0);
}

TEST(SeccompTest, NoPtraceNoNamespacesNoIoUring) {
  EXPECT_EQ(
      InFilteredChild([] {
        if (::ptrace(PTRACE_ATTACH, ::getppid(), 0, 0) == 0 || errno != EPERM)
          return 1;
        if (::unshare(CLONE_NEWUSER) == 0) return 2;
        if (::syscall(SYS_clone3, nullptr, 0) >= 0 || errno != ENOSYS) return 3;
        if (::syscall(SYS_io_uring_setup, 1, nullptr) >= 0 || errno != ENOSYS)
          return 4;
        if (::syscall(SYS_keyctl, 0, 0, 0, 0, 0) >= 0 || errno != EPERM)
          return 5;
        return 0;
      }),
      0);
}

TEST(SeccompTest, LocksSucceedWithoutLocking) {
  EXPECT_EQ(InFilteredChild([] {
              const int fd = ::open("/proc/self/exe", O_RDONLY);
              if (fd < 0) return 1;
              struct flock lk = {};
              lk.l_type = F_RDLCK;
              if (::fcntl(fd, F_SETLK, &lk) != 0) return 3;
              if (::fcntl(fd, F_SETLEASE, F_RDLCK) == 0) return 4;
              return 0;
            }),
            0);
  // A filtered process "holds" an exclusive lock on a file; another process
  // still gets the lock at once: no lock was taken, so no two sandboxes
  // can signal each other through one.
  char path[] = "/tmp/seccomp_test_lock.XXXXXX";
  const int tmp = ::mkstemp(path);
  ASSERT_GE(tmp, 0);
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(ready[0]);
    if (!InstallSeccompForTest()) ::_exit(100);
    const char ok = ::flock(tmp, LOCK_EX) == 0 ? 'y' : 'n';
    [[maybe_unused]] auto w = ::write(ready[1], &ok, 1);
    ::pause();
    ::_exit(0);
  }
  ::close(ready[1]);
  char ok = 0;
  ASSERT_EQ(::read(ready[0], &ok, 1), 1);
  EXPECT_EQ(ok, 'y');
  const int other = ::open(path, O_RDONLY);
  EXPECT_EQ(::flock(other, LOCK_EX | LOCK_NB), 0) << strerror(errno);
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  ::close(other);
  ::close(tmp);
  ::close(ready[0]);
  ::unlink(path);
}

}  // namespace
}  // namespace arbiter::sandbox
