#include "arbiter/sandbox/cgroup.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "arbiter/sandbox/fs_util.h"

namespace arbiter::sandbox {
namespace {

using Clock = std::chrono::steady_clock;

struct Mount {
  std::string root, point, fstype, options;
};

std::vector<Mount> ReadMounts() {
  std::vector<Mount> mounts;
  std::ifstream in("/proc/self/mountinfo");
  std::string line;
  while (std::getline(in, line)) {
    // ID PARENT MAJ:MIN ROOT POINT OPTS [OPTIONAL...] - FSTYPE SOURCE SUPER
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    const auto dash = std::find(w.begin(), w.end(), "-");
    if (w.size() < 6 || dash == w.end() || w.end() - dash < 4) continue;
    mounts.push_back({.root = w[3],
                      .point = w[4],
                      .fstype = *(dash + 1),
                      .options = *(dash + 3)});
  }
  return mounts;
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, sep)) {
    if (!part.empty()) out.push_back(part);
  }
  return out;
}

bool Contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Where `own` (a path in the hierarchy) is under a mount of that hierarchy
// whose root is `root`; "" when the mount does not show it.
std::string UnderMount(const Mount& m, const std::string& own) {
  if (m.root == "/") return m.point + (own == "/" ? "" : own);
  if (own == m.root) return m.point;
  if (own.starts_with(m.root + "/")) return m.point + own.substr(m.root.size());
  return "";
}

// A unique suffix per tree in this process (tests make several).
std::atomic<int> tree_sequence{0};

std::string RunGroupName() {
  return "arbiter-" + std::to_string(::getpid()) + "-" +
         std::to_string(ProcessStartTime(::getpid())) + "-" +
         std::to_string(tree_sequence.fetch_add(1));
}

std::vector<std::string> Subdirs(const std::string& dir) {
  std::vector<std::string> out;
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return out;
  while (dirent* e = ::readdir(d)) {
    if (e->d_type == DT_DIR && e->d_name[0] != '.') out.push_back(e->d_name);
  }
  ::closedir(d);
  return out;
}

std::vector<int> ReadPids(const std::string& procs_file) {
  std::vector<int> pids;
  auto text = ReadSmallFile(procs_file);
  if (!text) return pids;
  std::istringstream in(*text);
  for (int pid; in >> pid;) pids.push_back(pid);
  return pids;
}

// Kills and removes a group directory of an earlier run and its children,
// deepest first.
void RemoveGroupTree(const std::string& dir) {
  for (const auto& child : Subdirs(dir)) RemoveGroupTree(dir + "/" + child);
  const auto deadline = Clock::now() + std::chrono::seconds(2);
  while (true) {
    if (::access((dir + "/cgroup.kill").c_str(), F_OK) == 0) {
      WriteSmallFile(dir + "/cgroup.kill", "1");
    } else {
      for (int pid : ReadPids(dir + "/cgroup.procs")) ::kill(pid, SIGKILL);
    }
    if (::rmdir(dir.c_str()) == 0 || errno == ENOENT) return;
    if (Clock::now() > deadline) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void RemoveStaleRunGroups(const std::string& base, const std::string& mine) {
  for (const auto& name : Subdirs(base)) {
    int pid = 0;
    uint64_t start = 0;
    if (name == mine || !ParseRunGroupName(name, &pid, &start)) continue;
    if (ProcessStartTime(pid) == start) continue;  // its arbiter still runs
    RemoveGroupTree(base + "/" + name);
  }
}

uint64_t PreadValue(int fd, const char* key) {
  if (fd < 0) return 0;
  char buf[1024];
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return 0;
  buf[n] = 0;
  if (key == nullptr) return std::strtoull(buf, nullptr, 10);
  return KeyedValue(std::string_view(buf, size_t(n)), key);
}

int OpenRead(const std::string& path) {
  return ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
}

// v1: an eventfd that the kernel signals when the group (or one above it)
// runs out of memory, before it kills; -1 when it cannot be registered.
int OomEventFd(const std::string& dir, int oom_control_fd) {
  if (oom_control_fd < 0) return -1;
  const int efd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (efd < 0) return -1;
  if (WriteSmallFile(
          dir + "/cgroup.event_control",
          std::to_string(efd) + " " + std::to_string(oom_control_fd)) != 0) {
    ::close(efd);
    return -1;
  }
  return efd;
}

}  // namespace

uint64_t KeyedValue(std::string_view text, std::string_view key) {
  // Read around every decision: no allocation.
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    if (line.size() > key.size() && line.starts_with(key) &&
        line[key.size()] == ' ') {
      uint64_t v = 0;
      for (char c : line.substr(key.size() + 1)) {
        if (c < '0' || c > '9') break;
        v = v * 10 + uint64_t(c - '0');
      }
      return v;
    }
    at = end + 1;
  }
  return 0;
}

bool ParseRunGroupName(const std::string& name, int* pid, uint64_t* start) {
  std::string_view rest;
  for (std::string_view prefix : {"arbiter-", "zetema-"}) {
    if (name.starts_with(prefix))
      rest = std::string_view(name).substr(prefix.size());
  }
  if (rest.empty()) return false;
  const auto parts = Split(std::string(rest), '-');
  if (parts.size() != 3) return false;
  for (const auto& p : parts) {
    if (p.empty() || !std::all_of(p.begin(), p.end(), ::isdigit)) return false;
  }
  *pid = std::atoi(parts[0].c_str());
  *start = std::strtoull(parts[1].c_str(), nullptr, 10);
  return *pid > 0;
}

uint64_t ProcessStartTime(int pid) {
  auto text = ReadSmallFile("/proc/" + std::to_string(pid) + "/stat");
  if (!text) return 0;
  const auto close = text->rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream in(text->substr(close + 2));
  std::string field;
  // Field 3 (state) is the first after the command; start time is 22.
  for (int i = 3; i <= 22 && (in >> field); ++i) {
    if (i == 22) return std::strtoull(field.c_str(), nullptr, 10);
  }
  return 0;
}

// ------------------------------------------------------------------ tree

std::expected<std::unique_ptr<CgroupTree>, std::string> CgroupTree::Create() {
  std::unique_ptr<CgroupTree> tree(new CgroupTree());
  const std::vector<Mount> mounts = ReadMounts();
  const std::string name = RunGroupName();
  std::vector<std::string> failures;
  static const std::vector<std::string> kWanted = {"memory", "pids", "cpu",
                                                   "cpuacct", "freezer"};
  auto text = ReadSmallFile("/proc/self/cgroup");
  if (!text) return std::unexpected("cannot read /proc/self/cgroup");
  std::istringstream lines(*text);
  bool have_v1 = false, have_v2 = false;
  for (std::string line; std::getline(lines, line);) {
    // ID:CONTROLLERS:PATH; v2 is "0::PATH".
    const auto a = line.find(':');
    const auto b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1);
    const std::string own = line.substr(b + 1);
    CgroupHierarchy h;
    std::string base;
    std::string v2_root;  // the v2 hierarchy's root, when it is mounted
    if (controllers.empty()) {
      h.v2 = true;
      for (const auto& m : mounts) {
        if (m.fstype != "cgroup2") continue;
        base = UnderMount(m, own);
        if (m.root == "/") v2_root = m.point;
        if (!base.empty()) break;
      }
    } else {
      const auto names = Split(controllers, ',');
      for (const auto& c : names) {
        if (Contains(kWanted, c)) h.controllers.push_back(c);
      }
      if (h.controllers.empty()) continue;
      for (const auto& m : mounts) {
        if (m.fstype != "cgroup") continue;
        const auto opts = Split(m.options, ',');
        if (std::all_of(names.begin(), names.end(),
                        [&](const auto& c) { return Contains(opts, c); })) {
          base = UnderMount(m, own);
          if (!base.empty()) break;
        }
      }
    }
    if (base.empty()) continue;
    RemoveStaleRunGroups(base, name);
    h.run_dir = base + "/" + name;
    if (::mkdir(h.run_dir.c_str(), 0755) != 0) {
      failures.push_back(h.run_dir + ": " + std::strerror(errno));
      continue;
    }
    if (h.v2) {
      // Controllers must be enabled in the base (for the run group) and in
      // the run group (for the bots' groups). The run group has no process
      // of its own, so enabling there cannot fail for that reason; the base
      // may refuse (it holds processes), and then v2 serves only the core
      // features (membership, cgroup.kill, cpu.stat).
      auto enable = [&](const std::string& at) {
        h.controllers.clear();
        auto enabled = ReadSmallFile(at + "/cgroup.subtree_control");
        const auto on = Split(enabled.value_or(""), ' ');
        for (const std::string c : {"memory", "pids"}) {
          if (!Contains(on, c) &&
              WriteSmallFile(at + "/cgroup.subtree_control", "+" + c) != 0) {
            continue;
          }
          if (WriteSmallFile(h.run_dir + "/cgroup.subtree_control", "+" + c) ==
              0) {
            h.controllers.push_back(c);
          }
        }
      };
      enable(base);
      // A group that holds processes (a login session's scope) cannot
      // enable controllers for children: as root, the hierarchy's root can
      // (systemd enables them there already).
      if (h.controllers.size() < 2 && ::geteuid() == 0 && !v2_root.empty() &&
          v2_root != base) {
        const std::string at_root = v2_root + "/" + name;
        RemoveStaleRunGroups(v2_root, name);
        if (::mkdir(at_root.c_str(), 0755) == 0) {
          const std::string first = h.run_dir;
          h.run_dir = at_root;
          enable(v2_root);
          if (h.controllers.size() < 2) {
            ::rmdir(at_root.c_str());
            h.run_dir = first;
            enable(base);
          } else {
            ::rmdir(first.c_str());
          }
        }
      }
      h.has_kill = ::access((h.run_dir + "/cgroup.kill").c_str(), F_OK) == 0;
      have_v2 = true;
    } else {
      have_v1 = true;
    }
    tree->hierarchies_.push_back(std::move(h));
  }
  if (tree->hierarchies_.empty()) {
    return std::unexpected(
        failures.empty() ? std::string("no cgroup hierarchy is mounted")
                         : "cannot create cgroups (" + failures.front() + ")");
  }
  auto& s = tree->support_;
  for (const auto& h : tree->hierarchies_) {
    s.memory |= Contains(h.controllers, "memory");
    s.pids |= Contains(h.controllers, "pids");
    s.cpu_weight |= Contains(h.controllers, "cpu");
    s.cpu_time |= h.v2 || Contains(h.controllers, "cpuacct");
    s.kill |= h.has_kill || Contains(h.controllers, "freezer");
  }
  s.layout = have_v1 && have_v2 ? "v1+v2" : have_v2 ? "v2" : "v1";
  return tree;
}

CgroupTree::~CgroupTree() {
  for (const auto& h : hierarchies_) RemoveGroupTree(h.run_dir);
}

std::expected<std::unique_ptr<Cgroup>, std::string> CgroupTree::NewGroup(
    const CgroupLimits& limits) {
  if (limits.memory_bytes && !support_.memory) {
    return std::unexpected("no cgroup memory controller for a memory limit");
  }
  if (limits.pids && !support_.pids) {
    return std::unexpected("no cgroup pids controller for a process limit");
  }
  if (limits.cpu_weight && !support_.cpu_weight) {
    return std::unexpected("no cgroup cpu controller for a CPU weight");
  }
  int n;
  {
    std::lock_guard lock(mu_);
    n = ++next_;
  }
  std::unique_ptr<Cgroup> g(new Cgroup());
  const std::string name = "bot-" + std::to_string(n);
  // Which hierarchy serves what. Killing: v2 first (cgroup.kill needs no
  // controller), else v1's freezer. CPU time: v1's cpuacct first, as it is
  // read around every decision: cpuacct.usage is one number, where v2's
  // cpu.stat gathers every CPU's statistics of the group on each read.
  const CgroupHierarchy* time_h = nullptr;
  const CgroupHierarchy* kill_h = nullptr;
  for (const auto& h : hierarchies_) {
    if (!time_h && Contains(h.controllers, "cpuacct")) time_h = &h;
    if (h.v2 && h.has_kill && !kill_h) kill_h = &h;
  }
  for (const auto& h : hierarchies_) {
    if (h.v2 && !time_h) time_h = &h;
    if (!kill_h && Contains(h.controllers, "freezer")) kill_h = &h;
  }
  for (const auto& h : hierarchies_) {
    const bool memory = Contains(h.controllers, "memory");
    const bool pids = Contains(h.controllers, "pids");
    const bool cpu = Contains(h.controllers, "cpu");
    // A hierarchy whose only use would be the CPU weight is joined only
    // when a weight is set: joining changes how the scheduler shares the
    // CPU between the bots and the rest of the machine.
    const bool needed = (memory && limits.memory_bytes) ||
                        (pids && limits.pids) || (cpu && limits.cpu_weight) ||
                        &h == time_h || &h == kill_h;
    if (!needed) continue;
    const std::string dir = h.run_dir + "/" + name;
    if (::mkdir(dir.c_str(), 0755) != 0) {
      return std::unexpected("cannot create cgroup " + dir + ": " +
                             std::strerror(errno));
    }
    g->dirs_.push_back(dir);
    auto set =
        [&](const std::string& file,
            const std::string& value) -> std::expected<void, std::string> {
      if (int e = WriteSmallFile(dir + "/" + file, value); e != 0) {
        return std::unexpected("cannot write " + value + " to " + dir + "/" +
                               file + ": " + std::strerror(e));
      }
      return {};
    };
    if (memory && limits.memory_bytes) {
      const std::string bytes = std::to_string(limits.memory_bytes);
      if (h.v2) {
        if (auto ok = set("memory.max", bytes); !ok)
          return std::unexpected(ok.error());
        // Swap would turn the limit into slowness instead of a kill.
        set("memory.swap.max", "0");
        // One OOM kill takes the whole sandbox, not one of its processes.
        set("memory.oom.group", "1");
        g->oom_.fd = OpenRead(dir + "/memory.events");
        g->oom_.signal_fd = g->oom_.fd;
      } else {
        if (auto ok = set("memory.limit_in_bytes", bytes); !ok)
          return std::unexpected(ok.error());
        if (::access((dir + "/memory.memsw.limit_in_bytes").c_str(), F_OK) ==
            0) {
          set("memory.memsw.limit_in_bytes", bytes);
        }
        g->oom_.fd = OpenRead(dir + "/memory.oom_control");
        g->oom_.signal_fd = OomEventFd(dir, g->oom_.fd);
        g->oom_.own_signal_fd = true;
      }
    }
    if (pids && limits.pids) {
      if (auto ok = set("pids.max", std::to_string(limits.pids)); !ok)
        return std::unexpected(ok.error());
      g->pids_.fd = OpenRead(dir + "/pids.events");
      if (h.v2) g->pids_.signal_fd = g->pids_.fd;
    }
    if (cpu && limits.cpu_weight) {
      const std::string value =
          h.v2 ? std::to_string(limits.cpu_weight)
               : std::to_string(std::max(2, limits.cpu_weight * 1024 / 100));
      if (auto ok = set(h.v2 ? "cpu.weight" : "cpu.shares", value); !ok)
        return std::unexpected(ok.error());
    }
    if (&h == time_h) {
      g->cpu_v2_ = h.v2;
      g->cpu_fd_ = OpenRead(dir + (h.v2 ? "/cpu.stat" : "/cpuacct.usage"));
    }
    if (&h == kill_h) {
      if (h.v2) {
        g->kill_file_ = dir + "/cgroup.kill";
      } else {
        g->freezer_dir_ = dir;
      }
    }
    if (g->procs_file_.empty()) g->procs_file_ = dir + "/cgroup.procs";
    const int fd =
        ::open((dir + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
      return std::unexpected("cannot open " + dir +
                             "/cgroup.procs: " + std::strerror(errno));
    }
    g->join_fds_.push_back(fd);
  }
  return g;
}

// ----------------------------------------------------------------- group

Cgroup::~Cgroup() {
  KillAll(std::chrono::seconds(2));
  for (int fd : {cpu_fd_, oom_.fd, pids_.fd}) {
    if (fd >= 0) ::close(fd);
  }
  if (oom_.own_signal_fd && oom_.signal_fd >= 0) ::close(oom_.signal_fd);
  for (int fd : join_fds_) ::close(fd);
  for (const auto& dir : dirs_) {
    // Right after the last process exits, rmdir can briefly say EBUSY.
    for (int i = 0; i < 200; ++i) {
      if (::rmdir(dir.c_str()) == 0 || errno != EBUSY) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
}

int Cgroup::JoinInChild() const noexcept {
  for (int fd : join_fds_) {
    if (::write(fd, "0", 1) != 1) return errno ? errno : EIO;
  }
  return 0;
}

CgroupUsage Cgroup::Usage() const {
  CgroupUsage u;
  if (cpu_fd_ >= 0) {
    u.cpu_us = cpu_v2_ ? PreadValue(cpu_fd_, "usage_usec")
                       : PreadValue(cpu_fd_, nullptr) / 1000;
  }
  // One poll for both change signals rather than a read of each file.
  std::lock_guard lock(counters_mu_);
  pollfd signals[2];
  int n = 0;
  for (const Counter* c : {&oom_, &pids_}) {
    if (c->signal_fd >= 0) {
      signals[n++] = {.fd = c->signal_fd,
                      .events = short(c->own_signal_fd ? POLLIN : POLLPRI)};
    }
  }
  if (n > 0 && ::poll(signals, nfds_t(n), 0) < 0) {
    for (int i = 0; i < n; ++i) signals[i].revents = POLLIN | POLLPRI;
  }
  const auto now = Clock::now();
  int at = 0;
  for (Counter* c : {&oom_, &pids_}) {
    const bool signalled = c->signal_fd >= 0 && signals[at++].revents != 0;
    Refresh(*c, signalled, now);
  }
  u.oom_kills = oom_.value;
  u.pids_refused = pids_.value;
  return u;
}

void Cgroup::Refresh(Counter& c, bool signalled, Clock::time_point now) const {
  // Long enough for a held-back change signal to come (10 ms, in jiffies).
  constexpr auto kAfterSignal = std::chrono::milliseconds(100);
  if (c.fd < 0) return;
  if (signalled) {
    if (c.own_signal_fd) {
      uint64_t count;  // the eventfd's, reset by reading it
      [[maybe_unused]] const ssize_t n =
          ::read(c.signal_fd, &count, sizeof count);
    }
    c.read_until = now + kAfterSignal;
  }
  if (c.signal_fd < 0 || signalled || now < c.read_until) {
    c.value = PreadValue(c.fd, c.key);
  }
}

std::vector<int> Cgroup::Pids() const {
  std::vector<int> all;
  for (const auto& dir : dirs_) {
    for (int pid : ReadPids(dir + "/cgroup.procs")) {
      if (std::find(all.begin(), all.end(), pid) == all.end()) {
        all.push_back(pid);
      }
    }
  }
  return all;
}

bool Cgroup::KillOnce() {
  if (!kill_file_.empty()) return WriteSmallFile(kill_file_, "1") == 0;
  if (!freezer_dir_.empty()) {
    // Frozen, nothing can fork between the listing and the kill.
    const std::string state = freezer_dir_ + "/freezer.state";
    WriteSmallFile(state, "FROZEN");
    for (int i = 0; i < 100; ++i) {
      auto s = ReadSmallFile(state);
      if (!s || s->starts_with("FROZEN")) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    for (int pid : ReadPids(freezer_dir_ + "/cgroup.procs")) {
      ::kill(pid, SIGKILL);
    }
    WriteSmallFile(state, "THAWED");
    return true;
  }
  // No way to kill them all at once: one by one, until none is left.
  for (int pid : Pids()) ::kill(pid, SIGKILL);
  return true;
}

bool Cgroup::KillAll(std::chrono::milliseconds limit) {
  if (dirs_.empty()) return true;
  const auto deadline = Clock::now() + limit;
  while (!Empty()) {
    KillOnce();
    for (int i = 0; i < 20 && !Empty(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (Clock::now() > deadline) return Empty();
  }
  return true;
}

}  // namespace arbiter::sandbox
