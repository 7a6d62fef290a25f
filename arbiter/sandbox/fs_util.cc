#include "arbiter/sandbox/fs_util.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace arbiter::sandbox {

std::optional<std::string> ReadSmallFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string out;
  char buf[4096];
  while (out.size() < (size_t{1} << 20)) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, size_t(n));
  }
  ::close(fd);
  return out;
}

int WriteSmallFile(const std::string& path, const std::string& data) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  const ssize_t n = ::write(fd, data.data(), data.size());
  const int e = n == ssize_t(data.size()) ? 0 : (n < 0 ? errno : EIO);
  ::close(fd);
  return e;
}

}  // namespace arbiter::sandbox
