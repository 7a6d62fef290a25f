// The system-call filter every sandboxed bot runs under (built with
// libseccomp, handed to bubblewrap as a BPF program on a descriptor).
//
// Everything is allowed except, with EPERM:
//   - sockets other than AF_UNIX and AF_NETLINK (no TCP/UDP/vsock, even to
//     the machine itself: the bot's only channel is its arbiter socket);
//   - ptrace and reading or writing other processes' memory
//     (process_vm_readv/writev), kcmp, perf_event_open, bpf, userfaultfd;
//   - channels that namespaces do not separate: keyrings (keyctl, add_key,
//     request_key), inotify/fanotify on shared files, leases and F_NOTIFY,
//     the page cache's state (cachestat; preadv2 with RWF_NOWAIT fails with
//     EOPNOTSUPP, as on a file system without it);
//   - new namespaces, mounts, setns, module and system administration;
// io_uring and clone3 look absent (ENOSYS: libcs fall back to clone, whose
// flags the filter can read, and io_uring's work is out of its sight);
// file locks (flock, fcntl F_SETLK, F_OFD_SETLK...) and
// posix_fadvise(POSIX_FADV_DONTNEED) succeed without doing anything, so
// that no sandbox can hold a lock or evict a shared page that another
// sees, while programs that lock their own files keep working; system
// calls of another architecture or ABI (32-bit x86, x32) kill the process.
//
// An argument the kernel reads as 32 bits (a command, a family, flags) is
// compared on its low 32 bits only: high bits set by the caller change
// nothing, whether the rule names the values it refuses or the only ones
// it allows.
#ifndef ARBITER_SANDBOX_SECCOMP_H_
#define ARBITER_SANDBOX_SECCOMP_H_

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

namespace arbiter::sandbox {

// One rule on a 32-bit argument of a system call.
struct ArgRule {
  enum class Match {
    kValue,    // the argument is one of `values`
    kAnyFlag,  // the argument has one of the bits in `values` set
    kNotIn,    // the argument is none of `values`
  };
  const char* syscall;
  unsigned arg;  // 0 to 5
  Match match;
  std::vector<uint32_t> values;
  int error;  // the errno the call fails with; 0: success, nothing done
};

// Every argument rule of the filter (the filter is built from them; tests
// try each with high bits set).
const std::vector<ArgRule>& SeccompArgRules();

// The BPF program, built once.
std::expected<std::string, std::string> SeccompProgram();

// A fresh descriptor (CLOEXEC, positioned at 0) holding the program, for
// one `bwrap --seccomp FD`; the caller closes it.
std::expected<int, std::string> SeccompProgramFd();

// Installs the filter in the calling process (tests).
std::expected<void, std::string> InstallSeccompForTest();

}  // namespace arbiter::sandbox

#endif  // ARBITER_SANDBOX_SECCOMP_H_
