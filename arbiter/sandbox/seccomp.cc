#include "arbiter/sandbox/seccomp.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>

namespace arbiter::sandbox {
namespace {

struct FilterDeleter {
  void operator()(void* ctx) const { seccomp_release(ctx); }
};
using Filter = std::unique_ptr<void, FilterDeleter>;

// What the kernel reads of a 32-bit argument.
constexpr scmp_datum_t kLow32 = 0xffffffff;

// The rules' comparisons, each on the low 32 bits of the argument (a rule
// list is a disjunction: any comparison that holds applies the action).
std::vector<scmp_arg_cmp> Comparisons(const ArgRule& r) {
  std::vector<scmp_arg_cmp> out;
  auto masked = [&](scmp_datum_t mask, scmp_datum_t value) {
    out.push_back(SCMP_CMP(r.arg, SCMP_CMP_MASKED_EQ, mask, value));
  };
  switch (r.match) {
    case ArgRule::Match::kValue:
      for (uint32_t v : r.values) masked(kLow32, v);
      break;
    case ArgRule::Match::kAnyFlag:
      for (uint32_t v : r.values) masked(v, v);
      break;
    case ArgRule::Match::kNotIn: {
      // Every low half but the values: those below the values' bit width
      // one by one, then every value with a higher bit set.
      const uint32_t max = *std::max_element(r.values.begin(), r.values.end());
      const int width = std::bit_width(max);
      for (uint32_t v = 0; v < (uint32_t(1) << width); ++v) {
        if (std::find(r.values.begin(), r.values.end(), v) == r.values.end()) {
          masked(kLow32, v);
        }
      }
      for (int bit = width; bit < 32; ++bit) masked(1u << bit, 1u << bit);
      break;
    }
  }
  return out;
}

std::expected<Filter, std::string> BuildFilter() {
  Filter f(seccomp_init(SCMP_ACT_ALLOW));
  if (!f) return std::unexpected("seccomp_init failed");
  // Another architecture (32-bit x86 through int 0x80) and, as libseccomp
  // adds for x86-64, the x32 ABI's numbers get this action.
  if (seccomp_attr_set(f.get(), SCMP_FLTATR_ACT_BADARCH,
                       SCMP_ACT_KILL_PROCESS) != 0) {
    return std::unexpected(
        "seccomp: cannot set the foreign-architecture action");
  }
  std::string error;
  // Unknown names (an older kernel's headers) are skipped: the call does
  // not exist there.
  auto rule = [&](uint32_t action, const char* name,
                  std::optional<scmp_arg_cmp> cmp = std::nullopt) {
    const int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR) return;
    const int rc = seccomp_rule_add_array(f.get(), action, nr, cmp ? 1 : 0,
                                          cmp ? &*cmp : nullptr);
    if (rc != 0 && error.empty()) {
      error = std::string("seccomp rule for ") + name + ": " + strerror(-rc);
    }
  };
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
                           "cachestat",
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
    rule(SCMP_ACT_ERRNO(EPERM), name);
  }
  for (const char* name :
       {"io_uring_setup", "io_uring_enter", "io_uring_register", "clone3"}) {
    rule(SCMP_ACT_ERRNO(ENOSYS), name);
  }
  rule(SCMP_ACT_ERRNO(0), "flock");
  for (const ArgRule& r : SeccompArgRules()) {
    for (const scmp_arg_cmp& cmp : Comparisons(r)) {
      rule(SCMP_ACT_ERRNO(uint32_t(r.error)), r.syscall, cmp);
    }
  }
  if (!error.empty()) return std::unexpected(error);
  return f;
}

}  // namespace

const std::vector<ArgRule>& SeccompArgRules() {
  using M = ArgRule::Match;
  static const std::vector<ArgRule> rules = {
      {"socket", 0, M::kNotIn, {AF_UNIX, AF_NETLINK}, EPERM},
      {"socketpair", 0, M::kNotIn, {AF_UNIX, AF_NETLINK}, EPERM},
      // clone3's flags are in memory the filter cannot read: it is absent.
      {"clone",
       0,
       M::kAnyFlag,
       {CLONE_NEWUSER, CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWUTS,
        CLONE_NEWIPC, CLONE_NEWCGROUP},
       EPERM},
      {"ioctl", 1, M::kValue, {TIOCSTI, TIOCLINUX}, EPERM},
      // F_GETLK and F_OFD_GETLK stay: no sandbox holds a lock to report.
      {"fcntl",
       1,
       M::kValue,
       {F_SETLK, F_SETLKW, F_OFD_SETLK, F_OFD_SETLKW},
       0},
      {"fcntl", 1, M::kValue, {F_SETLEASE, F_GETLEASE, F_NOTIFY}, EPERM},
      // Evicting a shared file's pages, and asking whether they are
      // cached, would signal through the page cache.
      {"fadvise64", 3, M::kValue, {POSIX_FADV_DONTNEED}, 0},
      {"preadv2", 5, M::kAnyFlag, {RWF_NOWAIT}, EOPNOTSUPP},
  };
  return rules;
}

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
