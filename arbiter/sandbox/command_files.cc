#include "arbiter/sandbox/command_files.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace arbiter::sandbox {
namespace {

namespace fs = std::filesystem;

// Bound for every bot anyway (see bwrap_args.cc).
constexpr const char* kSystemDirs[] = {"/usr",    "/bin",   "/sbin",
                                       "/lib",    "/lib32", "/lib64",
                                       "/libx32", "/proc",  "/dev"};

std::string Absolute(const std::string& path, const std::string& cwd) {
  fs::path p(path);
  if (p.is_relative()) p = fs::path(cwd) / p;
  std::string s = p.lexically_normal().string();
  if (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

bool IsExecutableFile(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
         ::access(path.c_str(), X_OK) == 0;
}

bool IsDir(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool Exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

std::string SearchPath(const std::string& name, const std::string& path_env) {
  std::istringstream dirs(path_env);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (dir.empty() || dir[0] != '/') continue;
    const std::string candidate = dir + "/" + name;
    if (IsExecutableFile(candidate)) return Absolute(candidate, "/");
  }
  return "";
}

class Collector {
 public:
  Collector(std::string cwd, std::string path_env)
      : cwd_(std::move(cwd)), path_env_(std::move(path_env)) {}

  void Add(const std::string& path) {
    for (const char* sys : kSystemDirs) {
      if (IsUnder(path, sys)) return;
    }
    if (path == "/") return;
    if (std::find(paths_.begin(), paths_.end(), path) == paths_.end()) {
      paths_.push_back(path);
    }
  }

  // The executable at `path` (absolute) and what it leads to.
  void FollowExecutable(const std::string& path, int depth = 0) {
    if (depth > 4) return;
    // A directory on the way may be a symbolic link (a checkout's `build`
    // linked to a build tree elsewhere): exec resolves it in the sandbox,
    // so what it leads to is bound as well.
    std::error_code ec;
    const fs::path lexical = fs::path(path).parent_path();
    const fs::path real = fs::canonical(lexical, ec);
    if (!ec && real != lexical) {
      FollowExecutable((real / fs::path(path).filename()).string(), depth);
    }
    std::string current = path;
    for (int hops = 0; hops < 40; ++hops) {
      AddWithPrefix(current);
      std::error_code ec;
      if (!fs::is_symlink(current, ec)) break;
      fs::path target = fs::read_symlink(current, ec);
      if (ec) break;
      if (target.is_relative())
        target = fs::path(current).parent_path() / target;
      current = Absolute(target.string(), "/");
    }
    FollowInterpreter(current, depth);
  }

  std::vector<std::string> Take() { return std::move(paths_); }

 private:
  // A file, or the installation or virtualenv it belongs to.
  void AddWithPrefix(const std::string& file) {
    const fs::path dir = fs::path(file).parent_path();
    const fs::path parent = dir.parent_path();
    if (dir.filename() == "bin" && parent != dir && parent.string() != "/") {
      if (Exists((parent / "pyvenv.cfg").string())) {
        Add(parent.string());
        FollowVenvHome(parent / "pyvenv.cfg");
        return;
      }
      if (IsDir((parent / "lib").string())) {
        Add(parent.string());
        return;
      }
    }
    Add(file);
  }

  // A virtualenv's base interpreter: "home = /prefix/bin".
  void FollowVenvHome(const fs::path& cfg) {
    std::ifstream in(cfg);
    for (std::string line; std::getline(in, line);) {
      const auto eq = line.find('=');
      if (eq == std::string::npos) continue;
      std::string key = line.substr(0, eq), value = line.substr(eq + 1);
      auto trim = [](std::string& s) {
        s.erase(0, s.find_first_not_of(" \t"));
        s.erase(s.find_last_not_of(" \t\r") + 1);
      };
      trim(key);
      trim(value);
      if (key != "home" || value.empty() || value[0] != '/') continue;
      const fs::path home = Absolute(value, "/");
      if (home.filename() == "bin" &&
          IsDir((home.parent_path() / "lib").string())) {
        Add(home.parent_path().string());
      } else {
        Add(home.string());
      }
    }
  }

  void FollowInterpreter(const std::string& file, int depth) {
    std::ifstream in(file, std::ios::binary);
    char head[256] = {};
    in.read(head, sizeof head - 1);
    const std::string text(head, size_t(in.gcount()));
    if (!text.starts_with("#!")) return;
    std::istringstream words(text.substr(2, text.find('\n') - 2));
    std::string interpreter, arg;
    words >> interpreter;
    if (interpreter.empty() || interpreter[0] != '/') return;
    if (fs::path(interpreter).filename() == "env") {
      while (words >> arg && arg[0] == '-') {
      }
      if (arg.empty() || arg.find('=') != std::string::npos) return;
      const std::string found = SearchPath(arg, path_env_);
      if (!found.empty()) FollowExecutable(found, depth + 1);
      return;
    }
    FollowExecutable(Absolute(interpreter, "/"), depth + 1);
  }

  std::string cwd_, path_env_;
  std::vector<std::string> paths_;
};

}  // namespace

bool IsUnder(const std::string& path, const std::string& dir) {
  if (dir == "/") return true;
  return path == dir || (path.size() > dir.size() && path.starts_with(dir) &&
                         path[dir.size()] == '/');
}

std::expected<std::vector<std::string>, std::string> CommandPaths(
    const std::vector<std::string>& argv, const std::string& cwd,
    const std::string& path_env) {
  if (argv.empty()) return std::unexpected("empty command");
  std::string exe;
  if (argv[0].find('/') == std::string::npos) {
    exe = SearchPath(argv[0], path_env);
  } else {
    exe = Absolute(argv[0], cwd);
  }
  if (exe.empty() || !IsExecutableFile(exe)) {
    return std::unexpected("no executable '" + argv[0] + "'");
  }
  Collector c(cwd, path_env);
  c.FollowExecutable(exe);
  for (size_t i = 1; i < argv.size(); ++i) {
    if (argv[i].empty() || argv[i][0] == '-') continue;
    const std::string path = Absolute(argv[i], cwd);
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      c.Add(path);
    } else if (S_ISREG(st.st_mode)) {
      c.Add(fs::path(path).parent_path().string());
    }
  }
  return c.Take();
}

}  // namespace arbiter::sandbox
