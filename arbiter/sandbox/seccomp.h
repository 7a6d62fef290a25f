// The system-call filter every sandboxed bot runs under (built with
// libseccomp, handed to bubblewrap as a BPF program on a descriptor).
//
// Everything is allowed except, with EPERM:
//   - sockets other than AF_UNIX and AF_NETLINK (no TCP/UDP/vsock, even to
//     the machine itself: the bot's only channel is its arbiter socket);
//   - ptrace and reading or writing other processes' memory
//     (process_vm_readv/writev), kcmp, perf_event_open, bpf, userfaultfd;
//   - channels that namespaces do not separate: keyrings (keyctl, add_key,
//     request_key), io_uring, inotify/fanotify on shared files, leases and
//     F_NOTIFY;
//   - new namespaces, mounts, setns, clone3 (ENOSYS, so that libcs fall
//     back to clone, whose flags the filter can see), module and system
//     administration calls;
// file locks (flock, fcntl F_SETLK...) succeed without locking anything,
// so that no two sandboxes signal each other through a lock on a shared
// read-only file while programs that lock their own files keep working;
// system calls of another architecture (32-bit x86 on x86-64) kill the
// process.
#ifndef ARBITER_SANDBOX_SECCOMP_H_
#define ARBITER_SANDBOX_SECCOMP_H_

#include <expected>
#include <string>

namespace arbiter::sandbox {

// The BPF program, built once.
std::expected<std::string, std::string> SeccompProgram();

// A fresh descriptor (CLOEXEC, positioned at 0) holding the program, for
// one `bwrap --seccomp FD`; the caller closes it.
std::expected<int, std::string> SeccompProgramFd();

// Installs the filter in the calling process (tests).
std::expected<void, std::string> InstallSeccompForTest();

}  // namespace arbiter::sandbox

#endif  // ARBITER_SANDBOX_SECCOMP_H_
