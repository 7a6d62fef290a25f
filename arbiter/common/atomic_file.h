// Writing a whole file so that a reader (or a crash) sees the old content
// or the new one, never a part: the text goes to a temporary file beside
// the target, which is then renamed over it.
#ifndef ARBITER_COMMON_ATOMIC_FILE_H_
#define ARBITER_COMMON_ATOMIC_FILE_H_

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>

namespace arbiter {

// The error names the file and the system's reason; the temporary file is
// removed on every error. `durable`: the file's data, then its directory's
// entry, are synced to disk before it returns (a roster or a run's state
// that must survive a power cut), at the cost of two syncs.
std::expected<void, std::string> WriteFileAtomically(
    const std::filesystem::path& out, std::string_view text,
    bool durable = false);

}  // namespace arbiter

#endif  // ARBITER_COMMON_ATOMIC_FILE_H_
