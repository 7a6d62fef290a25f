// The league's store of submitted builds: every bot's files copied into
// STORE/<hash>/, named by the content hash of the copy, so that a record
// that names a hash names exactly the build that played, and a later change
// on disk (a rebuild, an edit) cannot change a rated bot.
//
// The hash covers every file of the folder: its path (relative, with '/'),
// whether it is executable, and its bytes; empty folders count too. A
// symbolic link counts as the file it points to (it is copied as that
// file); a link to a folder, or anything but a file or a folder, is
// refused, naming it.
#ifndef ARBITER_LEAGUE_STORE_H_
#define ARBITER_LEAGUE_STORE_H_

#include <cstdint>
#include <expected>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace arbiter::league {

// What one submission may hold: a bot's folder is copied whole.
inline constexpr int64_t kMaxStoreFiles = 20000;
inline constexpr int64_t kMaxStoreBytes = int64_t{2} << 30;

// The content hash of `folder` (64 hex digits); the error names the file
// that cannot be read or is not allowed, or the limit passed.
std::expected<std::string, std::string> HashFolder(
    const std::filesystem::path& folder);

// Copies `folder` into `store` (made when missing) and returns the hash of
// the copy: the copy is hashed, not the source, so that a file changed
// while it is copied cannot give a copy that differs from its hash. A build
// already stored is kept as it is (the same hash: the same files). Copies
// are read-only.
std::expected<std::string, std::string> StoreFolder(
    const std::filesystem::path& folder, const std::filesystem::path& store);

// A bot's command as the store runs it, from the command line given to
// `add` (run from `cwd`).
struct Submission {
  std::filesystem::path folder;  // what is copied (absolute)
  // The command's words, every one that names a file or folder inside
  // `folder` made relative to it ("./bot.py"), every other existing path
  // made absolute; the rest (options, a program found on PATH) as given.
  std::vector<std::string> argv;
};

// `folder` empty: the folder of the last word that names an existing file
// (`python3 bots/mine/bot.py` copies bots/mine/, `build/bot --fast` copies
// build/). The error says when no word names a file, or the folder is
// missing.
std::expected<Submission, std::string> PlanSubmission(
    std::span<const std::string> command, const std::filesystem::path& folder,
    const std::filesystem::path& cwd);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_STORE_H_
