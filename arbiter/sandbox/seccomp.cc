#include "arbiter/sandbox/seccomp.h"

#include <fcntl.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <mutex>

namespace arbiter::sandbox {
namespace {

struct FilterDeleter {
  void operator()(void* ctx) const { seccomp_release(ctx); }
};
using Filter = std::unique_ptr<void, FilterDeleter>;

std::expected<Filter, std::string> BuildFilter() {
  Filter f(seccomp_init(SCMP_ACT_ALLOW));
  if (!f) return std::unexpected("seccomp_init failed");
  if (seccomp_attr_set(f.get(), SCMP_FLTATR_ACT_BADARCH,
                       SCMP_ACT_KILL_PROCESS) != 0) {
    return std::unexpected(
        "seccomp: cannot set the foreign-architecture action");
  }
  std::string error;
  // Unknown names (an older kernel's headers) are skipped: the call does
  // not exist there.
  auto rule = [&](uint32_t action, const char* name,
                  std::initializer_list<scmp_arg_cmp> args = {}) {
    const int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR) return;
    const int rc = seccomp_rule_add_array(f.get(), action, nr,
                                          unsigned(args.size()), args.begin());
    if (rc != 0 && error.empty()) {
      error = std::string("seccomp rule for ") + name + ": " + strerror(-rc);
    }
  };
  const uint32_t deny = SCMP_ACT_ERRNO(EPERM);
  const uint32_t absent = SCMP_ACT_ERRNO(ENOSYS);
  const uint32_t pretend = SCMP_ACT_ERRNO(0);

  for (int family = 0; family < 64; ++family) {
    if (family == AF_UNIX || family == AF_NETLINK) continue;
    rule(deny, "socket", {SCMP_A0(SCMP_CMP_EQ, scmp_datum_t(family))});
  }
  for (const char* name : {"ptrace",
                           "process_vm_readv",
                           "process_vm_writev",
                           "kcmp",
                           "perf_event_open",
                           "bpf",
                           "userfaultfd",
                           "keyctl",
                           "add_key",
                           "request_key",
                           "fanotify_init",
                           "inotify_init",
                           "inotify_init1",
                           "unshare",
                           "setns",
                           "mount",
                           "umount2",
                           "pivot_root",
                           "chroot",
                           "move_mount",
                           "open_tree",
                           "fsopen",
                           "fsconfig",
                           "fsmount",
                           "fspick",
                           "mount_setattr",
                           "kexec_load",
                           "kexec_file_load",
                           "init_module",
                           "finit_module",
                           "delete_module",
                           "reboot",
                           "swapon",
                           "swapoff",
                           "acct",
                           "quotactl",
                           "syslog",
                           "lookup_dcookie",
                           "open_by_handle_at",
                           "iopl",
                           "ioperm",
                           "settimeofday",
                           "clock_settime",
                           "uselib",
                           "vhangup"}) {
    rule(deny, name);
  }
  for (const char* name :
       {"io_uring_setup", "io_uring_enter", "io_uring_register", "clone3"}) {
    rule(absent, name);
  }
  for (uint64_t flag :
       {uint64_t(CLONE_NEWUSER), uint64_t(CLONE_NEWNS), uint64_t(CLONE_NEWPID),
        uint64_t(CLONE_NEWNET), uint64_t(CLONE_NEWUTS), uint64_t(CLONE_NEWIPC),
        uint64_t(CLONE_NEWCGROUP)}) {
    rule(deny, "clone", {SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag)});
  }
  for (uint64_t cmd : {uint64_t(TIOCSTI), uint64_t(TIOCLINUX)}) {
    rule(deny, "ioctl", {SCMP_A1(SCMP_CMP_EQ, cmd)});
  }
  rule(pretend, "flock");
  for (uint64_t cmd : {uint64_t(F_SETLK), uint64_t(F_SETLKW),
                       uint64_t(F_OFD_SETLK), uint64_t(F_OFD_SETLKW)}) {
    rule(pretend, "fcntl", {SCMP_A1(SCMP_CMP_EQ, cmd)});
  }
  for (uint64_t cmd :
       {uint64_t(F_SETLEASE), uint64_t(F_GETLEASE), uint64_t(F_NOTIFY)}) {
    rule(deny, "fcntl", {SCMP_A1(SCMP_CMP_EQ, cmd)});
  }
  if (!error.empty()) return std::unexpected(error);
  return f;
}

}  // namespace

std::expected<std::string, std::string> SeccompProgram() {
  static std::once_flag once;
  static std::expected<std::string, std::string> program;
  std::call_once(once, [] {
    auto f = BuildFilter();
    if (!f) {
      program = std::unexpected(f.error());
      return;
    }
    const int fd = ::memfd_create("arbiter-seccomp", MFD_CLOEXEC);
    if (fd < 0) {
      program =
          std::unexpected(std::string("memfd_create: ") + strerror(errno));
      return;
    }
    if (int rc = seccomp_export_bpf(f->get(), fd); rc != 0) {
      ::close(fd);
      program =
          std::unexpected(std::string("seccomp_export_bpf: ") + strerror(-rc));
      return;
    }
    std::string bytes;
    char buf[4096];
    ssize_t n;
    while ((n = ::pread(fd, buf, sizeof buf, off_t(bytes.size()))) > 0) {
      bytes.append(buf, size_t(n));
    }
    ::close(fd);
    program = bytes;
  });
  return program;
}

std::expected<int, std::string> SeccompProgramFd() {
  auto program = SeccompProgram();
  if (!program) return std::unexpected(program.error());
  const int fd = ::memfd_create("arbiter-seccomp", MFD_CLOEXEC);
  if (fd < 0) {
    return std::unexpected(std::string("memfd_create: ") + strerror(errno));
  }
  if (::write(fd, program->data(), program->size()) !=
          ssize_t(program->size()) ||
      ::lseek(fd, 0, SEEK_SET) != 0) {
    const int e = errno;
    ::close(fd);
    return std::unexpected(std::string("writing the seccomp program: ") +
                           strerror(e));
  }
  return fd;
}

std::expected<void, std::string> InstallSeccompForTest() {
  auto f = BuildFilter();
  if (!f) return std::unexpected(f.error());
  if (int rc = seccomp_load(f->get()); rc != 0) {
    return std::unexpected(std::string("seccomp_load: ") + strerror(-rc));
  }
  return {};
}

}  // namespace arbiter::sandbox
