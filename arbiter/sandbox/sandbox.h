// Sandboxes for bot processes: one Sandbox per run of the arbiter (what the
// machine offers, the mode, this run's control groups and user ids), one
// Jail per bot process (a Container for BotProcess).
//
//   auto sandbox = Sandbox::Start({.mode = Mode::kFull, .hidden = {out}});
//   // fails in full mode, naming each guarantee the machine cannot give
//   auto jail = (*sandbox)->NewJail({.bot_name = "greedy", .limits = {},
//                                    .socket_dir = seat_dir});
//   Jail* j = jail->get();
//   auto process = BotProcess::Spawn(options, std::move(*jail));
//   // j->identity(): what the seat's peer must be (SO_PEERCRED)
//
// A jail runs bubblewrap with new pid, mount, network, IPC, UTS and cgroup
// namespaces, the view of bwrap_args.h, the seccomp filter of seccomp.h,
// --die-with-parent and --new-session, in a control group of its own
// (memory, processes, CPU time). As root, bubblewrap runs without a user
// namespace and the bot is switched to a user id of its own (setpriv): no
// two processes of a run share one, and none is a real user's. Without
// root, bubblewrap runs as the arbiter's user in a user namespace.
#ifndef ARBITER_SANDBOX_SANDBOX_H_
#define ARBITER_SANDBOX_SANDBOX_H_

#include <sys/types.h>

#include <chrono>
#include <expected>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "arbiter/process/container.h"
#include "arbiter/sandbox/cgroup.h"
#include "arbiter/sandbox/limits.h"

namespace arbiter::sandbox {

struct SandboxOptions {
  Mode mode = Mode::kFull;
  // Host paths no bot may see even when a bound directory holds them: the
  // run's records, logs and sockets.
  std::vector<std::string> hidden;
};

// What identifies the processes of one jail from outside, for the
// arbiter's check of who connected (SO_PEERCRED).
struct JailIdentity {
  bool has_uid = false;  // a user id of its own (root only)
  uid_t uid = 0;
  ino_t pid_namespace = 0;  // 0 until the jail is set up
};

class Sandbox;

struct JailSpec {
  std::string bot_name;
  Limits limits;
  // The seat's socket directory, bound read-only at kSandboxSocketDir.
  std::string socket_dir;
  // The folder the run's bots share (command_files.h, LocateBot): never
  // bound, not even as the working directory ("": none).
  std::string shared_dir;
};

class Jail : public Container {
 public:
  ~Jail() override;

  std::expected<ExecPlan, std::string> Wrap(
      const std::vector<std::string>& argv,
      const std::vector<std::pair<std::string, std::string>>& env,
      const std::string& dir) override;
  int InChild() const noexcept override;
  std::expected<void, std::string> AwaitSetup(
      pid_t pid, std::chrono::steady_clock::time_point deadline) override;
  void Signal(int signal) override;
  void KillAll() override;
  void ReapLeftovers() override;
  std::string DescribeExit(int wait_status) const override;
  std::optional<ResourceUsage> Usage() const override;

  const JailIdentity& identity() const { return identity_; }
  // The seat's socket directory, when it is made after the jail (its owner
  // is the jail's user).
  void set_socket_dir(const std::string& dir) { spec_.socket_dir = dir; }
  std::vector<int> Pids() const override;
  const Cgroup* cgroup() const { return cgroup_.get(); }

 private:
  friend class Sandbox;
  Jail() = default;
  void CloseChildEnds();

  const Sandbox* sandbox_ = nullptr;
  JailSpec spec_;
  JailIdentity identity_;
  gid_t gid_ = 0;
  std::vector<gid_t> groups_;
  std::unique_ptr<Cgroup> cgroup_;
  int seccomp_fd_ = -1;
  int status_read_ = -1, status_write_ = -1;
  int ready_read_ = -1, ready_write_ = -1;
  pid_t outer_pid_ = -1;  // bubblewrap, the arbiter's child
  pid_t init_pid_ = -1;   // the pid namespace's init
  int init_pidfd_ = -1;
};

class Sandbox {
 public:
  // Checks what the machine offers (running a probe sandbox). In full mode
  // fails, naming every missing guarantee, unless all hold; in reduced mode
  // starts with what there is (missing() says what is not given); in none
  // mode checks nothing.
  static std::expected<std::unique_ptr<Sandbox>, std::string> Start(
      SandboxOptions options);
  ~Sandbox();

  Mode mode() const { return options_.mode; }
  // The guarantees this run does not give, one sentence each.
  const std::vector<std::string>& missing() const { return missing_; }
  // One line for the start of a run: the mode and what is missing.
  std::string Describe() const;
  void AddHidden(const std::string& path);

  // A jail for one bot process; null in none mode. Errors are the
  // harness's (the machine changed since Start, a limit the run cannot
  // apply).
  std::expected<std::unique_ptr<Jail>, std::string> NewJail(
      const JailSpec& spec);

  bool privileged() const { return privileged_; }
  const CgroupSupport& cgroups() const { return cgroup_support_; }

 private:
  friend class Jail;
  explicit Sandbox(SandboxOptions options) : options_(std::move(options)) {}
  std::expected<void, std::string> Detect();
  // The group owning `dir`, made writable for it (root only).
  std::expected<gid_t, std::string> WritableGroup(const std::string& dir);
  uint32_t NextId();

  SandboxOptions options_;
  std::vector<std::string> missing_;
  bool privileged_ = false;
  std::string bwrap_, setpriv_;
  std::unique_ptr<CgroupTree> cgroups_;
  // This run's private directory (owner file, the copy of /etc).
  std::string run_dir_;
  CgroupSupport cgroup_support_;
  mutable std::mutex mu_;
  uint32_t next_id_ = 0;
  uint32_t next_group_id_ = 0;
  std::map<std::string, gid_t> writable_groups_;
};

// The user and group ids of run `pid`'s jails: a block of kIdsPerRun ids
// from kFirstId, chosen by the arbiter's pid (so that concurrent arbiters
// do not share ids), far above any real user's.
inline constexpr uint32_t kFirstId = 1u << 30;
inline constexpr uint32_t kIdsPerRun = 2048;
uint32_t IdBlockOf(int pid);

}  // namespace arbiter::sandbox

#endif  // ARBITER_SANDBOX_SANDBOX_H_
