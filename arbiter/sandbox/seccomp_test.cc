#include "arbiter/sandbox/seccomp.h"

#include <errno.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/fs.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
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

constexpr uint64_t kHigh = uint64_t(1) << 32;

// Whether another process sees a lock on the first byte of `fd`'s file
// (asked from a child: a process is not told of its own POSIX locks).
bool LockedForOthers(int fd) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int other =
        ::open(("/proc/self/fd/" + std::to_string(fd)).c_str(), O_RDONLY);
    struct flock lk = {};
    lk.l_type = F_WRLCK;
    lk.l_len = 1;
    ::_exit(::fcntl(other, F_OFD_GETLK, &lk) == 0 && lk.l_type != F_UNLCK);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 1;
}

// The kernel reads commands, families and flags as 32 bits: high bits set
// by the caller pass no rule (the sandbox's e2e test tries every rule).
TEST(SeccompTest, HighBitsPassNoRule) {
  EXPECT_EQ(InFilteredChild([] {
              if (::syscall(SYS_socket, AF_INET | kHigh, SOCK_STREAM, 0) >= 0 ||
                  errno != EPERM)
                return 1;
              if (::syscall(SYS_socket, AF_VSOCK | kHigh, SOCK_STREAM, 0) >= 0)
                return 2;
              if (::syscall(SYS_socket, AF_UNIX | kHigh, SOCK_STREAM, 0) < 0)
                return 3;
              char path[] = "/tmp/seccomp_test_high.XXXXXX";
              const int fd = ::mkstemp(path);
              ::unlink(path);
              struct flock lk = {};
              lk.l_type = F_WRLCK;
              lk.l_len = 1;
              if (::syscall(SYS_fcntl, fd, F_SETLK | kHigh, &lk) != 0) return 4;
              if (::syscall(SYS_fcntl, fd, F_OFD_SETLK | kHigh, &lk) != 0)
                return 5;
              if (LockedForOthers(fd)) return 6;
              if (::syscall(SYS_fcntl, fd, F_SETLEASE | kHigh, F_RDLCK) >= 0 ||
                  errno != EPERM)
                return 7;
              if (::syscall(SYS_ioctl, 0, TIOCSTI | kHigh, "x") >= 0 ||
                  errno != EPERM)
                return 8;
              return 0;
            }),
            0);
}

TEST(SeccompTest, ChannelsNamespacesLeaveOpenAreRefused) {
  EXPECT_EQ(
      InFilteredChild([] {
        if (::syscall(SYS_inotify_init1, 0) >= 0 || errno != EPERM) return 1;
        if (::syscall(SYS_fanotify_init, 0, 0) >= 0 || errno != EPERM) return 2;
        if (::syscall(SYS_userfaultfd, 0) >= 0 || errno != EPERM) return 3;
        if (::syscall(SYS_perf_event_open, nullptr, 0, -1, -1, 0) >= 0 ||
            errno != EPERM)
          return 4;
        if (::syscall(SYS_add_key, "user", "k", "v", 1, -3) >= 0 ||
            errno != EPERM)
          return 5;
        if (::syscall(SYS_request_key, "user", "k", nullptr, 0) >= 0 ||
            errno != EPERM)
          return 6;
        if (::syscall(451 /* cachestat */, 0, nullptr, nullptr, 0) >= 0 ||
            errno != EPERM)
          return 7;
        const int fd = ::open("/proc/self/exe", O_RDONLY);
        char byte;
        struct iovec iov = {&byte, 1};
        if (::preadv2(fd, &iov, 1, 0, RWF_NOWAIT) >= 0 || errno != EOPNOTSUPP)
          return 8;
        if (::preadv2(fd, &iov, 1, 0, 0) != 1) return 9;
        if (::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) != 0) return 10;
        return 0;
      }),
      0);
}

#if defined(__x86_64__)
// int 0x80 (32-bit x86) and the x32 ABI's numbers kill the process.
TEST(SeccompTest, OtherAbisKill) {
  EXPECT_EQ(InFilteredChild([] {
              long ret = 20;  // getpid
              asm volatile("int $0x80"
                           : "+a"(ret)
                           :
                           : "memory", "r8", "r9", "r10", "r11");
              return 1;
            }),
            200 + SIGSYS);
  EXPECT_EQ(InFilteredChild([] {
              ::syscall(0x40000000 | SYS_getpid);
              return 1;
            }),
            200 + SIGSYS);
}
#endif

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
