#include "arbiter/process/bot_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>

namespace arbiter {
namespace {

namespace bp = boost::process;

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

}  // namespace

std::expected<std::string, std::string> ResolveExecutable(
    const std::string& name, const std::string& dir) {
  std::string path = name;
  if (!dir.empty() && !name.empty() && name[0] != '/' &&
      name.find('/') != std::string::npos) {
    path = (std::filesystem::path(dir) / name).string();
  } else if (name.find('/') == std::string::npos) {
    const auto found = bp::search_path(name);
    if (found.empty()) {
      return std::unexpected("no executable '" + name + "' found on PATH");
    }
    path = found.string();
  }
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    return std::unexpected("cannot run '" + path + "': " + strerror(errno));
  }
  // limit_handles hides exec failures (PITFALLS.md), so check here.
  if (!S_ISREG(st.st_mode) || ::access(path.c_str(), X_OK) != 0) {
    return std::unexpected("cannot run '" + path + "': not an executable file");
  }
  return path;
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

std::expected<std::unique_ptr<BotProcess>, std::string> BotProcess::Spawn(
    const SpawnOptions& options) {
  if (options.argv.empty()) return std::unexpected("empty command");
  const std::string command = JoinArgv(options.argv);
  if (!options.working_dir.empty()) {
    std::error_code dir_ec;
    if (!std::filesystem::is_directory(options.working_dir, dir_ec)) {
      return std::unexpected("bot command '" + command +
                             "': working directory '" + options.working_dir +
                             "' is not a directory");
    }
  }
  auto exe = ResolveExecutable(options.argv[0], options.working_dir);
  if (!exe)
    return std::unexpected("bot command '" + command + "': " + exe.error());
  if (!options.log_path.empty()) {
    // Fail early, with the path, rather than in the log thread.
    const int fd = ::open(options.log_path.c_str(),
                          O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) {
      return std::unexpected("cannot open bot log '" + options.log_path +
                             "': " + strerror(errno));
    }
    ::close(fd);
  }
  bp::environment env = boost::this_process::environment();
  // set(), not operator[]: Boost 1.74's find() reads past short entries.
  for (const auto& [key, value] : options.env) env.set(key, value);
  const std::vector<std::string> args(options.argv.begin() + 1,
                                      options.argv.end());
  const std::string dir = options.working_dir.empty()
                              ? std::filesystem::current_path().string()
                              : options.working_dir;
  // Redirected through FILE*: Boost 1.74's combined `(std_out & std_err) >
  // pipe` did not survive limit_handles (the child got no stderr).
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    return std::unexpected(std::string("pipe2 failed: ") + strerror(errno));
  }
  FILE* sink = ::fdopen(fds[1], "w");
  std::error_code ec;
  // bp::exe: a bare string would be split at spaces as a command line.
  bp::child child(bp::exe(*exe), bp::args(args), env, bp::start_dir(dir),
                  bp::std_in<bp::null, bp::std_out> sink, bp::std_err > sink,
                  bp::extend::on_exec_setup([](auto&) {
                    // The arbiter blocks its stop signals (to wait for them
                    // on one thread); a blocked mask survives exec, so clear
                    // it, or the bot could never catch SIGTERM.
                    sigset_t none;
                    ::sigemptyset(&none);
                    ::sigprocmask(SIG_SETMASK, &none, nullptr);
                    ::setpgid(0, 0);
                  }),
                  bp::limit_handles, ec);
  std::fclose(sink);
  if (ec || !child.valid()) {
    ::close(fds[0]);
    return std::unexpected("bot command '" + command +
                           "': spawn failed: " + ec.message());
  }
  std::unique_ptr<BotProcess> p(new BotProcess());
  p->pid_ = child.id();
  child.detach();  // we reap it ourselves
  // Both sides set the group, so that it exists whichever runs first.
  ::setpgid(p->pid_, p->pid_);
  {
    std::lock_guard lock(GroupsMutex());
    Groups().insert(p->pid_);
  }
  p->pidfd_ = int(::syscall(SYS_pidfd_open, p->pid_, 0));
  p->StartLogThread(fds[0], options.log_path, options.log_limit_bytes);
  if (p->pidfd_ < 0) {
    return std::unexpected("pidfd_open failed for bot '" + command +
                           "': " + strerror(errno));
  }
  return p;
}

void BotProcess::StartLogThread(int read_fd, std::string log_path,
                                size_t limit) {
  log_thread_ = std::thread([this, read_fd, log_path, limit] {
    int log_fd = -1;
    if (!log_path.empty()) {
      log_fd = ::open(log_path.c_str(),
                      O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    }
    size_t written = 0;
    bool truncated = false;
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
      const ssize_t n = ::read(read_fd, buf, sizeof buf);
      if (n <= 0) break;
      if (log_fd < 0) continue;
      size_t keep = std::min(size_t(n), limit - std::min(limit, written));
      if (keep > 0 && ::write(log_fd, buf, keep) > 0) written += keep;
      if (keep < size_t(n) && !truncated) {
        truncated = true;
        const std::string note = "\n[arbiter: log truncated at " +
                                 std::to_string(limit) + " bytes]\n";
        [[maybe_unused]] auto ignored =
            ::write(log_fd, note.data(), note.size());
      }
    }
    if (log_fd >= 0) ::close(log_fd);
    ::close(read_fd);
  });
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

std::string BotProcess::ExitDescription() {
  std::lock_guard lock(mu_);
  if (!reaped_) return "";
  if (WIFEXITED(wait_status_)) {
    return "exit status " + std::to_string(WEXITSTATUS(wait_status_));
  }
  if (WIFSIGNALED(wait_status_)) {
    const int sig = WTERMSIG(wait_status_);
    return "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) +
           ")";
  }
  return "ended";
}

void BotProcess::Stop(std::chrono::milliseconds grace) {
  if (!Exited()) {
    ::killpg(pid_, SIGTERM);
    if (!WaitExit(grace)) {
      ::killpg(pid_, SIGKILL);
      WaitExit(std::chrono::milliseconds(-1));
    }
  }
  stop_log_ = true;
  if (log_thread_.joinable()) log_thread_.join();
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
    SignalAllBotGroups(SIGTERM);
    ::usleep(300'000);
    SignalAllBotGroups(SIGKILL);
    if (cleanup) cleanup();
    // Reap what is left (subreaper) so that nothing lingers as a zombie.
    while (::waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    std::fprintf(stderr, "arbiter: interrupted by signal %d, bots stopped\n",
                 sig);
    std::_Exit(128 + sig);
  }).detach();
}

}  // namespace arbiter
