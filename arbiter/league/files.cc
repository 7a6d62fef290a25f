#include "arbiter/league/files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "arbiter/records/record_writer.h"

namespace arbiter::league {

std::expected<void, std::string> WriteAtomically(
    const std::filesystem::path& path, const std::string& text) {
  const std::string temp = fmt::format("{}.tmp-{}", path.string(), ::getpid());
  auto fail = [&](const std::string& what) {
    const std::string message =
        fmt::format("{}: {}: {}", path.string(), what, std::strerror(errno));
    ::unlink(temp.c_str());
    return std::unexpected(message);
  };
  const int fd =
      ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return fail("cannot create a temporary file");
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      return fail("cannot write");
    }
    done += size_t(n);
  }
  if (::fsync(fd) != 0) {
    ::close(fd);
    return fail("cannot sync");
  }
  ::close(fd);
  if (::rename(temp.c_str(), path.c_str()) != 0) return fail("cannot rename");
  records::SyncDirectoryOf(path);
  return {};
}

std::expected<std::string, std::string> ReadWhole(
    const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return std::unexpected(
        fmt::format("{}: cannot read the file", path.string()));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace arbiter::league
