#include "arbiter/common/atomic_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace arbiter {

std::expected<void, std::string> WriteFileAtomically(
    const std::filesystem::path& out, std::string_view text, bool durable) {
  const std::string tmp = fmt::format("{}.tmp{}", out.string(), ::getpid());
  auto fail = [&](const std::string& what) {
    const std::string message =
        fmt::format("{}: cannot write: {}", what, std::strerror(errno));
    ::unlink(tmp.c_str());
    return std::unexpected(message);
  };
  const int fd =
      ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return fail(tmp);
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      return fail(tmp);
    }
    done += static_cast<size_t>(n);
  }
  if (durable && ::fsync(fd) != 0) {
    ::close(fd);
    return fail(tmp);
  }
  if (::close(fd) != 0) return fail(tmp);
  if (std::rename(tmp.c_str(), out.c_str()) != 0) return fail(out.string());
  if (durable) {
    const std::string dir =
        out.parent_path().empty() ? "." : out.parent_path().string();
    const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd >= 0) {
      ::fsync(dir_fd);
      ::close(dir_fd);
    }
  }
  return {};
}

}  // namespace arbiter
