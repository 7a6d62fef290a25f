#include "ratings/line_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace ratings {
namespace {

constexpr size_t kChunk = size_t{1} << 20;

}  // namespace

std::expected<LineReader, std::string> LineReader::Open(
    const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return std::unexpected(path +
                           ": cannot open file: " + std::strerror(errno));
  }
  return LineReader(fd, path);
}

LineReader LineReader::FromString(std::string text, std::string name) {
  LineReader reader(-1, std::move(name));
  reader.buffer_.assign(text.begin(), text.end());
  reader.end_ = reader.buffer_.size();
  reader.eof_ = true;
  return reader;
}

LineReader::LineReader(int fd, std::string name)
    : fd_(fd), name_(std::move(name)) {}

LineReader::LineReader(LineReader&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      name_(std::move(other.name_)),
      buffer_(std::move(other.buffer_)),
      begin_(other.begin_),
      end_(other.end_),
      eof_(other.eof_),
      error_(other.error_),
      line_number_(other.line_number_) {}

LineReader::~LineReader() {
  if (fd_ >= 0) ::close(fd_);
}

bool LineReader::Fill() {
  if (eof_) return false;
  // Keep the unread tail at the front; grow only for a line longer than the
  // buffer.
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() - end_ < kChunk / 2) buffer_.resize(end_ + kChunk);
  for (;;) {
    const ssize_t n = ::read(fd_, buffer_.data() + end_, buffer_.size() - end_);
    if (n > 0) {
      end_ += static_cast<size_t>(n);
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) error_ = errno;
    eof_ = true;
    return false;
  }
}

std::expected<bool, std::string> LineReader::Next(std::string_view* line) {
  size_t scanned = begin_;
  for (;;) {
    const void* nl =
        std::memchr(buffer_.data() + scanned, '\n', end_ - scanned);
    if (nl != nullptr) {
      const size_t at = static_cast<const char*>(nl) - buffer_.data();
      size_t stop = at;
      if (stop > begin_ && buffer_[stop - 1] == '\r') --stop;
      *line = std::string_view(buffer_.data() + begin_, stop - begin_);
      begin_ = at + 1;
      ++line_number_;
      return true;
    }
    const size_t offset = end_ - begin_;
    if (!Fill()) break;
    scanned = begin_ + offset;
  }
  if (error_ != 0) {
    return std::unexpected(name_ + ": read error: " + std::strerror(error_));
  }
  if (begin_ == end_) return false;
  // The last line has no '\n'.
  size_t stop = end_;
  if (buffer_[stop - 1] == '\r') --stop;
  *line = std::string_view(buffer_.data() + begin_, stop - begin_);
  begin_ = end_;
  ++line_number_;
  return true;
}

}  // namespace ratings
