// What a sandbox does around one bot process, as BotProcess sees it: the
// command to run instead of the bot's (a wrapper such as bubblewrap), what
// the forked child does before exec (join control groups), the wait for the
// sandbox to be set up, signalling and killing everything inside, and
// resource counters. arbiter/sandbox implements it.
#ifndef ARBITER_PROCESS_CONTAINER_H_
#define ARBITER_PROCESS_CONTAINER_H_

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arbiter {

struct ExecPlan {
  std::string path;               // absolute
  std::vector<std::string> argv;  // argv[0] included
  std::vector<std::string> env;   // the whole environment, "KEY=VALUE"
  // (descriptor in the arbiter, number it gets in the child); the arbiter's
  // copies stay open until AwaitSetup returns.
  std::vector<std::pair<int, int>> fds;
  std::string dir;  // chdir before exec; "" = stay
};

// Counters of everything in the container since it was made.
struct ResourceUsage {
  uint64_t cpu_us = 0;
  uint64_t oom_kills = 0;     // processes killed at the memory limit
  uint64_t pids_refused = 0;  // forks refused at the process limit
};

class Container {
 public:
  virtual ~Container() = default;

  // What to exec to run `argv` with `env` in `dir` inside the container.
  virtual std::expected<ExecPlan, std::string> Wrap(
      const std::vector<std::string>& argv,
      const std::vector<std::pair<std::string, std::string>>& env,
      const std::string& dir) = 0;
  // In the forked child, before exec; async-signal-safe. 0 or an errno.
  virtual int InChild() const noexcept = 0;
  // After the exec of `pid`: waits until the container is set up and the
  // bot about to start. An error here is the harness's, not the bot's.
  virtual std::expected<void, std::string> AwaitSetup(
      pid_t pid, std::chrono::steady_clock::time_point deadline) = 0;
  // Sends `signal` to the bot's processes (not to the sandbox's own, whose
  // death would take the bot at once).
  virtual void Signal(int signal) = 0;
  // Kills everything inside and waits until nothing is left.
  virtual void KillAll() = 0;
  // After the direct child is reaped: reaps what the container left to the
  // arbiter (a child subreaper).
  virtual void ReapLeftovers() = 0;
  // "exit status 3", "killed by signal 9 (SIGKILL)"... from the direct
  // child's wait status, as the bot's own.
  virtual std::string DescribeExit(int wait_status) const = 0;
  virtual std::optional<ResourceUsage> Usage() const { return std::nullopt; }
  // The processes inside (in the arbiter's pid namespace).
  virtual std::vector<int> Pids() const = 0;
};

}  // namespace arbiter

#endif  // ARBITER_PROCESS_CONTAINER_H_
