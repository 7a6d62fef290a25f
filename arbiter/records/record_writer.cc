#include "arbiter/records/record_writer.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace arbiter::records {
namespace {

using Error = std::unexpected<std::string>;

std::string Errno(std::string_view what, const std::string& path) {
  return fmt::format("{}: {}: {}", path, what, std::strerror(errno));
}

bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(size_t(n));
  }
  return true;
}

struct CompressContext {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  int level = -1000;  // the parameters set, kept between records
  ~CompressContext() { ZSTD_freeCCtx(cctx); }
};

}  // namespace

void SyncDirectoryOf(const std::filesystem::path& path) {
  const std::string dir =
      path.parent_path().empty() ? "." : path.parent_path().string();
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

std::string CompressRecord(std::string_view line, int level) {
  thread_local CompressContext context;
  ZSTD_CCtx* cctx = context.cctx;
  if (context.level != level) {
    ZSTD_CCtx_reset(cctx, ZSTD_reset_session_and_parameters);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
    context.level = level;
  }
  std::string text;
  text.reserve(line.size() + 1);
  text.append(line);
  text.push_back('\n');
  std::string frame(ZSTD_compressBound(text.size()), '\0');
  const size_t size = ZSTD_compress2(cctx, frame.data(), frame.size(),
                                     text.data(), text.size());
  // With a buffer of ZSTD_compressBound bytes, compression cannot fail.
  if (ZSTD_isError(size)) {
    fmt::print(stderr, "zstd: {}\n", ZSTD_getErrorName(size));
    std::abort();
  }
  frame.resize(size);
  return frame;
}

RecordWriter::RecordWriter(int fd, std::string path, Encoding encoding,
                           Options options)
    : fd_(fd), path_(std::move(path)), encoding_(encoding), options_(options) {}

RecordWriter::RecordWriter(RecordWriter&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      owns_fd_(other.owns_fd_),
      path_(std::move(other.path_)),
      encoding_(other.encoding_),
      options_(other.options_),
      mutex_(std::move(other.mutex_)) {}

RecordWriter::~RecordWriter() {
  if (fd_ >= 0 && owns_fd_) ::close(fd_);
}

RecordWriter RecordWriter::Stdout() {
  RecordWriter writer(STDOUT_FILENO, "standard output", Encoding::kJsonLines,
                      {.sync_each = false});
  writer.owns_fd_ = false;
  return writer;
}

std::expected<RecordWriter, std::string> RecordWriter::Open(
    const std::filesystem::path& path, Options options) {
  const std::string name = path.string();
  const int flags = O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC |
                    (options.create_new ? O_EXCL : 0);
  const int fd = ::open(name.c_str(), flags, 0644);
  if (fd < 0) return Error(Errno("cannot open for writing", name));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error(name + ": not a regular file");
  }
  Encoding encoding =
      options.encoding ? *options.encoding : EncodingForName(path);
  RecordWriter writer(fd, name, encoding, options);
  if (st.st_size == 0) {
    SyncDirectoryOf(path);
    return writer;
  }
  char head[4] = {};
  const ssize_t got = ::pread(fd, head, sizeof head, 0);
  if (got < 0) return Error(Errno("cannot read", name));
  writer.encoding_ = LooksLikeZstd(std::string_view(head, size_t(got)))
                         ? Encoding::kZstd
                         : Encoding::kJsonLines;
  if (writer.encoding_ == Encoding::kJsonLines) {
    // A record cut short by a kill stays as it is; the next one starts on a
    // line of its own.
    char last = 0;
    if (::pread(fd, &last, 1, st.st_size - 1) != 1) {
      return Error(Errno("cannot read", name));
    }
    if (last != '\n' && (!WriteAll(fd, "\n") || ::fsync(fd) != 0)) {
      return Error(Errno("cannot write", name));
    }
  }
  return writer;
}

std::expected<void, std::string> RecordWriter::WriteLocked(
    std::string_view data) {
  // One write call, so that a kill leaves at most one partial record.
  if (!WriteAll(fd_, data)) return Error(Errno("cannot write", path_));
  if (options_.sync_each && ::fsync(fd_) != 0) {
    return Error(Errno("cannot fsync", path_));
  }
  return {};
}

std::expected<void, std::string> RecordWriter::Append(std::string_view line) {
  if (line.find('\n') != std::string_view::npos) {
    return Error(path_ + ": a record must be written on one line");
  }
  std::string data;
  if (encoding_ == Encoding::kZstd) {
    data = CompressRecord(line, options_.zstd_level);
  } else {
    data.reserve(line.size() + 1);
    data.append(line);
    data.push_back('\n');
  }
  std::lock_guard lock(*mutex_);
  return WriteLocked(data);
}

std::expected<void, std::string> RecordWriter::Sync() {
  std::lock_guard lock(*mutex_);
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && !S_ISREG(st.st_mode)) return {};  // a pipe
  if (::fsync(fd_) != 0) return Error(Errno("cannot fsync", path_));
  return {};
}

}  // namespace arbiter::records
