// The folders a run writes its output into (`--out DIR`, `play`'s folder
// of its records and of its bots' logs): made when missing, and refused
// when they cannot be written, saying why in words an organiser can act
// on: read-only file system, immutable (chattr +i), no permission, a file
// in the way.
#ifndef ARBITER_COMMAND_LINE_OUTPUT_DIR_H_
#define ARBITER_COMMAND_LINE_OUTPUT_DIR_H_

#include <expected>
#include <filesystem>
#include <string>

namespace arbiter {

// Why `path` cannot be written, given the errno of the attempt:
// "immutable or append-only (chattr +i or +a): ...", "a read-only file
// system", "permission denied (the arbiter runs as user 1000)", or the
// error's text.
std::string WhyNotWritable(const std::filesystem::path& path, int error);

// Makes `dir` and its missing parents; fails unless it is then a folder
// this process may write, the error naming the folder at fault and why:
// "cannot create the folder in /data: a read-only file system", "cannot
// write to the folder: immutable or append-only (chattr +i or +a): ...",
// "cannot create the folder: /data/x is a file".
std::expected<void, std::string> MakeOutputDir(
    const std::filesystem::path& dir);

}  // namespace arbiter

#endif  // ARBITER_COMMAND_LINE_OUTPUT_DIR_H_
