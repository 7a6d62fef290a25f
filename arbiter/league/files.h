// Small files of a league folder, written whole or not at all.
#ifndef ARBITER_LEAGUE_FILES_H_
#define ARBITER_LEAGUE_FILES_H_

#include <expected>
#include <filesystem>
#include <string>

#include "arbiter/common/atomic_file.h"

namespace arbiter::league {

// A league's files are written whole and durably (atomic_file.h): a
// reader, a kill or a power cut sees the old file or the new one.
inline std::expected<void, std::string> WriteAtomically(
    const std::filesystem::path& path, const std::string& text) {
  return WriteFileAtomically(path, text, /*durable=*/true);
}

// The whole file; the error names it.
std::expected<std::string, std::string> ReadWhole(
    const std::filesystem::path& path);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_FILES_H_
