#include "arbiter/records/run_lock.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>
#include <utility>

namespace arbiter::records {
namespace {

using Error = std::unexpected<LockError>;

std::string HostName() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "?";
  return name;
}

// This process's command line, spaces between the arguments, capped.
std::string CommandLine() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  for (char& c : text) {
    if (c == '\0' || c == '\n') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  if (text.size() > 300) text = text.substr(0, 297) + "...";
  return text;
}

std::string UtcNow() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

// Written aside and renamed, so that a reader sees all of it or nothing.
void WriteInfo(const std::filesystem::path& info) {
  const std::string text =
      fmt::format("pid={}\nhost={}\nstarted={}\ncommand={}\n", ::getpid(),
                  HostName(), UtcNow(), CommandLine());
  const std::string temp = fmt::format("{}.{}", info.string(), ::getpid());
  {
    std::ofstream out(temp, std::ios::trunc);
    out << text;
    if (!out.flush()) return;  // the message only: the lock holds anyway
  }
  std::error_code ec;
  std::filesystem::rename(temp, info, ec);
  if (ec) std::filesystem::remove(temp, ec);
}

// "pid 123 on host h, started T (COMMAND)", or what is known of it. The
// holder writes the file just after it locks: wait a little for it.
std::string DescribeHolder(const std::filesystem::path& info) {
  std::map<std::string, std::string> fields;
  for (int attempt = 0; attempt < 20 && !fields.contains("pid"); ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    // Anyone who can write the directory can write this file: its first
    // 4 KB only, control characters shown as '?'.
    std::string head(4096, '\0');
    std::ifstream file(info);
    file.read(head.data(), std::streamsize(head.size()));
    head.resize(size_t(file.gcount()));
    std::istringstream in(head);
    std::string line;
    while (std::getline(in, line)) {
      for (char& c : line) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
      }
      const size_t eq = line.find('=');
      if (eq != std::string::npos) {
        fields[line.substr(0, eq)] = line.substr(eq + 1);
      }
    }
  }
  if (!fields.contains("pid")) {
    return fmt::format("another run (it has not said who it is in {})",
                       info.string());
  }
  std::string text =
      fmt::format("pid {} on host {}", fields["pid"],
                  fields.contains("host") ? fields["host"] : "?");
  if (fields.contains("started")) text += ", started " + fields["started"];
  if (fields.contains("command")) text += " (" + fields["command"] + ")";
  return text;
}

enum class Outcome { kLocked, kBusy, kMoved };

// One attempt: kMoved when the file was replaced (a repair renamed another
// file over it) or removed after it was opened: the lock is on a file that
// is no longer the records file, so the caller tries again.
std::expected<Outcome, LockError> TryLock(const std::string& name, int* fd) {
  *fd = ::open(name.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (*fd < 0) {
    return Error({LockError::Kind::kOpen,
                  errno == EISDIR ? name + ": is a directory"
                                  : fmt::format("{}: cannot open: {}", name,
                                                std::strerror(errno))});
  }
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  if (::fcntl(*fd, F_OFD_SETLK, &lock) != 0) {
    const int error = errno;
    ::close(*fd);
    *fd = -1;
    if (error == EAGAIN || error == EACCES) return Outcome::kBusy;
    return Error({LockError::Kind::kNoLock,
                  fmt::format("{}: cannot lock it ({}): its file system "
                              "must support POSIX locks (fcntl)",
                              name, std::strerror(error))});
  }
  struct stat held {};
  struct stat now {};
  if (::fstat(*fd, &held) == 0 && held.st_nlink > 0 &&
      ::stat(name.c_str(), &now) == 0 && now.st_dev == held.st_dev &&
      now.st_ino == held.st_ino) {
    return Outcome::kLocked;
  }
  ::close(*fd);
  *fd = -1;
  return Outcome::kMoved;
}

}  // namespace

std::filesystem::path RunLock::InfoPath(const std::filesystem::path& records) {
  return records.string() + ".lock";
}

std::expected<RunLock, LockError> RunLock::Acquire(
    const std::filesystem::path& records, const Options& options) {
  const std::string name = records.string();
  bool said = false;
  for (int moved = 0;;) {
    int fd = -1;
    auto outcome = TryLock(name, &fd);
    if (!outcome) return Error(outcome.error());
    if (*outcome == Outcome::kLocked) {
      WriteInfo(InfoPath(records));
      return RunLock(fd, records);
    }
    if (*outcome == Outcome::kMoved) {
      if (++moved > 100) {
        return Error({LockError::Kind::kNoLock,
                      name + ": cannot lock it: the file keeps being "
                             "replaced"});
      }
      continue;
    }
    const std::string message =
        fmt::format("in use by another run: {}; lock on {}",
                    DescribeHolder(InfoPath(records)), name);
    if (!options.wait) {
      return Error({LockError::Kind::kBusy, message});
    }
    if (!said && options.on_wait) options.on_wait(message);
    said = true;
    std::this_thread::sleep_for(options.poll);
  }
}

RunLock::RunLock(RunLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), records_(std::move(other.records_)) {}

RunLock::~RunLock() {
  if (fd_ < 0) return;
  std::error_code ec;
  std::filesystem::remove(InfoPath(records_), ec);
  ::close(fd_);
}

}  // namespace arbiter::records
