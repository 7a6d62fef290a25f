// Control groups for bot processes: limits (memory, processes, CPU weight),
// accounting (CPU time, limit breaches) and killing everything in a group.
//
// Works with cgroup v1 (one hierarchy per controller), v2 (one unified
// hierarchy) and both at once: each resource is taken from whichever
// hierarchy offers it, so a machine with v1 controllers beside an empty v2
// mount still gets v2's cgroup.kill. This run's groups live in
// OWN/arbiter-PID-START in every hierarchy used (OWN: the arbiter's own
// group, so that bots stay under whatever limits the arbiter runs with);
// one group per bot process below it.
//
//   auto tree = CgroupTree::Create();   // fails: no hierarchy usable
//   auto group = (*tree)->NewGroup({.memory_bytes = 1 << 30, .pids = 64});
//   // in the forked child, before exec: (*group)->JoinInChild()
//   CgroupUsage u = (*group)->Usage();
//   (*group)->KillAll();                // also done by the destructor
#ifndef ARBITER_SANDBOX_CGROUP_H_
#define ARBITER_SANDBOX_CGROUP_H_

#include <chrono>
#include <cstdint>
#include <expected>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::sandbox {

// What the hierarchies offer to this run.
struct CgroupSupport {
  bool memory = false;      // memory limit and OOM-kill count
  bool pids = false;        // process limit and refused-fork count
  bool cpu_weight = false;  // relative CPU share
  bool cpu_time = false;    // CPU time used
  bool kill = false;        // kill every process at once (cgroup.kill/freezer)
  // For messages: "v1", "v2" or "v1+v2".
  std::string layout;
};

struct CgroupLimits {
  uint64_t memory_bytes = 0;  // 0: no limit
  int64_t pids = 0;           // processes and threads; 0: no limit
  int cpu_weight = 0;         // 1..10000 (v2 scale, 100 = default); 0: unset
};

// Counters since the group was made.
struct CgroupUsage {
  uint64_t cpu_us = 0;
  uint64_t oom_kills = 0;     // processes killed for the memory limit
  uint64_t pids_refused = 0;  // forks refused for the process limit
};

// One hierarchy as this run uses it.
struct CgroupHierarchy {
  bool v2 = false;
  std::string run_dir;  // OWN/arbiter-PID-START
  // v1: the controllers mounted there; v2: those enabled for run_dir's
  // children.
  std::vector<std::string> controllers;
  bool has_kill = false;  // v2's cgroup.kill
};

class Cgroup {
 public:
  Cgroup(const Cgroup&) = delete;
  Cgroup& operator=(const Cgroup&) = delete;
  // Kills what is left and removes the directories.
  ~Cgroup();

  // Moves the calling process into the group. Async-signal-safe (only
  // write(2) on descriptors opened beforehand): meant for a forked child
  // before exec. Returns 0 or the errno of the failed write.
  int JoinInChild() const noexcept;

  // Zeros where the hierarchy does not count.
  CgroupUsage Usage() const;
  // Kills every process in the group and waits (up to `limit`) until the
  // group is empty. True when it is.
  bool KillAll(std::chrono::milliseconds limit = std::chrono::seconds(5));
  // The pids in the group (for tests and diagnostics).
  std::vector<int> Pids() const;
  bool Empty() const { return Pids().empty(); }
  // The group's directories, one per hierarchy.
  const std::vector<std::string>& dirs() const { return dirs_; }

 private:
  friend class CgroupTree;
  Cgroup() = default;
  bool KillOnce();

  // A limit counter, read around every decision. Its file is read only
  // when the kernel signalled a change (`signal_fd`: an eventfd for v1's
  // OOM notification, or the file itself, which v2 marks POLLPRI), and on
  // every call for a while after a signal: the kernel holds back a change
  // signal that follows another by less than 10 ms (cgroup_file_notify),
  // and v1 signals an OOM just before its kill. Without a signal (v1's
  // pids.events has none), on every call.
  struct Counter {
    int fd = -1;
    const char* key = nullptr;
    int signal_fd = -1;
    bool own_signal_fd = false;  // an eventfd, closed with the group
    uint64_t value = 0;
    std::chrono::steady_clock::time_point read_until;
  };
  void Refresh(Counter& counter, bool signalled,
               std::chrono::steady_clock::time_point now) const;

  std::vector<std::string> dirs_;
  std::vector<int> join_fds_;  // cgroup.procs of each directory
  int cpu_fd_ = -1;            // cpuacct.usage (v1) or cpu.stat (v2)
  bool cpu_v2_ = false;
  mutable std::mutex counters_mu_;  // guards the counters' cached values
  mutable Counter oom_{.key = "oom_kill"};  // memory.oom_control or .events
  mutable Counter pids_{.key = "max"};      // pids.events
  std::string kill_file_;                   // v2: DIR/cgroup.kill
  std::string freezer_dir_;                 // v1: the freezer directory
  std::string procs_file_;                  // cgroup.procs of one directory
};

class CgroupTree {
 public:
  // Finds the hierarchies, makes this run's groups and removes the groups
  // of earlier runs whose arbiter is gone. Fails when no hierarchy can be
  // written (not root, no delegation).
  static std::expected<std::unique_ptr<CgroupTree>, std::string> Create();
  // Removes this run's groups (killing what is left in them).
  ~CgroupTree();

  const CgroupSupport& support() const { return support_; }
  const std::vector<CgroupHierarchy>& hierarchies() const {
    return hierarchies_;
  }

  // A new group for one bot process, with `limits` applied. A limit the
  // hierarchies cannot apply is an error.
  std::expected<std::unique_ptr<Cgroup>, std::string> NewGroup(
      const CgroupLimits& limits);

 private:
  CgroupTree() = default;

  CgroupSupport support_;
  std::vector<CgroupHierarchy> hierarchies_;
  std::mutex mu_;
  int next_ = 0;
};

// Parsing helpers, exposed for tests.
// The value of `key` in "key value" lines (memory.events, pids.events,
// cpu.stat, memory.oom_control); 0 when absent.
uint64_t KeyedValue(std::string_view text, std::string_view key);
// "arbiter-PID-START" -> (PID, START); false when the name is not one.
// The older prefix "zetema-" is read too, so that the groups of an older
// arbiter killed with SIGKILL are removed as well.
bool ParseRunGroupName(const std::string& name, int* pid, uint64_t* start);
// The start time of process `pid` (field 22 of /proc/PID/stat), or 0.
uint64_t ProcessStartTime(int pid);

}  // namespace arbiter::sandbox

#endif  // ARBITER_SANDBOX_CGROUP_H_
