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
#include <vector>

namespace arbiter::sandbox {

// Absolute, normalized paths as the command names them (symbolic links are
// not resolved: each is bound where the bot will look for it), without
// duplicates. Fails when the executable cannot be found.
std::expected<std::vector<std::string>, std::string> CommandPaths(
    const std::vector<std::string>& argv, const std::string& cwd,
    const std::string& path_env);

// True when `path` is `dir` or inside it (both absolute and normalized).
bool IsUnder(const std::string& path, const std::string& dir);

}  // namespace arbiter::sandbox

#endif  // ARBITER_SANDBOX_COMMAND_FILES_H_
