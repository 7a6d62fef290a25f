// Small file helpers for /proc and cgroup files.
#ifndef ARBITER_SANDBOX_FS_UTIL_H_
#define ARBITER_SANDBOX_FS_UTIL_H_

#include <optional>
#include <string>

namespace arbiter::sandbox {

// The whole file (up to 1 MiB), or nullopt when it cannot be read.
std::optional<std::string> ReadSmallFile(const std::string& path);
// Writes `data` in one write(2); 0 or the errno.
int WriteSmallFile(const std::string& path, const std::string& data);

}  // namespace arbiter::sandbox

#endif  // ARBITER_SANDBOX_FS_UTIL_H_
