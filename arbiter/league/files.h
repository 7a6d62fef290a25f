// Small files of a league folder, written whole or not at all.
#ifndef ARBITER_LEAGUE_FILES_H_
#define ARBITER_LEAGUE_FILES_H_

#include <expected>
#include <filesystem>
#include <string>

namespace arbiter::league {

// Writes `text` to a temporary file beside `path`, syncs it, renames it
// over `path` and syncs the folder: a reader or a kill sees the old file
// or the new one. The error names the file.
std::expected<void, std::string> WriteAtomically(
    const std::filesystem::path& path, const std::string& text);

// The whole file; the error names it.
std::expected<std::string, std::string> ReadWhole(
    const std::filesystem::path& path);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_FILES_H_
