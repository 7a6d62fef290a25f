// Bot processes: spawn, watch, stop.
//
// Each bot runs in its own process group (so that stopping it also stops
// whatever it started), with only the descriptors it is given, stdin from
// /dev/null and stdout+stderr captured into a size-capped log file (with the
// arbiter's marker before each game, MarkLog). Exit is
// watched with pidfd_open + poll and reaped with waitpid, so that many
// threads can watch many bots at once. Stopping is killpg(SIGTERM), a grace
// period, killpg(SIGKILL), then reap.
//
// A bot may run in a Container (a sandbox, arbiter/sandbox): the container
// wraps the command, and stopping signals and kills everything inside it
// instead of a process group.
//
// Every bot is forked by one long-lived thread: a parent-death signal
// (PR_SET_PDEATHSIG, bubblewrap's --die-with-parent) fires when the *thread*
// that forked the child ends, and bots outlive the game threads that start
// them.
#ifndef ARBITER_PROCESS_BOT_PROCESS_H_
#define ARBITER_PROCESS_BOT_PROCESS_H_

#include <signal.h>
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <expected>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "arbiter/process/bot_log_writer.h"
#include "arbiter/process/container.h"

namespace arbiter {

// How a process killed by `sig` ended: "killed by signal 11 (SIGSEGV)".
std::string KilledBySignal(int sig);

// Splits a command line into words, as a POSIX shell would for plain words,
// 'single' and "double" quotes and backslash escapes (no expansions).
std::expected<std::vector<std::string>, std::string> SplitCommand(
    std::string_view command);

// The words of `argv` as one command line that SplitCommand gives back
// whole: each word in 'single' quotes.
std::string JoinCommand(const std::vector<std::string>& argv);

// The path Spawn runs for `name` (argv[0]): looked up on PATH when it has no
// slash; a relative path with a slash is taken from `dir`, the directory the
// bot will run in, as `env -C DIR COMMAND` would. Fails unless it names an
// executable regular file.
std::expected<std::string, std::string> ResolveExecutable(
    const std::string& name, const std::string& dir);

struct SpawnOptions {
  // argv[0] is looked up on PATH unless it contains a slash.
  std::vector<std::string> argv;
  // Added to (or replacing in) the inherited environment (a container
  // decides which environment the bot gets). Secrets go here, never in
  // argv.
  std::vector<std::pair<std::string, std::string>> env;
  std::string log_path;  // "" discards the bot's output
  size_t log_limit_bytes = size_t{1} << 20;
  // An arbiter line (ending in '\n') written into the log before anything
  // the process writes; "" writes none.
  std::string log_first_line;
  // "" = the arbiter's. A relative argv[0] with a slash is taken from here.
  std::string working_dir;
  // >= 0: the process, and everything it starts, runs on this CPU only
  // (arbiter/process/affinity.h). -1: wherever the arbiter may.
  int cpu = -1;
};

struct SpawnError {
  std::string message;
  // The harness failed (the sandbox could not be set up), not the bot.
  bool harness = false;
};
std::ostream& operator<<(std::ostream& out, const SpawnError& error);

class BotProcess {
 public:
  // Fails with a message naming the command when the executable cannot be
  // found or run, the log cannot be opened, or the container cannot be set
  // up (a harness error).
  static std::expected<std::unique_ptr<BotProcess>, SpawnError> Spawn(
      const SpawnOptions& options,
      std::unique_ptr<Container> container = nullptr);

  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;
  // Stops the process (short grace) if it still runs.
  ~BotProcess();

  pid_t pid() const { return pid_; }

  // True once the process has exited (and has been reaped); waits at most
  // `timeout`. Thread-safe.
  bool WaitExit(std::chrono::milliseconds timeout);
  bool Exited() { return WaitExit(std::chrono::milliseconds(0)); }
  // "exit status 3", "killed by signal 11 (SIGSEGV)"; "" while running.
  std::string ExitDescription();

  // Waits a fifth of `grace` (at most 100 ms) for the bot to exit by
  // itself, then SIGTERM (the process group, or the bot's processes in its
  // container), waits `grace`, SIGKILL (everything in the container), reaps.
  // Idempotent.
  void Stop(std::chrono::milliseconds grace = std::chrono::milliseconds(500));

  // Writes `line` (an arbiter line, arbiter/common/game_log_marker.h) into
  // the bot's log after everything the bot has written so far, and before
  // anything it writes after this returns. Thread-safe.
  void MarkLog(std::string_view line);
  // Like MarkLog, but `line` is written only if the bot writes something
  // after this returns, before that (BotLogWriter::MarkLazily).
  void MarkLogLazily(std::string_view line);

  // The container the bot runs in; null when none.
  Container* container() const { return container_.get(); }
  // Moves the bot to `cpu` (-1: wherever the arbiter may run): everything
  // in its container, or its own process when it has none (not what it
  // started). For a process reused on another CPU (SpawnOptions::cpu).
  void MoveTo(int cpu);

 private:
  BotProcess() = default;
  void StartLogThread(int read_fd, std::string log_path, size_t limit,
                      std::string_view first_line);
  // Under log_mu_: writes what the bot wrote before now into the log.
  void DrainPipeLocked();
  // After the leader is reaped: kills and reaps what is left of its group.
  void ReapGroup();
  void KillEverything();
  using Clock = std::chrono::steady_clock;

  pid_t pid_ = -1;
  int pidfd_ = -1;
  std::unique_ptr<Container> container_;
  std::mutex mu_;
  bool reaped_ = false;
  int wait_status_ = 0;
  std::atomic<bool> stop_log_{false};
  std::thread log_thread_;
  // The log thread and MarkLog read the pipe and write the log under it.
  std::mutex log_mu_;
  int log_read_fd_ = -1;  // non-blocking; -1 once the log thread is done
  std::unique_ptr<BotLogWriter> log_;
};

// Makes this process the reaper of its orphaned descendants, so that a bot's
// grandchildren never outlive the arbiter as zombies.
void BecomeChildSubreaper();

// Sends `signal` to the process group of every bot that has not been reaped.
void SignalAllBotGroups(int signal);

// Blocks the stop signals SIGINT, SIGTERM and SIGHUP in the calling thread
// (threads started later inherit the mask) and returns them as a set, for
// sigwait.
sigset_t BlockStopSignals();

// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (call it before any
// thread is started, so that every thread inherits the mask) and starts a
// thread that, on one of them, stops every bot process group, runs `cleanup`
// and exits with 128 + signal. Call once.
void InstallInterruptCleanup(void (*cleanup)());

// True once that cleanup has begun. PlayGame then never returns a game (its
// bots are being killed, which is no fault of theirs: the game is replayed
// on resume); it calls WaitForInterruptExit(), which never returns, so that
// the cleanup owns the exit.
bool InterruptCleanupStarted();
[[noreturn]] void WaitForInterruptExit();

}  // namespace arbiter

#endif  // ARBITER_PROCESS_BOT_PROCESS_H_
