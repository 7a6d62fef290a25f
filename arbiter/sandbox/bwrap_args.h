// The bubblewrap command line of one sandboxed bot: a pure function of a
// plan, so that what a bot can see is reviewable in one place and testable
// without running anything.
//
// The sandbox's root is a fresh tmpfs holding: /usr and its merged-/usr
// links (or binds), a few files of /etc (the loader cache, passwd, time
// zone...), a new /proc of the bot's own pid namespace, a minimal /dev,
// size-capped /tmp and /dev/shm, the seat's socket directory at
// /run/arbiter, and the plan's read-only and writable paths at their own
// places. Hidden paths (the records, logs and sockets of the run) are
// covered by an empty read-only tmpfs (directories) or /dev/null (files)
// when one of the bound paths holds them.
#ifndef ARBITER_SANDBOX_BWRAP_ARGS_H_
#define ARBITER_SANDBOX_BWRAP_ARGS_H_

#include <sys/types.h>

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

namespace arbiter::sandbox {

// Where the seat's socket directory appears inside the sandbox.
inline constexpr char kSandboxSocketDir[] = "/run/arbiter";

struct BwrapPlan {
  std::string bwrap = "/usr/bin/bwrap";
  // bwrap runs as root: no user namespace; the bot is switched to `uid`,
  // `gid` and `groups` by setpriv inside (`setpriv` is its path there).
  // Otherwise bwrap runs as the arbiter's user, in a user namespace.
  bool privileged = false;
  std::string setpriv = "/usr/bin/setpriv";
  uid_t uid = 0;
  gid_t gid = 0;
  std::vector<gid_t> groups;
  // Host paths bound at the same place: read-only, and read-write.
  std::vector<std::string> read_only;
  std::vector<std::string> writable;
  std::vector<std::string> hidden;
  std::string socket_dir;  // bound read-only at kSandboxSocketDir
  // A copy of EtcPaths() bound as /etc in one mount (each mount costs
  // bubblewrap half a millisecond); "": each of EtcPaths() bound.
  std::string etc_dir;
  uint64_t tmp_bytes = uint64_t{64} << 20;
  std::string cwd;      // inside (bound by read_only or writable)
  int seccomp_fd = -1;  // as numbered in bwrap's process; -1: none
  int status_fd = -1;
  // When set, a shell inside the sandbox writes a line to it, closes the
  // three descriptors and execs the bot: the line says that the sandbox
  // was set up (mounts, filter, user) and the bot is about to start, which
  // bubblewrap's own status does not (it reports the child before
  // setting it up).
  int ready_fd = -1;
  std::vector<std::string> command;  // the bot's argv
};

// Host directories of /etc that bots may need (present ones only).
std::vector<std::string> EtcPaths();
// Copies them (symbolic links as links) into `dir`, readable by all.
std::expected<void, std::string> CopyEtc(const std::string& dir);

std::vector<std::string> BwrapArgv(const BwrapPlan& plan);

}  // namespace arbiter::sandbox

#endif  // ARBITER_SANDBOX_BWRAP_ARGS_H_
