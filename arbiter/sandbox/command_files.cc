#include "arbiter/sandbox/command_files.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "arbiter/sandbox/bwrap_args.h"

namespace arbiter::sandbox {
namespace {

namespace fs = std::filesystem;

// Bound for every bot anyway (see bwrap_args.cc; /etc/alternatives is in
// the copy of /etc: java is /usr/bin/java -> /etc/alternatives/java ->
// /usr/lib/jvm/...).
constexpr const char* kSystemDirs[] = {
    "/usr",   "/bin",    "/sbin", "/lib", "/lib32",
    "/lib64", "/libx32", "/proc", "/dev", "/etc/alternatives"};

// Files that mark a project's folder (LocateBot).
constexpr const char* kProjectFiles[] = {
    "package.json", "pyproject.toml", "setup.py",     "Cargo.toml",
    "go.mod",       "pom.xml",        "build.gradle", "build.gradle.kts"};

// Interpreter options after which no script file follows (code or a
// module name).
constexpr const char* kNoScriptOptions[] = {"-c",     "-m", "-e",     "-E",
                                            "--eval", "-p", "--print"};

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

// A pyenv shim: ROOT/shims/NAME beside ROOT/versions.
bool IsPyenvShim(const std::string& exe) {
  const fs::path shims = fs::path(exe).parent_path();
  return shims.filename() == "shims" &&
         IsDir((shims.parent_path() / "versions").string());
}

class Collector {
 public:
  // `own`: the bot's folder; `shared`: the folder bots share.
  Collector(std::string path_env, std::string own, std::string shared)
      : path_env_(std::move(path_env)),
        own_(std::move(own)),
        shared_(std::move(shared)) {}

  void Add(const std::string& path) {
    for (const char* sys : kSystemDirs) {
      if (IsUnder(path, sys)) return;
    }
    if (path == "/" || Exposes(path, shared_)) return;
    if (std::find(paths_.begin(), paths_.end(), path) == paths_.end()) {
      paths_.push_back(path);
    }
  }

  // `dir`, or only `file` in it when `dir` would show the shared folder.
  void AddDirOf(const std::string& file, const std::string& dir) {
    Add(Exposes(dir, shared_) ? file : dir);
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
      // What the bot's files lead to (its links, its #! lines) may not
      // reach into another bot's folder under the shared one.
      if ((depth > 0 || hops > 0) && Foreign(current)) return;
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
  bool Foreign(const std::string& path) const {
    return !shared_.empty() && IsUnder(path, shared_) && !IsUnder(path, own_);
  }

  // An installation prefix: a `bin` directory beside a `lib` one.
  static bool IsPrefixBin(const fs::path& dir) {
    return dir.filename() == "bin" && dir.parent_path() != dir &&
           IsDir((dir.parent_path() / "lib").string());
  }

  // A #! interpreter the bot's script may lead to: an executable file of
  // the system, of the bot's folder, on PATH or in an installation (never,
  // say, another bot's program or a file that is not a program).
  bool MayInterpret(const std::string& file) const {
    if (!IsExecutableFile(file) || Foreign(file)) return false;
    const fs::path dir = fs::path(file).parent_path();
    bool on_path = false;
    std::istringstream dirs(path_env_);
    for (std::string d; std::getline(dirs, d, ':');) {
      on_path |= !d.empty() && Absolute(d, "/") == dir.string();
    }
    return on_path || IsUnder(file, own_) || IsPrefixBin(dir) ||
           std::any_of(std::begin(kSystemDirs), std::end(kSystemDirs),
                       [&](const char* sys) { return IsUnder(file, sys); });
  }

  // A file, or the installation or virtualenv it belongs to.
  void AddWithPrefix(const std::string& file) {
    const fs::path dir = fs::path(file).parent_path();
    const fs::path parent = dir.parent_path();
    if (dir.filename() == "bin" && parent != dir && parent.string() != "/") {
      if (Exists((parent / "pyvenv.cfg").string())) {
        AddDirOf(file, parent.string());
        FollowVenvHome(parent / "pyvenv.cfg");
        return;
      }
      if (IsPrefixBin(dir)) {
        AddDirOf(file, parent.string());
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
      // An installation only (a pyvenv.cfg is the bot's to write).
      const fs::path home = Absolute(value, "/");
      if (IsPrefixBin(home) && !Foreign(home.string())) {
        Add(home.parent_path().string());
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
      // A pyenv shim is no use in a sandbox (it needs pyenv and a HOME):
      // left out, env finds the next NAME on PATH (the system's).
      const std::string found = SearchPath(arg, path_env_);
      if (!found.empty() && !IsPyenvShim(found)) {
        FollowExecutable(found, depth + 1);
      }
      return;
    }
    interpreter = Absolute(interpreter, "/");
    if (MayInterpret(interpreter)) FollowExecutable(interpreter, depth + 1);
  }

  std::string path_env_, own_, shared_;
  std::vector<std::string> paths_;
};

std::string FirstWordOf(const std::string& file) {
  std::ifstream in(file);
  std::string word;
  in >> word;
  return word;
}

// What a pyenv shim (ROOT/shims/NAME, a shell script that needs all of
// pyenv and a HOME) would run: ROOT/versions/V/bin/NAME, V from
// PYENV_VERSION, a .python-version file in `cwd` or above, or
// ROOT/version; "system": NAME further on PATH. `exe` itself otherwise.
std::string Unshim(const std::string& exe, const std::string& cwd,
                   const std::string& path_env) {
  if (!IsPyenvShim(exe)) return exe;
  const fs::path root = fs::path(exe).parent_path().parent_path();
  const std::string name = fs::path(exe).filename().string();
  const char* env = std::getenv("PYENV_VERSION");
  std::string version = env ? env : "";
  for (fs::path d = cwd; version.empty(); d = d.parent_path()) {
    version = FirstWordOf((d / ".python-version").string());
    if (d == d.parent_path()) break;
  }
  if (version.empty()) version = FirstWordOf((root / "version").string());
  version = version.substr(0, version.find(':'));
  if (version.empty() || version == "system") {
    std::istringstream dirs(path_env);
    std::string rest;
    for (std::string dir; std::getline(dirs, dir, ':');) {
      if (!IsUnder(Absolute(dir, "/"), root.string())) rest += dir + ":";
    }
    const std::string system = SearchPath(name, rest);
    return system.empty() ? exe : system;
  }
  const std::string real =
      (root / "versions" / version / "bin" / name).string();
  return IsExecutableFile(real) ? real : exe;
}

std::string Program(const std::string& word, const std::string& cwd,
                    const std::string& path_env) {
  if (word.find('/') != std::string::npos) return Absolute(word, cwd);
  return SearchPath(word, path_env);
}

bool IsInterpreter(const std::string& word) {
  if (word.find('/') == std::string::npos) return true;  // found on PATH
  std::string name = fs::path(word).filename().string();
  while (!name.empty() &&
         (std::isdigit(static_cast<unsigned char>(name.back())) ||
          name.back() == '.')) {
    name.pop_back();
  }
  return std::any_of(std::begin(kInterpreters), std::end(kInterpreters),
                     [&](const char* known) { return name == known; });
}

// A class path's entries ("a.jar:lib/*"), each from `cwd`.
std::vector<std::string> ClassPathEntries(const std::string& value,
                                          const std::string& cwd) {
  std::vector<std::string> out;
  std::istringstream parts(value);
  for (std::string part; std::getline(parts, part, ':');) {
    if (part.ends_with("/*")) part.resize(part.size() - 2);
    if (!part.empty()) out.push_back(Absolute(part, cwd));
  }
  return out;
}

bool IsClassPathOption(const std::string& word) {
  return word == "-cp" || word == "-classpath" || word == "--class-path";
}

// The file (or class directory) an interpreter runs, or "".
std::string ScriptOf(const std::vector<std::string>& argv,
                     const std::string& cwd) {
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& word = argv[i];
    if (std::find(std::begin(kNoScriptOptions), std::end(kNoScriptOptions),
                  word) != std::end(kNoScriptOptions)) {
      return "";
    }
    const bool has_value = i + 1 < argv.size();
    if (word == "-jar" && has_value) {
      const std::string jar = Absolute(argv[i + 1], cwd);
      return Exists(jar) ? jar : "";
    }
    if (IsClassPathOption(word) && has_value) {
      const auto entries = ClassPathEntries(argv[++i], cwd);
      if (!entries.empty() && Exists(entries[0])) return entries[0];
      continue;
    }
    if (word.empty() || word[0] == '-') continue;
    const std::string path = Absolute(word, cwd);
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return path;
  }
  return "";
}

// `dir`, or the project folder one or two levels above it (never one that
// shows the shared folder).
std::string ProjectFolder(const std::string& dir, const std::string& shared) {
  fs::path d = dir;
  for (int up = 0; up <= 2 && d != d.parent_path(); ++up, d = d.parent_path()) {
    if (Exposes(d.string(), shared)) break;
    for (const char* marker : kProjectFiles) {
      if (Exists((d / marker).string())) return d.string();
    }
  }
  return dir;
}

// Arguments naming existing paths from `cwd`, made absolute (class path
// entries one by one), so that they mean the same from another folder.
std::vector<std::string> AbsoluteArguments(std::vector<std::string> argv,
                                           const std::string& cwd) {
  for (size_t i = 1; i < argv.size(); ++i) {
    std::string& word = argv[i];
    if (IsClassPathOption(argv[i - 1])) {
      std::string joined;
      std::istringstream parts(word);
      for (std::string part; std::getline(parts, part, ':');) {
        const bool all = part.ends_with("/*");
        const std::string path = all ? part.substr(0, part.size() - 2) : part;
        if (!path.empty() && path[0] != '/' && Exists(Absolute(path, cwd))) {
          part = Absolute(path, cwd) + (all ? "/*" : "");
        }
        joined += (joined.empty() ? "" : ":") + part;
      }
      word = joined;
    } else if (!word.empty() && word[0] != '-' && word[0] != '/' &&
               Exists(Absolute(word, cwd))) {
      word = Absolute(word, cwd);
    }
  }
  return argv;
}

}  // namespace

bool IsUnder(const std::string& path, const std::string& dir) {
  if (dir == "/") return true;
  return path == dir || (path.size() > dir.size() && path.starts_with(dir) &&
                         path[dir.size()] == '/');
}

bool Exposes(const std::string& dir, const std::string& shared) {
  return !shared.empty() && IsUnder(shared, dir);
}

std::expected<BotLayout, std::string> LocateBot(
    const std::vector<std::string>& argv, const std::string& cwd,
    const std::string& shared, const std::string& path_env) {
  if (argv.empty()) return std::unexpected("empty command");
  const std::string exe = Program(argv[0], cwd, path_env);
  if (exe.empty() || !IsExecutableFile(exe)) {
    return std::unexpected("no executable '" + argv[0] + "'");
  }
  BotLayout layout{.argv = argv, .folder = Absolute(cwd, "/")};
  layout.argv[0] = Unshim(exe, cwd, path_env);
  layout.main = IsInterpreter(argv[0]) ? ScriptOf(argv, cwd) : exe;
  if (layout.folder == Absolute(shared, "/") && !layout.main.empty()) {
    layout.folder = ProjectFolder(
        IsDir(layout.main) ? layout.main
                           : fs::path(layout.main).parent_path().string(),
        Absolute(shared, "/"));
  }
  if (layout.folder != Absolute(cwd, "/")) {
    layout.argv = AbsoluteArguments(std::move(layout.argv), cwd);
  }
  layout.shared = Exposes(layout.folder, Absolute(shared, "/"));
  return layout;
}

std::expected<std::vector<std::string>, std::string> CommandPaths(
    const std::vector<std::string>& argv, const std::string& cwd,
    const std::string& path_env, const std::string& shared) {
  if (argv.empty()) return std::unexpected("empty command");
  const std::string exe = Program(argv[0], cwd, path_env);
  if (exe.empty() || !IsExecutableFile(exe)) {
    return std::unexpected("no executable '" + argv[0] + "'");
  }
  Collector c(path_env, cwd, shared);
  c.FollowExecutable(exe);
  auto add = [&](const std::string& path) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) return;
    if (S_ISDIR(st.st_mode)) {
      c.Add(path);
    } else if (S_ISREG(st.st_mode)) {
      c.AddDirOf(path, fs::path(path).parent_path().string());
    }
  };
  for (size_t i = 1; i < argv.size(); ++i) {
    if (IsClassPathOption(argv[i - 1])) {
      for (const auto& entry : ClassPathEntries(argv[i], cwd)) add(entry);
    } else if (!argv[i].empty() && argv[i][0] != '-') {
      add(Absolute(argv[i], cwd));
    }
  }
  return c.Take();
}

std::expected<std::vector<std::string>, std::string> BotPaths(
    const std::vector<std::string>& argv, const std::string& dir,
    const std::string& shared, const std::string& path_env) {
  auto paths = CommandPaths(argv, dir, path_env, shared);
  if (paths && !Exposes(dir, shared)) paths->push_back(dir);
  return paths;
}

namespace {

bool Shown(const std::string& path, const std::vector<std::string>& readable) {
  auto under = [&](const std::string& dir) { return IsUnder(path, dir); };
  // Not /tmp: what a bot names there is in its own /tmp or, when it
  // exists on the host, more likely a host path it could not see.
  return std::any_of(std::begin(kSystemDirs), std::end(kSystemDirs), under) ||
         under(kSandboxSocketDir) ||
         std::any_of(readable.begin(), readable.end(), under) ||
         std::ranges::any_of(EtcPaths(), under);
}

// The absolute paths in `text`: words from a '/' on, of the characters
// file names usually have.
std::vector<std::string> AbsolutePathsIn(std::string_view text) {
  std::vector<std::string> out;
  auto path_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("/._-+@~").find(c) != std::string_view::npos;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '/' || (i > 0 && path_char(text[i - 1]))) continue;
    size_t end = i;
    while (end < text.size() && path_char(text[end])) ++end;
    std::string word(text.substr(i, end - i));
    while (word.size() > 1 && (word.back() == '.' || word.back() == '/')) {
      word.pop_back();
    }
    if (word.size() > 1) out.push_back(Absolute(word, "/"));
    i = end;
  }
  return out;
}

// NAME of every "Cannot find module 'NAME'" that is a package.
std::vector<std::string> MissingNodeModules(std::string_view text) {
  std::vector<std::string> out;
  constexpr std::string_view kMarker = "Cannot find module '";
  for (size_t at = text.find(kMarker); at != std::string_view::npos;
       at = text.find(kMarker, at + 1)) {
    const size_t start = at + kMarker.size();
    const size_t end = text.find('\'', start);
    if (end == std::string_view::npos) break;
    const std::string name(text.substr(start, end - start));
    if (!name.empty() && name[0] != '.' && name[0] != '/' &&
        name.find("..") == std::string::npos) {
      out.push_back(name);
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> HiddenPathsNamed(
    std::string_view output, const std::vector<std::string>& readable,
    const std::string& folder, size_t max) {
  std::vector<std::string> candidates = AbsolutePathsIn(output);
  for (const auto& name : MissingNodeModules(output)) {
    for (fs::path d = folder;; d = d.parent_path()) {
      const std::string module = (d / "node_modules" / name).string();
      if (Exists(module)) {
        candidates.push_back(module);
        break;
      }
      if (d == d.parent_path()) break;
    }
  }
  std::vector<std::string> out;
  for (const auto& path : candidates) {
    if (out.size() >= max) break;
    if (!Exists(path) || Shown(path, readable) ||
        std::find(out.begin(), out.end(), path) != out.end()) {
      continue;
    }
    out.push_back(path);
  }
  return out;
}

}  // namespace arbiter::sandbox
