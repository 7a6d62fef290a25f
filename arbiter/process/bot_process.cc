#include "arbiter/process/bot_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <functional>
#include <set>
#include <sstream>

#include "arbiter/common/run_log.h"
#include "arbiter/process/affinity.h"

extern char** environ;

namespace arbiter {
namespace {

// Process groups of the bots not yet reaped, for the interrupt handler.
std::mutex& GroupsMutex() {
  static std::mutex mu;
  return mu;
}
std::set<pid_t>& Groups() {
  static std::set<pid_t> groups;
  return groups;
}

std::string JoinArgv(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& a : argv) {
    if (!out.empty()) out += ' ';
    out += a;
  }
  return out;
}

// Runs jobs on one thread that lives as long as the process, so that the
// children it forks keep their parent thread (see bot_process.h).
class Spawner {
 public:
  static Spawner& Get() {
    static Spawner* spawner = new Spawner();  // never destroyed
    return *spawner;
  }
  void Run(const std::function<void()>& job) {
    std::unique_lock lock(mu_);
    bool done = false;
    jobs_.push_back([&] {
      job();
      std::lock_guard l(mu_);
      done = true;
      cv_.notify_all();
    });
    cv_.notify_all();
    cv_.wait(lock, [&] { return done; });
  }

 private:
  Spawner() {
    std::thread([this] {
      // No signal is meant for this thread (stop signals go to the thread
      // that waits for them); children reset their mask before exec.
      sigset_t all;
      ::sigfillset(&all);
      ::pthread_sigmask(SIG_BLOCK, &all, nullptr);
      ::pthread_setname_np(::pthread_self(), "arbiter-spawn");
      while (true) {
        std::function<void()> job;
        {
          std::unique_lock lock(mu_);
          cv_.wait(lock, [&] { return !jobs_.empty(); });
          job = std::move(jobs_.front());
          jobs_.pop_front();
        }
        job();
      }
    }).detach();
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
};

// Everything the forked child needs, prepared before the fork: the child
// may only make async-signal-safe calls.
struct ChildPlan {
  const char* path;
  char* const* argv;
  char* const* envp;
  const char* dir;  // null: stay
  int stdin_fd, out_fd, error_fd;
  std::vector<std::pair<int, int>> fds;  // sources >= kFirstSourceFd
  int keep_below;  // descriptors >= this are closed at exec
  const Container* container;
  pid_t parent;
  int cpu;  // -1: any
};

constexpr int kFirstSourceFd = 64;

[[noreturn]] void Fail(int error_fd, int error) {
  [[maybe_unused]] auto ignored = ::write(error_fd, &error, sizeof error);
  ::_exit(127);
}

[[noreturn]] void ChildMain(const ChildPlan& p) {
  // Dies with the arbiter, even when killed with SIGKILL.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != p.parent) ::_exit(127);
  struct sigaction dfl = {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &dfl, nullptr);
  sigset_t none;
  ::sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::setpgid(0, 0);
  if (p.cpu >= 0) {
    // Inherited by the sandbox and the bot. A refusal (the CPU went
    // offline) costs speed, not correctness.
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(p.cpu, &set);
    ::sched_setaffinity(0, sizeof set, &set);
  }
  // First, while every descriptor is the arbiter's: the container's own
  // (control group files) may have any number.
  if (p.container != nullptr) {
    if (int e = p.container->InChild(); e != 0) Fail(p.error_fd, e);
  }
  if (::dup2(p.stdin_fd, 0) < 0 || ::dup2(p.out_fd, 1) < 0 ||
      ::dup2(p.out_fd, 2) < 0) {
    Fail(p.error_fd, errno);
  }
  for (const auto& [from, to] : p.fds) {
    if (::dup2(from, to) < 0) Fail(p.error_fd, errno);
  }
  // Nothing else of the arbiter's reaches the bot (the error pipe is
  // already close-on-exec).
  ::syscall(SYS_close_range, p.keep_below, ~0U, 4 /* CLOSE_RANGE_CLOEXEC */);
  if (p.dir != nullptr && ::chdir(p.dir) != 0) Fail(p.error_fd, errno);
  ::execve(p.path, p.argv, p.envp);
  Fail(p.error_fd, errno);
}

// The inherited environment with `env` added or replacing.
std::vector<std::string> MergedEnvironment(
    const std::vector<std::pair<std::string, std::string>>& env) {
  std::vector<std::string> out;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry = *e;
    const std::string key = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& [k, v] : env) replaced |= k == key;
    if (!replaced) out.push_back(entry);
  }
  for (const auto& [k, v] : env) out.push_back(k + "=" + v);
  return out;
}

std::vector<char*> CStrings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

std::ostream& operator<<(std::ostream& out, const SpawnError& error) {
  return out << (error.harness ? "harness error: " : "") << error.message;
}

std::expected<std::string, std::string> ResolveExecutable(
    const std::string& name, const std::string& dir) {
  std::string path = name;
  if (!dir.empty() && !name.empty() && name[0] != '/' &&
      name.find('/') != std::string::npos) {
    // Absolute: the child changes into `dir` before it runs the file.
    std::error_code ec;
    path = std::filesystem::absolute(std::filesystem::path(dir) / name, ec)
               .string();
  } else if (name.find('/') == std::string::npos) {
    path.clear();
    const char* env_path = std::getenv("PATH");
    std::istringstream dirs(env_path ? env_path : "/usr/bin:/bin");
    for (std::string d; std::getline(dirs, d, ':');) {
      if (d.empty()) d = ".";
      const std::string candidate = d + "/" + name;
      struct stat st;
      if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
          ::access(candidate.c_str(), X_OK) == 0) {
        path = candidate;
        break;
      }
    }
    if (path.empty()) {
      return std::unexpected("no executable '" + name + "' found on PATH");
    }
  }
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    return std::unexpected("cannot run '" + path + "': " + strerror(errno));
  }
  if (!S_ISREG(st.st_mode) || ::access(path.c_str(), X_OK) != 0) {
    return std::unexpected("cannot run '" + path + "': not an executable file");
  }
  return path;
}
std::string JoinCommand(const std::vector<std::string>& argv) {
  std::string line;
  for (const auto& word : argv) {
    if (!line.empty()) line += ' ';
    line += '\'';
    for (char c : word)
      line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

std::expected<std::vector<std::string>, std::string> SplitCommand(
    std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else if (c == '\'' || c == '"') {
      in_word = true;
      const size_t close = command.find(c, i + 1);
      if (close == std::string_view::npos) {
        return std::unexpected("unterminated " + std::string(1, c) +
                               " quote in command: " + std::string(command));
      }
      for (size_t j = i + 1; j < close; ++j) {
        if (c == '"' && command[j] == '\\' && j + 1 < close) ++j;
        word += command[j];
      }
      i = close;
    } else if (c == '\\') {
      if (i + 1 == command.size()) {
        return std::unexpected("trailing backslash in command: " +
                               std::string(command));
      }
      word += command[++i];
      in_word = true;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) return std::unexpected("empty command");
  return words;
}

std::expected<std::unique_ptr<BotProcess>, SpawnError> BotProcess::Spawn(
    const SpawnOptions& options, std::unique_ptr<Container> container) {
  auto fail = [](std::string message, bool harness = false) {
    return std::unexpected(SpawnError{std::move(message), harness});
  };
  if (options.argv.empty()) return fail("empty command");
  const std::string command = JoinArgv(options.argv);
  if (!options.working_dir.empty()) {
    std::error_code dir_ec;
    if (!std::filesystem::is_directory(options.working_dir, dir_ec)) {
      return fail("bot command '" + command + "': working directory '" +
                  options.working_dir + "' is not a directory");
    }
  }
  auto exe = ResolveExecutable(options.argv[0], options.working_dir);
  if (!exe) return fail("bot command '" + command + "': " + exe.error());
  if (!options.log_path.empty()) {
    // Fail early, with the path, rather than in the log thread.
    const int fd = ::open(options.log_path.c_str(),
                          O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) {
      return fail("cannot open bot log '" + options.log_path +
                  "': " + strerror(errno));
    }
    ::close(fd);
  }
  const std::string dir = options.working_dir.empty()
                              ? std::filesystem::current_path().string()
                              : options.working_dir;
  ExecPlan plan;
  if (container) {
    std::vector<std::string> argv = options.argv;
    argv[0] = std::filesystem::absolute(*exe).lexically_normal().string();
    auto wrapped = container->Wrap(argv, options.env, dir);
    if (!wrapped) {
      return fail("bot command '" + command + "': sandbox: " + wrapped.error(),
                  true);
    }
    plan = std::move(*wrapped);
  } else {
    plan = {.path = *exe,
            .argv = options.argv,
            .env = MergedEnvironment(options.env),
            .dir = dir};
  }
  int out[2], err[2];
  if (::pipe2(out, O_CLOEXEC) != 0) {
    return fail(std::string("pipe2 failed: ") + strerror(errno), true);
  }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    ::close(out[0]);
    ::close(out[1]);
    return fail(std::string("pipe2 failed: ") + strerror(errno), true);
  }
  // Every descriptor the child copies from sits above the numbers it copies
  // to, so that no dup2 overwrites one still to be copied.
  auto high = [](int fd) {
    const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, kFirstSourceFd);
    ::close(fd);
    return moved;
  };
  out[1] = high(out[1]);
  err[1] = high(err[1]);
  const int devnull = high(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  ChildPlan child{.path = plan.path.c_str(),
                  .argv = nullptr,
                  .envp = nullptr,
                  .dir = plan.dir.empty() ? nullptr : plan.dir.c_str(),
                  .stdin_fd = devnull,
                  .out_fd = out[1],
                  .error_fd = err[1],
                  .fds = {},
                  .keep_below = 3,
                  .container = container.get(),
                  .parent = ::getpid(),
                  .cpu = options.cpu < CPU_SETSIZE ? options.cpu : -1};
  for (const auto& [from, to] : plan.fds) {
    child.fds.emplace_back(::fcntl(from, F_DUPFD_CLOEXEC, kFirstSourceFd), to);
    child.keep_below = std::max(child.keep_below, to + 1);
  }
  std::vector<char*> argv = CStrings(plan.argv);
  std::vector<char*> envp = CStrings(plan.env);
  child.argv = argv.data();
  child.envp = envp.data();
  pid_t pid = -1;
  int fork_error = 0;
  Spawner::Get().Run([&] {
    pid = ::fork();
    if (pid == 0) ChildMain(child);
    if (pid < 0) fork_error = errno;
  });
  ::close(out[1]);
  ::close(err[1]);
  ::close(devnull);
  for (const auto& [from, to] : child.fds) ::close(from);
  if (pid < 0) {
    ::close(out[0]);
    ::close(err[0]);
    return fail(std::string("fork failed: ") + strerror(fork_error), true);
  }
  // EOF: exec succeeded; an int: the errno of what failed before it.
  int child_errno = 0;
  ssize_t n;
  do {
    n = ::read(err[0], &child_errno, sizeof child_errno);
  } while (n < 0 && errno == EINTR);
  ::close(err[0]);
  if (n == ssize_t(sizeof child_errno)) {
    int status;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    ::close(out[0]);
    // Before exec, only the sandbox's own steps can fail (joining its
    // control groups, starting bubblewrap): the harness's.
    return fail("bot command '" + command + "': cannot start " +
                    (container ? "its sandbox (" + plan.path + ")" : *exe) +
                    ": " + strerror(child_errno),
                container != nullptr);
  }
  std::unique_ptr<BotProcess> p(new BotProcess());
  p->pid_ = pid;
  // Both sides set the group, so that it exists whichever runs first.
  ::setpgid(p->pid_, p->pid_);
  {
    std::lock_guard lock(GroupsMutex());
    Groups().insert(p->pid_);
  }
  p->pidfd_ = int(::syscall(SYS_pidfd_open, p->pid_, 0));
  p->StartLogThread(out[0], options.log_path, options.log_limit_bytes,
                    options.log_first_line);
  if (p->pidfd_ < 0) {
    return fail(
        "pidfd_open failed for bot '" + command + "': " + strerror(errno),
        true);
  }
  if (container) {
    p->container_ = std::move(container);
    auto ready =
        p->container_->AwaitSetup(pid, Clock::now() + std::chrono::seconds(10));
    if (!ready) {
      p->Stop(std::chrono::milliseconds(0));
      return fail("bot command '" + command +
                      "': the sandbox could not be set up: " + ready.error(),
                  true);
    }
  }
  return p;
}

void BotProcess::StartLogThread(int read_fd, std::string log_path, size_t limit,
                                std::string_view first_line) {
  int log_fd = -1;
  if (!log_path.empty()) {
    log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
                    0644);
  }
  // Non-blocking: MarkLog may have read what poll saw.
  ::fcntl(read_fd, F_SETFL, ::fcntl(read_fd, F_GETFL) | O_NONBLOCK);
  log_read_fd_ = read_fd;
  log_ = std::make_unique<BotLogWriter>(log_fd, limit);
  // Before anything the process wrote: nothing of the pipe is read yet.
  if (!first_line.empty()) log_->Mark(first_line);
  log_thread_ = std::thread([this, read_fd] {
    char buf[4096];
    // Polls so that Stop() ends the thread even if an escaped grandchild
    // keeps the pipe open.
    while (true) {
      // After Stop(), drain what is buffered and leave.
      const bool stopping = stop_log_.load();
      pollfd pfd{read_fd, POLLIN, 0};
      const int r = ::poll(&pfd, 1, stopping ? 0 : 100);
      if (r < 0 && errno == EINTR) continue;
      if (r == 0 && stopping) break;
      if (r <= 0) continue;
      std::lock_guard lock(log_mu_);
      const ssize_t n = ::read(read_fd, buf, sizeof buf);
      if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (n <= 0) break;
      log_->Append(std::string_view(buf, size_t(n)));
    }
    std::lock_guard lock(log_mu_);
    log_.reset();
    log_read_fd_ = -1;
    ::close(read_fd);
  });
}

void BotProcess::MoveTo(int cpu) {
  std::vector<int> pids;
  if (container_) pids = container_->Pids();
  if (pids.empty()) pids = {pid_};
  MoveProcesses(pids, cpu);
}

void BotProcess::MarkLog(std::string_view line) {
  std::lock_guard lock(log_mu_);
  if (!log_) return;
  DrainPipeLocked();
  log_->Mark(line);
}

void BotProcess::MarkLogLazily(std::string_view line) {
  std::lock_guard lock(log_mu_);
  if (!log_) return;
  DrainPipeLocked();
  log_->MarkLazily(line);
}

void BotProcess::DrainPipeLocked() {
  // What the bot wrote before now is in the pipe: exactly FIONREAD bytes.
  // Reading no more keeps what it writes from now on after the marker, and
  // a bot that writes without pause cannot hold the game here.
  int pending = 0;
  if (::ioctl(log_read_fd_, FIONREAD, &pending) != 0) pending = 0;
  char buf[4096];
  while (pending > 0) {
    const ssize_t n =
        ::read(log_read_fd_, buf, std::min(sizeof buf, size_t(pending)));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    log_->Append(std::string_view(buf, size_t(n)));
    pending -= int(n);
  }
}

BotProcess::~BotProcess() {
  Stop(std::chrono::milliseconds(200));
  if (pidfd_ >= 0) ::close(pidfd_);
}

bool BotProcess::WaitExit(std::chrono::milliseconds timeout) {
  {
    std::lock_guard lock(mu_);
    if (reaped_) return true;
  }
  if (pidfd_ >= 0) {
    pollfd pfd{pidfd_, POLLIN, 0};
    int r;
    do {
      r = ::poll(&pfd, 1, int(timeout.count()));
    } while (r < 0 && errno == EINTR);
    if (r <= 0) return false;
  }
  std::lock_guard lock(mu_);
  if (reaped_) return true;
  // The leader is a zombie until reaped, so its group id cannot be reused:
  // kill what it left behind in its group first.
  ::killpg(pid_, SIGKILL);
  int status = 0;
  pid_t r;
  do {
    r = ::waitpid(pid_, &status, pidfd_ >= 0 ? 0 : WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r == 0) return false;
  reaped_ = true;
  wait_status_ = status;
  ReapGroup();
  if (container_) {
    // The bot's main process is gone: nothing it started may outlive it.
    container_->KillAll();
    container_->ReapLeftovers();
  }
  std::lock_guard glock(GroupsMutex());
  Groups().erase(pid_);
  return true;
}

void BotProcess::ReapGroup() {
  // What the bot started is adopted by the arbiter (a child subreaper) once
  // its parent dies, and stays a zombie until reaped. Everything in the group
  // has been sent SIGKILL: reap this group's members until none is left,
  // waiting only on this group (-pgid), never on other bots' processes. A
  // member that left the group (setpgid) is out of reach here and is caught
  // by the interrupt handler's final reaping.
  int subreaper = 0;
  ::prctl(PR_GET_CHILD_SUBREAPER, &subreaper);
  const auto limit = Clock::now() + std::chrono::seconds(2);
  while (true) {
    pid_t r;
    do {
      r = ::waitpid(-pid_, nullptr, WNOHANG);
    } while (r > 0 || (r < 0 && errno == EINTR));
    // kill(-pgid, 0) succeeds while the group has any member, zombies
    // included: an empty group means nothing is left to reap. A member
    // that is not our child (its parent is still dying) becomes ours when
    // adopted, so keep polling briefly.
    if (::kill(-pid_, 0) != 0 && errno == ESRCH) return;
    // Not a subreaper: orphans go to init, whose business they are.
    if (!subreaper) return;
    if (Clock::now() >= limit) return;
    ::killpg(pid_, SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

std::string KilledBySignal(int sig) {
  // The abbreviation, which is what a bot author looks up (SIGSEGV); the
  // description text varies between C libraries.
  const char* name = ::sigabbrev_np(sig);
  return "killed by signal " + std::to_string(sig) +
         (name ? " (SIG" + std::string(name) + ")" : "");
}

std::string BotProcess::ExitDescription() {
  std::lock_guard lock(mu_);
  if (!reaped_) return "";
  if (container_) return container_->DescribeExit(wait_status_);
  if (WIFEXITED(wait_status_)) {
    return "exit status " + std::to_string(WEXITSTATUS(wait_status_));
  }
  if (WIFSIGNALED(wait_status_)) return KilledBySignal(WTERMSIG(wait_status_));
  return "ended";
}

void BotProcess::Stop(std::chrono::milliseconds grace) {
  // A bot whose stream has just ended is usually on its way out: a moment
  // to finish (its last log lines, its own cleanup) before SIGTERM.
  const auto own_exit = std::min(grace / 5, std::chrono::milliseconds(100));
  if (!WaitExit(own_exit)) {
    RunLog().debug("process {}: SIGTERM", pid_);
    if (container_) {
      container_->Signal(SIGTERM);
    } else {
      ::killpg(pid_, SIGTERM);
    }
    if (!WaitExit(grace)) {
      RunLog().info("process {}: still running {} ms after SIGTERM: SIGKILL",
                    pid_, grace.count());
      KillEverything();
      WaitExit(std::chrono::milliseconds(-1));
    }
  }
  stop_log_ = true;
  if (log_thread_.joinable()) log_thread_.join();
}

void BotProcess::KillEverything() {
  if (container_) container_->KillAll();
  ::killpg(pid_, SIGKILL);
}

void BecomeChildSubreaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

void SignalAllBotGroups(int signal) {
  std::lock_guard lock(GroupsMutex());
  for (pid_t g : Groups()) ::killpg(g, signal);
}

namespace {
std::atomic<bool> interrupt_cleanup_started{false};
}  // namespace

bool InterruptCleanupStarted() { return interrupt_cleanup_started.load(); }

void WaitForInterruptExit() {
  while (true) ::pause();
}

sigset_t BlockStopSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

void InstallInterruptCleanup(void (*cleanup)()) {
  const sigset_t set = BlockStopSignals();
  std::thread([set, cleanup] {
    int sig = 0;
    sigwait(&set, &sig);
    interrupt_cleanup_started = true;
    RunLog().warn(
        "signal {} (SIG{}) received: every bot stopped now (SIGTERM, then "
        "SIGKILL), the running games are not recorded; exit status {}",
        sig, ::sigabbrev_np(sig), 128 + sig);
    FlushRunLog();
    SignalAllBotGroups(SIGTERM);
    ::usleep(300'000);
    SignalAllBotGroups(SIGKILL);
    if (cleanup) cleanup();
    // Reap what is left (subreaper) so that nothing lingers as a zombie.
    while (::waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    std::fprintf(stderr, "arbiter: interrupted by signal %d, bots stopped\n",
                 sig);
    FlushRunLog();
    std::_Exit(128 + sig);
  }).detach();
}

}  // namespace arbiter
