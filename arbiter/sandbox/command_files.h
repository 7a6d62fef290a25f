// Which host paths a bot's command needs inside its sandbox (bound
// read-only at the same place), found without running it:
//
//   - the executable (looked up on PATH, or taken from the bot's directory)
//     and every file on its chain of symbolic links: a virtualenv's
//     bin/python leads to the interpreter it was made from;
//   - for each of those in a `bin` directory whose parent also holds a
//     `lib` directory, that parent: an interpreter's installation prefix
//     (its standard library); a virtualenv (pyvenv.cfg beside bin/) and the
//     interpreter its pyvenv.cfg names;
//   - the interpreter of a script ("#!/path" or "#!/usr/bin/env NAME"),
//     followed the same way;
//   - every argument that names an existing directory, and the directory of
//     every argument that names an existing file (a script and the modules
//     beside it).
// Paths under the system directories bound anyway (/usr...) are left out.
#ifndef ARBITER_SANDBOX_COMMAND_FILES_H_
#define ARBITER_SANDBOX_COMMAND_FILES_H_

#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::sandbox {

// Absolute, normalized paths as the command names them (symbolic links are
// not resolved: each is bound where the bot will look for it), without
// duplicates. Fails when the executable cannot be found.
std::expected<std::vector<std::string>, std::string> CommandPaths(
    const std::vector<std::string>& argv, const std::string& cwd,
    const std::string& path_env, const std::string& shared = "");

// True when `path` is `dir` or inside it (both absolute and normalized).
bool IsUnder(const std::string& path, const std::string& dir);

// Binding `dir` would show `shared` (the run's shared folder); false when
// `shared` is empty.
bool Exposes(const std::string& dir, const std::string& shared);

// The program names taken for interpreters (after trailing version digits
// and dots are dropped: python3.11 is python).
inline constexpr const char* kInterpreters[] = {
    "python", "pypy",   "node",    "nodejs", "bun",    "deno", "tsx",
    "java",   "ruby",   "perl",    "php",    "sh",     "bash", "dash",
    "lua",    "luajit", "Rscript", "julia",  "dotnet", "mono", "env"};

struct BotLayout {
  // The command to run from `folder`: the program as an absolute path (a
  // pyenv shim replaced by the interpreter it would run), and, when the
  // folder is not the `cwd` the command was written for, every argument
  // that names an existing path from there made absolute.
  std::vector<std::string> argv;
  std::string folder;  // absolute, normalized: the working directory
  // Its main file (script, jar, class folder or program; "": none), as
  // the command names it from its `cwd`, absolute.
  std::string main;
  // The folder is the shared one or holds it: not readable whole.
  bool shared = false;
};

// `argv` as written for `cwd` (absolute); `shared`: the folder bots share
// (a tournament config's, or the arbiter's working directory), absolute.
// Fails when the program cannot be found.
std::expected<BotLayout, std::string> LocateBot(
    const std::vector<std::string>& argv, const std::string& cwd,
    const std::string& shared, const std::string& path_env);

// What a bot's sandbox shows of the host besides the system directories
// (all read-only): CommandPaths of `argv` from `dir`, and `dir`, its
// working directory, unless it shows `shared`.
std::expected<std::vector<std::string>, std::string> BotPaths(
    const std::vector<std::string>& argv, const std::string& dir,
    const std::string& shared, const std::string& path_env);

// Host paths that a bot's output names and that exist but its sandbox does
// not show (`readable`: what it was given besides the system directories
// and its /etc copy), at most `max`: an absolute path in an error
// message ("No such file or directory: '/srv/w.bin'"), or the module of
// node's "Cannot find module 'NAME'" in a node_modules folder at or above
// `folder`.
std::vector<std::string> HiddenPathsNamed(
    std::string_view output, const std::vector<std::string>& readable,
    const std::string& folder, size_t max = 5);

}  // namespace arbiter::sandbox

#endif  // ARBITER_SANDBOX_COMMAND_FILES_H_
