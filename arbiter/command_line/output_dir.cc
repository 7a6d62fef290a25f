#include "arbiter/command_line/output_dir.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace arbiter {
namespace fs = std::filesystem;
namespace {

bool Immutable(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  int flags = 0;
  const bool immutable = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 &&
                         (flags & (FS_IMMUTABLE_FL | FS_APPEND_FL)) != 0;
  ::close(fd);
  return immutable;
}

// The innermost of `path` and its parents that exists.
fs::path Existing(const fs::path& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec).lexically_normal();
  while (!p.empty() && !fs::exists(p, ec) && p != p.parent_path()) {
    p = p.parent_path();
  }
  return p;
}

}  // namespace

std::string WhyNotWritable(const fs::path& path, int error) {
  if (error == EROFS) return "a read-only file system";
  if ((error == EPERM || error == EACCES) && Immutable(path)) {
    return "immutable or append-only (chattr +i or +a): `chattr -i -a` it, "
           "or choose another folder";
  }
  if (error == EACCES) {
    return "permission denied (the arbiter runs as user " +
           std::to_string(::geteuid()) + ")";
  }
  return std::strerror(error);
}

std::expected<void, std::string> MakeOutputDir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  const int made_error = ec.value();
  if (!fs::is_directory(dir, ec)) {
    const fs::path at = Existing(dir);
    if (!made_error || !fs::is_directory(at, ec)) {
      return std::unexpected("cannot create the folder: " + at.string() +
                             " is a file");
    }
    return std::unexpected("cannot create the folder in " + at.string() + ": " +
                           WhyNotWritable(at, made_error));
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    return std::unexpected("cannot write to the folder: " +
                           WhyNotWritable(dir, errno));
  }
  // access() reads permission bits (root passes them all): an immutable
  // folder says so only to an attempt.
  if (Immutable(dir)) {
    return std::unexpected("cannot write to the folder: " +
                           WhyNotWritable(dir, EPERM));
  }
  return {};
}

}  // namespace arbiter
