#include "arbiter/sandbox/sandbox.h"

#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "arbiter/process/bot_process.h"
#include "arbiter/sandbox/bwrap_args.h"
#include "arbiter/sandbox/command_files.h"
#include "arbiter/sandbox/fs_util.h"
#include "arbiter/sandbox/seccomp.h"

extern char** environ;

namespace arbiter::sandbox {
namespace {

using Clock = std::chrono::steady_clock;

// Descriptor numbers inside bubblewrap's process.
constexpr int kSeccompFd = 3;
constexpr int kStatusFd = 4;
constexpr int kReadyFd = 5;

std::string Which(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(std::string(path ? path : "") + ":/usr/bin:/bin");
  for (std::string d; std::getline(dirs, d, ':');) {
    if (d.empty() || d[0] != '/') continue;
    const std::string candidate = d + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

ino_t PidNamespaceOf(pid_t pid) {
  struct stat st;
  const std::string path = "/proc/" + std::to_string(pid) + "/ns/pid";
  return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
}

// The number after "key": in bubblewrap's JSON status, or -1.
long long JsonNumber(const std::string& text, const std::string& key) {
  const auto at = text.find("\"" + key + "\"");
  if (at == std::string::npos) return -1;
  const auto colon = text.find(':', at);
  if (colon == std::string::npos) return -1;
  return std::strtoll(text.c_str() + colon + 1, nullptr, 10);
}

// What passes from the arbiter's environment into a jail: the locale, the
// search path, and the ZETEMA_* variables (settings meant for every bot).
// Nothing else: the arbiter's environment may hold the organiser's secrets.
bool PassesThrough(const std::string& key) {
  return key == "PATH" || key == "LANG" || key == "LANGUAGE" || key == "TZ" ||
         key.starts_with("LC_") || key.starts_with("ZETEMA_");
}

}  // namespace

uint32_t IdBlockOf(int pid) {
  return kFirstId + uint32_t(pid % (1 << 18)) * kIdsPerRun;
}

// ---------------------------------------------------------------- sandbox

std::expected<std::unique_ptr<Sandbox>, std::string> Sandbox::Start(
    SandboxOptions options) {
  std::unique_ptr<Sandbox> s(new Sandbox(std::move(options)));
  if (s->options_.mode == Mode::kNone) {
    s->missing_.push_back(
        "no sandbox: bots run as ordinary processes of the arbiter's user; "
        "they can read each other's and the arbiter's memory, environment "
        "and files (records included), signal each other, use the network, "
        "and nothing limits their memory or processes");
    return s;
  }
  if (auto ok = s->Detect(); !ok) return std::unexpected(ok.error());
  if (s->options_.mode == Mode::kFull && !s->missing_.empty()) {
    std::string message =
        "the bot sandbox cannot give every guarantee on this machine:";
    for (const auto& m : s->missing_) message += "\n  - " + m;
    message +=
        "\nrun with --sandbox=reduced (tournament: [sandbox] mode = "
        "\"reduced\") to accept this, or --sandbox=none to run bots without "
        "a sandbox";
    return std::unexpected(message);
  }
  return s;
}

Sandbox::~Sandbox() {
  if (!run_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(run_dir_, ec);
  }
}

std::expected<void, std::string> Sandbox::Detect() {
  const std::string refuse =
      " (run with --sandbox=none to play without a sandbox)";
  bwrap_ = Which("bwrap");
  if (bwrap_.empty()) {
    return std::unexpected(
        "bubblewrap (bwrap) is not installed: no bot can be sandboxed "
        "(Debian package bubblewrap)" +
        refuse);
  }
  if (auto program = SeccompProgram(); !program) {
    return std::unexpected(
        "cannot build the seccomp filter: " + program.error() + refuse);
  }
  // A private directory like the server's (an owner file, so that a later
  // run removes it if this arbiter is killed), for the copy of /etc.
  {
    const char* tmp = std::getenv("TMPDIR");
    std::string tmpl =
        std::string(tmp && *tmp ? tmp : "/tmp") + "/arbiter-XXXXXX";
    if (::mkdtemp(tmpl.data()) == nullptr) {
      return std::unexpected("cannot create a directory in " + tmpl + refuse);
    }
    run_dir_ = tmpl;
    ::chmod(run_dir_.c_str(), 0755);
    std::ofstream(run_dir_ + "/owner")
        << ::getpid() << " " << ProcessStartTime(::getpid()) << "\n";
    if (auto ok = CopyEtc(run_dir_ + "/etc"); !ok) {
      return std::unexpected(ok.error() + refuse);
    }
  }
  privileged_ = ::geteuid() == 0;
  if (privileged_) {
    setpriv_ = "/usr/bin/setpriv";
    if (::access(setpriv_.c_str(), X_OK) != 0) {
      privileged_ = false;
      missing_.push_back(
          "per-seat user ids: /usr/bin/setpriv (util-linux) is missing, so "
          "bots run in a user namespace of the arbiter's user");
    }
  } else {
    missing_.push_back(
        "per-seat user ids: the arbiter does not run as root, so every bot "
        "runs as the arbiter's own user (in a user namespace); seats are "
        "told apart by their pid namespaces only, and a bot's writable "
        "directories are the arbiter user's");
  }
  auto tree = CgroupTree::Create();
  if (tree) {
    cgroup_support_ = (*tree)->support();
    cgroups_ = std::move(*tree);
  }
  const std::string why =
      tree ? "cgroup " + cgroup_support_.layout + " has no writable"
           : "no writable cgroup hierarchy (" + tree.error() + ")";
  if (!cgroup_support_.memory) {
    missing_.push_back(
        "memory limit: " + why + (tree ? " memory controller" : "") +
        "; a bot may use all of the machine's memory and memory-limit "
        "faults are never recorded");
  }
  if (!cgroup_support_.pids) {
    missing_.push_back("process limit: " + why +
                       (tree ? " pids controller" : "") +
                       "; a bot may start any number of processes and "
                       "process-limit faults are never recorded");
  }
  if (!cgroup_support_.cpu_time) {
    missing_.push_back("CPU time accounting: " + why +
                       (tree ? " cpu accounting" : "") +
                       "; records show no CPU time per decision");
  }
  // A probe: the whole chain (bubblewrap, namespaces, seccomp, control
  // group, user switch) once, so that a broken machine is reported now and
  // not as the first bot's failure.
  auto jail = NewJail(
      {.bot_name = "probe", .limits = {.memory_bytes = 0, .processes = 0}});
  if (!jail) return std::unexpected("sandbox probe: " + jail.error() + refuse);
  SpawnOptions probe{.argv = {"/usr/bin/true"}};
  auto process = BotProcess::Spawn(probe, std::move(*jail));
  if (!process) {
    return std::unexpected("sandbox probe: " + process.error().message +
                           refuse);
  }
  if (!(*process)->WaitExit(std::chrono::seconds(10)) ||
      (*process)->ExitDescription() != "exit status 0") {
    return std::unexpected(
        "sandbox probe: /usr/bin/true in a sandbox ended "
        "with " +
        (*process)->ExitDescription() + refuse);
  }
  return {};
}

std::string Sandbox::Describe() const {
  std::string out = "sandbox " + std::string(ToString(options_.mode));
  if (options_.mode != Mode::kNone) {
    out +=
        privileged_ ? ", one user id per bot process" : ", the arbiter's user";
    out += cgroups_ ? ", cgroup " + cgroup_support_.layout : ", no cgroups";
  }
  for (const auto& m : missing_) out += "\n  missing: " + m;
  return out;
}

void Sandbox::AddHidden(const std::string& path) {
  std::lock_guard lock(mu_);
  options_.hidden.push_back(path);
}

uint32_t Sandbox::NextId() {
  std::lock_guard lock(mu_);
  // Seats count up from the start of the block, writable directories'
  // groups down from its end.
  return IdBlockOf(::getpid()) + (next_id_++ % (kIdsPerRun / 2));
}

std::expected<gid_t, std::string> Sandbox::WritableGroup(
    const std::string& dir) {
  std::lock_guard lock(mu_);
  if (auto it = writable_groups_.find(dir); it != writable_groups_.end()) {
    return it->second;
  }
  const gid_t gid = IdBlockOf(::getpid()) + kIdsPerRun - 1 -
                    (next_group_id_++ % (kIdsPerRun / 2));
  // Every file and directory under it: this group, which may write; new
  // files inherit the group (setgid directories) and bots run with umask
  // 002, so that every process granted the directory can use what another
  // wrote. Symbolic links are not followed.
  static thread_local gid_t walk_gid;
  static thread_local int walk_error;
  walk_gid = gid;
  walk_error = 0;
  auto visit = [](const char* path, const struct stat* st, int type,
                  FTW*) -> int {
    if (type == FTW_SL || type == FTW_SLN) return 0;
    if (::lchown(path, uid_t(-1), walk_gid) != 0) {
      walk_error = errno;
      return 1;
    }
    const mode_t add =
        S_ISDIR(st->st_mode) ? (S_ISGID | S_IRWXG) : (S_IRGRP | S_IWGRP);
    if (S_ISDIR(st->st_mode) || S_ISREG(st->st_mode)) {
      ::chmod(path, (st->st_mode & 07777) | add);
    }
    return 0;
  };
  if (::nftw(dir.c_str(), visit, 16, FTW_PHYS) != 0) {
    return std::unexpected(
        "cannot give the bots' group the writable "
        "directory " +
        dir + ": " + std::strerror(walk_error));
  }
  writable_groups_[dir] = gid;
  return gid;
}

std::expected<std::unique_ptr<Jail>, std::string> Sandbox::NewJail(
    const JailSpec& spec) {
  if (options_.mode == Mode::kNone) return nullptr;
  std::unique_ptr<Jail> j(new Jail());
  j->sandbox_ = this;
  j->spec_ = spec;
  if (privileged_) {
    const uint32_t id = NextId();
    j->identity_.has_uid = true;
    j->identity_.uid = id;
    j->gid_ = id;
    for (const auto& dir : spec.limits.writable) {
      auto gid = WritableGroup(dir);
      if (!gid) return std::unexpected(gid.error());
      j->groups_.push_back(*gid);
    }
  }
  if (cgroups_) {
    CgroupLimits limits{
        .memory_bytes = cgroup_support_.memory ? spec.limits.memory_bytes : 0,
        .pids = cgroup_support_.pids ? spec.limits.processes : 0,
        .cpu_weight = spec.limits.cpu_weight};
    auto group = cgroups_->NewGroup(limits);
    if (!group) return std::unexpected(group.error());
    j->cgroup_ = std::move(*group);
  } else if (spec.limits.cpu_weight) {
    return std::unexpected("no cgroup cpu controller for a CPU weight");
  }
  return j;
}

// ------------------------------------------------------------------- jail

Jail::~Jail() {
  CloseChildEnds();
  if (status_read_ >= 0) ::close(status_read_);
  if (ready_read_ >= 0) ::close(ready_read_);
  if (init_pidfd_ >= 0) ::close(init_pidfd_);
}

void Jail::CloseChildEnds() {
  if (seccomp_fd_ >= 0) ::close(seccomp_fd_);
  if (status_write_ >= 0) ::close(status_write_);
  if (ready_write_ >= 0) ::close(ready_write_);
  seccomp_fd_ = status_write_ = ready_write_ = -1;
}

std::expected<ExecPlan, std::string> Jail::Wrap(
    const std::vector<std::string>& argv,
    const std::vector<std::pair<std::string, std::string>>& env,
    const std::string& dir) {
  const char* path_env = std::getenv("PATH");
  // The working directory is not bound when it would show the shared
  // folder: it is an empty directory holding the command's files only.
  auto paths = BotPaths(argv, dir, spec_.shared_dir, path_env ? path_env : "");
  if (!paths) return std::unexpected(paths.error());
  BwrapPlan plan;
  plan.bwrap = sandbox_->bwrap_;
  plan.privileged = sandbox_->privileged_;
  plan.setpriv = sandbox_->setpriv_;
  plan.uid = identity_.uid;
  plan.gid = gid_;
  plan.groups = groups_;
  plan.read_only = *paths;
  for (const auto& p : spec_.limits.read_only) plan.read_only.push_back(p);
  plan.writable = spec_.limits.writable;
  {
    std::lock_guard lock(sandbox_->mu_);
    plan.hidden = sandbox_->options_.hidden;
  }
  plan.socket_dir = spec_.socket_dir;
  plan.etc_dir = sandbox_->run_dir_ + "/etc";
  plan.tmp_bytes = spec_.limits.tmp_bytes;
  plan.cwd = dir;
  plan.seccomp_fd = kSeccompFd;
  plan.status_fd = kStatusFd;
  plan.ready_fd = kReadyFd;
  plan.command = argv;

  auto seccomp = SeccompProgramFd();
  if (!seccomp) return std::unexpected(seccomp.error());
  seccomp_fd_ = *seccomp;
  int status[2];
  if (::pipe2(status, O_CLOEXEC) != 0) {
    return std::unexpected(std::string("pipe2: ") + std::strerror(errno));
  }
  status_read_ = status[0];
  status_write_ = status[1];
  int ready[2];
  if (::pipe2(ready, O_CLOEXEC) != 0) {
    return std::unexpected(std::string("pipe2: ") + std::strerror(errno));
  }
  ready_read_ = ready[0];
  ready_write_ = ready[1];

  ExecPlan exec;
  exec.argv = BwrapArgv(plan);
  exec.path = exec.argv[0];
  for (char** e = environ; e && *e; ++e) {
    const std::string entry = *e;
    const std::string key = entry.substr(0, entry.find('='));
    bool replaced = key == "HOME" || key == "TMPDIR";
    for (const auto& [k, v] : env) replaced |= k == key;
    if (PassesThrough(key) && !replaced) exec.env.push_back(entry);
  }
  exec.env.push_back("HOME=/tmp");
  exec.env.push_back("TMPDIR=/tmp");
  for (const auto& [k, v] : env) exec.env.push_back(k + "=" + v);
  exec.fds = {{seccomp_fd_, kSeccompFd},
              {status_write_, kStatusFd},
              {ready_write_, kReadyFd}};
  return exec;
}

int Jail::InChild() const noexcept {
  // Files the bot makes in a shared writable directory stay usable by the
  // other processes granted it (their common group).
  ::umask(002);
  return cgroup_ ? cgroup_->JoinInChild() : 0;
}

std::expected<void, std::string> Jail::AwaitSetup(
    pid_t pid, std::chrono::steady_clock::time_point deadline) {
  outer_pid_ = pid;
  CloseChildEnds();
  std::string status;
  while (JsonNumber(status, "child-pid") < 0 ||
         JsonNumber(status, "pid-namespace") < 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - Clock::now());
    if (left.count() <= 0) {
      return std::unexpected("bubblewrap did not report within 10 s");
    }
    pollfd p{status_read_, POLLIN, 0};
    if (::poll(&p, 1, int(left.count())) < 0 && errno != EINTR) {
      return std::unexpected(std::string("poll: ") + std::strerror(errno));
    }
    char buf[512];
    const ssize_t n = ::read(status_read_, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      // No child: bubblewrap failed while making the sandbox (its message
      // is in the bot's log).
      return std::unexpected(
          "bubblewrap exited before starting the bot (its message is in the "
          "bot's log)");
    }
    status.append(buf, size_t(n));
  }
  init_pid_ = pid_t(JsonNumber(status, "child-pid"));
  identity_.pid_namespace = ino_t(JsonNumber(status, "pid-namespace"));
  init_pidfd_ = int(::syscall(SYS_pidfd_open, init_pid_, 0));
  // The child exists; its sandbox is set up when the shell in it says so.
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - Clock::now());
    if (left.count() <= 0) {
      return std::unexpected("the sandbox was not set up within 10 s");
    }
    pollfd p{ready_read_, POLLIN, 0};
    if (::poll(&p, 1, int(left.count())) < 0 && errno != EINTR) {
      return std::unexpected(std::string("poll: ") + std::strerror(errno));
    }
    char c;
    const ssize_t n = ::read(ready_read_, &c, 1);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n == 1) return {};
    return std::unexpected(
        "bubblewrap could not set up the sandbox (its message is in the "
        "bot's log)");
  }
}

std::vector<int> Jail::Pids() const {
  if (cgroup_) return cgroup_->Pids();
  std::vector<int> pids;
  if (identity_.pid_namespace == 0) return pids;
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) {
      continue;
    }
    const int pid = std::atoi(name.c_str());
    if (PidNamespaceOf(pid) == identity_.pid_namespace) pids.push_back(pid);
  }
  return pids;
}

void Jail::Signal(int signal) {
  if (identity_.pid_namespace == 0) return;
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) {
      continue;
    }
    const int pid = std::atoi(name.c_str());
    if (pid == init_pid_ || pid == outer_pid_) continue;
    if (PidNamespaceOf(pid) == identity_.pid_namespace) ::kill(pid, signal);
  }
}

void Jail::KillAll() {
  if (cgroup_) cgroup_->KillAll();
  // The namespace's init takes everything in it when it dies.
  if (init_pid_ > 0) {
    if (init_pidfd_ >= 0) {
      ::syscall(SYS_pidfd_send_signal, init_pidfd_, SIGKILL, nullptr, 0);
      pollfd p{init_pidfd_, POLLIN, 0};
      ::poll(&p, 1, 2000);
    }
  } else if (outer_pid_ > 0) {
    ::kill(outer_pid_, SIGKILL);
  }
}

void Jail::ReapLeftovers() {
  if (init_pid_ <= 0) return;
  // The namespace's init is bubblewrap's child; when bubblewrap died first,
  // it was handed to the arbiter (a child subreaper).
  const auto deadline = Clock::now() + std::chrono::seconds(2);
  while (Clock::now() < deadline) {
    const pid_t r = ::waitpid(init_pid_, nullptr, WNOHANG);
    if (r == init_pid_ || (r < 0 && errno == ECHILD)) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

std::string Jail::DescribeExit(int status) const {
  if (WIFSIGNALED(status)) return KilledBySignal(WTERMSIG(status));
  if (!WIFEXITED(status)) return "ended";
  const int code = WEXITSTATUS(status);
  // bubblewrap exits with 128 + N when the bot died of signal N.
  if (code > 128 && code < 128 + 65) {
    return KilledBySignal(code - 128);
  }
  return "exit status " + std::to_string(code);
}

std::optional<ResourceUsage> Jail::Usage() const {
  if (!cgroup_) return std::nullopt;
  const CgroupUsage u = cgroup_->Usage();
  return ResourceUsage{.cpu_us = u.cpu_us,
                       .oom_kills = u.oom_kills,
                       .pids_refused = u.pids_refused};
}

}  // namespace arbiter::sandbox
