#include "arbiter/sandbox/bwrap_args.h"

#include <glob.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "arbiter/sandbox/command_files.h"

namespace arbiter::sandbox {
namespace {

bool IsDir(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

}  // namespace

std::vector<std::string> EtcPaths() {
  std::vector<std::string> out;
  // The loader, users and groups (names for ids), time, name-service and
  // MIME configuration; the interpreters' own settings.
  for (const char* pattern :
       {"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
        "/etc/alternatives", "/etc/localtime", "/etc/timezone", "/etc/passwd",
        "/etc/group", "/etc/nsswitch.conf", "/etc/hosts", "/etc/host.conf",
        "/etc/mime.types", "/etc/python3*", "/etc/java-*", "/etc/ssl/certs"}) {
    glob_t g;
    if (::glob(pattern, 0, nullptr, &g) == 0) {
      for (size_t i = 0; i < g.gl_pathc; ++i) out.push_back(g.gl_pathv[i]);
    }
    ::globfree(&g);
  }
  return out;
}

std::expected<void, std::string> CopyEtc(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return std::unexpected("cannot create " + dir + ": " + ec.message());
  for (const auto& path : EtcPaths()) {
    const fs::path to =
        fs::path(dir) / fs::path(path).lexically_relative("/etc");
    fs::create_directories(to.parent_path(), ec);
    fs::copy(path, to,
             fs::copy_options::recursive | fs::copy_options::copy_symlinks |
                 fs::copy_options::overwrite_existing,
             ec);
    // Unreadable files (not world-readable on the host) are left out.
    if (ec && ec != std::errc::permission_denied) {
      return std::unexpected("cannot copy " + path + " to " + to.string() +
                             ": " + ec.message());
    }
  }
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_symlink(ec)) {
      fs::permissions(it->path(),
                      it->is_directory(ec) ? fs::perms(0755) : fs::perms(0644),
                      ec);
    }
  }
  fs::permissions(dir, fs::perms(0755), ec);
  return {};
}

std::vector<std::string> BwrapArgv(const BwrapPlan& plan) {
  std::vector<std::string> a = {plan.bwrap};
  auto add = [&](std::initializer_list<std::string> words) {
    a.insert(a.end(), words.begin(), words.end());
  };
  add({"--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
       "--unshare-cgroup-try"});
  if (!plan.privileged) add({"--unshare-user", "--disable-userns"});
  add({"--die-with-parent", "--new-session", "--hostname", "arbiter"});
  if (plan.privileged) {
    // Only what setpriv needs to become the seat's user; it drops them.
    add({"--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add",
         "CAP_SETGID", "--cap-add", "CAP_SETPCAP"});
  }
  add({"--ro-bind", "/usr", "/usr"});
  for (const char* top :
       {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    std::error_code ec;
    if (std::filesystem::is_symlink(top, ec)) {
      add({"--symlink", std::filesystem::read_symlink(top, ec).string(), top});
    } else if (IsDir(top)) {
      add({"--ro-bind", top, top});
    }
  }
  // Host directories bound whole: what is under them exists already.
  std::vector<std::string> mounted = {"/usr"};
  if (plan.etc_dir.empty()) {
    for (const auto& etc : EtcPaths()) add({"--ro-bind", etc, etc});
  } else {
    add({"--ro-bind", plan.etc_dir, "/etc"});
  }
  const std::string tmp_size = std::to_string(plan.tmp_bytes);
  add({"--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--size",
       tmp_size, "--tmpfs", "/tmp", "--perms", "1777", "--size", tmp_size,
       "--tmpfs", "/dev/shm"});

  // Parents before children; a path inside one already bound the same way
  // is visible through it.
  std::vector<std::pair<std::string, bool>> binds;  // (path, writable)
  for (const auto& p : plan.read_only) binds.emplace_back(p, false);
  for (const auto& p : plan.writable) binds.emplace_back(p, true);
  std::sort(binds.begin(), binds.end());
  std::vector<std::pair<std::string, bool>> done;
  std::set<std::string> made;  // directories made in the root tmpfs
  // Missing directories down to `path` (itself too when `self`) in the
  // root tmpfs, world-readable (bwrap would make them 0700, which the
  // seat's user could not cross).
  auto make_dirs = [&](const std::string& path, bool self) {
    std::filesystem::path dir;
    const std::filesystem::path target(path);
    for (const auto& part : self ? target : target.parent_path()) {
      dir /= part;
      const std::string p = dir.string();
      if (p == "/") continue;
      const bool exists =
          made.contains(p) ||
          std::any_of(done.begin(), done.end(),
                      [&](auto& d) { return IsUnder(p, d.first); }) ||
          std::any_of(mounted.begin(), mounted.end(),
                      [&](auto& m) { return IsUnder(p, m); });
      if (exists) continue;
      add({"--perms", "0755", "--dir", p});
      made.insert(p);
    }
  };
  for (const auto& [path, writable] : binds) {
    const bool covered = std::any_of(done.begin(), done.end(), [&](auto& d) {
      return d.second == writable && IsUnder(path, d.first);
    });
    if (covered) continue;
    make_dirs(path, false);
    add({writable ? "--bind" : "--ro-bind", path, path});
    done.emplace_back(path, writable);
  }
  // A working directory that is not bound (it would show the folder bots
  // share) is an empty directory around the files that are.
  if (!plan.cwd.empty()) make_dirs(plan.cwd, true);
  if (!plan.socket_dir.empty()) {
    add({"--perms", "0755", "--dir", "/run", "--ro-bind", plan.socket_dir,
         kSandboxSocketDir});
  }
  for (const auto& h : plan.hidden) {
    const bool visible = std::any_of(
        done.begin(), done.end(), [&](auto& d) { return IsUnder(h, d.first); });
    struct stat st;
    if (!visible || ::stat(h.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      add({"--size", "4096", "--tmpfs", h, "--remount-ro", h});
    } else {
      add({"--ro-bind", "/dev/null", h});
    }
  }
  if (!plan.cwd.empty()) add({"--chdir", plan.cwd});
  if (plan.seccomp_fd >= 0) add({"--seccomp", std::to_string(plan.seccomp_fd)});
  if (plan.status_fd >= 0) {
    add({"--json-status-fd", std::to_string(plan.status_fd)});
  }
  a.push_back("--");
  if (plan.privileged) {
    add({plan.setpriv, "--reuid", std::to_string(plan.uid), "--regid",
         std::to_string(plan.gid)});
    if (plan.groups.empty()) {
      a.push_back("--clear-groups");
    } else {
      std::string groups;
      for (gid_t g : plan.groups) {
        groups += (groups.empty() ? "" : ",") + std::to_string(g);
      }
      add({"--groups", groups});
    }
    add({"--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--"});
  }
  if (plan.ready_fd >= 0) {
    std::string close;
    for (int fd : {plan.seccomp_fd, plan.status_fd, plan.ready_fd}) {
      if (fd >= 0) close += " " + std::to_string(fd) + ">&-";
    }
    add({"/bin/sh", "-c",
         "echo >&" + std::to_string(plan.ready_fd) + " && exec" + close +
             " && exec \"$@\"",
         "arbiter-sandbox"});
  }
  a.insert(a.end(), plan.command.begin(), plan.command.end());
  return a;
}

}  // namespace arbiter::sandbox
