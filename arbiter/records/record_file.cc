#include "arbiter/records/record_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace arbiter::records {
namespace {

using Error = std::unexpected<std::string>;

constexpr size_t kInitialBuffer = size_t{1} << 20;
// Decoded text of one zstd frame is held back until the frame's checksum
// proves it whole, up to this much (a frame written by `zstd FILE` may hold
// a whole file: its lines are then released as they come). A record is
// about 80 KB; at 64 MB here and below, reading such a file of a million
// games took 188 MB instead of 88.
constexpr size_t kMaxHeldBack = size_t{8} << 20;
// Compressed bytes of the current frame kept to resume after bad data.
constexpr size_t kMaxRetained = size_t{8} << 20;

constexpr unsigned char kZstdMagic[4] = {0x28, 0xB5, 0x2F, 0xFD};

bool IsSkippableMagic(const unsigned char* p) {
  return (p[0] & 0xF0) == 0x50 && p[1] == 0x2A && p[2] == 0x4D && p[3] == 0x18;
}

bool IsFrameStart(const unsigned char* p) {
  return std::memcmp(p, kZstdMagic, 4) == 0 || IsSkippableMagic(p);
}

}  // namespace

Encoding EncodingForName(const std::filesystem::path& path) {
  return path.extension() == ".zst" ? Encoding::kZstd : Encoding::kJsonLines;
}

bool LooksLikeZstd(std::string_view bytes) {
  return bytes.size() >= 4 &&
         IsFrameStart(reinterpret_cast<const unsigned char*>(bytes.data()));
}

std::string Problem::ToString() const {
  return fmt::format("{}: skipped, {}", where, message);
}

struct RecordReader::Zstd {
  ZSTD_DCtx* dctx = ZSTD_createDCtx();
  std::vector<char> in = std::vector<char>(size_t{1} << 17);
  // [frame, end) is unconsumed input from the current frame's start; pos is
  // where decoding stands.
  size_t frame = 0, pos = 0, end = 0;
  uint64_t base = 0;  // file offset of in[0]
  bool in_frame = false;
  bool input_done = false;
  ~Zstd() { ZSTD_freeDCtx(dctx); }
};

std::expected<RecordReader, std::string> RecordReader::Open(
    const std::filesystem::path& path) {
  RecordReader reader;
  reader.name_ = path.string();
  reader.fd_ = ::open(reader.name_.c_str(), O_RDONLY | O_CLOEXEC);
  if (reader.fd_ < 0) {
    return Error(fmt::format("{}: cannot open file: {}", reader.name_,
                             std::strerror(errno)));
  }
  struct stat st {};
  if (::fstat(reader.fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
    return Error(
        fmt::format("{}: is a directory, not a record file", reader.name_));
  }
  reader.buffer_.resize(kInitialBuffer);
  // The first bytes tell the encoding; they are read as the start of the
  // input either way.
  auto first = reader.FillPlain();
  if (!first) return Error(first.error());
  if (LooksLikeZstd(std::string_view(reader.buffer_.data(), reader.end_))) {
    reader.encoding_ = Encoding::kZstd;
    reader.zstd_ = std::make_unique<Zstd>();
    if (reader.zstd_->dctx == nullptr) {
      return Error(reader.name_ + ": cannot start the zstd decoder");
    }
    Zstd& z = *reader.zstd_;
    if (z.in.size() < reader.end_) z.in.resize(reader.end_);
    std::copy(reader.buffer_.begin(), reader.buffer_.begin() + reader.end_,
              z.in.begin());
    z.end = reader.end_;
    z.input_done = reader.eof_;
    reader.begin_ = reader.end_ = reader.limit_ = 0;
    reader.eof_ = false;
  }
  return reader;
}

RecordReader RecordReader::FromString(std::string data, std::string name) {
  RecordReader reader;
  reader.name_ = std::move(name);
  reader.memory_ = std::move(data);
  reader.buffer_.resize(kInitialBuffer);
  if (LooksLikeZstd(reader.memory_)) {
    reader.encoding_ = Encoding::kZstd;
    reader.zstd_ = std::make_unique<Zstd>();
  }
  return reader;
}

RecordReader::RecordReader(RecordReader&& other) noexcept {
  *this = std::move(other);
}

RecordReader& RecordReader::operator=(RecordReader&& other) noexcept {
  if (this == &other) return *this;
  if (fd_ >= 0) ::close(fd_);
  fd_ = std::exchange(other.fd_, -1);
  name_ = std::move(other.name_);
  encoding_ = other.encoding_;
  memory_ = std::move(other.memory_);
  memory_pos_ = other.memory_pos_;
  eof_ = other.eof_;
  buffer_ = std::move(other.buffer_);
  begin_ = other.begin_;
  end_ = other.end_;
  limit_ = other.limit_;
  line_ = other.line_;
  unterminated_ = other.unterminated_;
  zstd_ = std::move(other.zstd_);
  problems_ = std::move(other.problems_);
  return *this;
}

RecordReader::~RecordReader() {
  if (fd_ >= 0) ::close(fd_);
}

std::string RecordReader::Where() const {
  return fmt::format("{}:{}", name_, line_);
}

std::expected<size_t, std::string> RecordReader::ReadRaw(char* out,
                                                         size_t size) {
  if (fd_ < 0) {
    const size_t n = std::min(size, memory_.size() - memory_pos_);
    std::memcpy(out, memory_.data() + memory_pos_, n);
    memory_pos_ += n;
    return n;
  }
  for (;;) {
    const ssize_t n = ::read(fd_, out, size);
    if (n >= 0) return size_t(n);
    if (errno != EINTR) {
      return Error(
          fmt::format("{}: read error: {}", name_, std::strerror(errno)));
    }
  }
}

void RecordReader::Compact() {
  if (begin_ == 0) {
    if (limit_ == buffer_.size()) buffer_.resize(buffer_.size() * 2);
    return;
  }
  std::copy(buffer_.begin() + begin_, buffer_.begin() + limit_,
            buffer_.begin());
  end_ -= begin_;
  limit_ -= begin_;
  begin_ = 0;
}

std::expected<bool, std::string> RecordReader::FillPlain() {
  if (eof_) return false;
  if (limit_ == buffer_.size()) Compact();
  auto n = ReadRaw(buffer_.data() + limit_, buffer_.size() - limit_);
  if (!n) return Error(n.error());
  if (*n == 0) {
    eof_ = true;
    return false;
  }
  limit_ += *n;
  end_ = limit_;
  return true;
}

std::expected<bool, std::string> RecordReader::Fill() {
  return encoding_ == Encoding::kZstd ? FillZstd() : FillPlain();
}

std::expected<bool, std::string> RecordReader::ReadZstdInput() {
  Zstd& z = *zstd_;
  if (z.input_done) return false;
  // Keep the current frame's bytes, to resume after them should they be bad,
  // unless the frame is a giant one.
  size_t keep = z.in_frame ? z.frame : z.pos;
  if (z.in_frame && z.end - z.frame >= kMaxRetained) keep = z.pos;
  if (keep > 0) {
    std::copy(z.in.begin() + keep, z.in.begin() + z.end, z.in.begin());
    z.base += keep;
    z.pos -= keep;
    z.end -= keep;
    z.frame = z.frame >= keep ? z.frame - keep : 0;
  }
  if (z.end == z.in.size()) z.in.resize(z.in.size() * 2);
  auto n = ReadRaw(z.in.data() + z.end, z.in.size() - z.end);
  if (!n) return Error(n.error());
  if (*n == 0) {
    z.input_done = true;
    return false;
  }
  z.end += *n;
  return true;
}

void RecordReader::AddProblem(Problem::Kind kind, uint64_t from, uint64_t to,
                              std::string message) {
  // The lines before the problem: those handed out and those released.
  const int64_t after = line_ + std::count(buffer_.begin() + begin_,
                                           buffer_.begin() + end_, '\n');
  problems_.push_back({.kind = kind,
                       .where = fmt::format("{}: bytes {}-{} (after line {})",
                                            name_, from, to, after),
                       .message = std::move(message)});
}

std::expected<void, std::string> RecordReader::SkipBadFrame(size_t result) {
  Zstd& z = *zstd_;
  limit_ = end_;  // the frame's text so far is not a record
  ZSTD_DCtx_reset(z.dctx, ZSTD_reset_session_only);
  // Resume at the next frame's magic number (a false match in the bad bytes
  // fails its own checks in turn).
  size_t i = z.frame + 1;
  bool found = false;
  for (;;) {
    for (; i + 4 <= z.end; ++i) {
      if (IsFrameStart(reinterpret_cast<const unsigned char*>(&z.in[i]))) {
        found = true;
        break;
      }
    }
    if (found) break;
    z.pos = std::min(i, z.end);
    auto more = ReadZstdInput();
    if (!more) return std::unexpected(more.error());
    i = z.pos;
    if (!*more) {
      i = z.end;
      break;
    }
  }
  const uint64_t from = z.base + z.frame, to = z.base + i;
  // A frame whose blocks run past the next frame was cut short, and the
  // writer appended after it; a whole frame that fails is damaged.
  const bool torn = ZSTD_isError(
      ZSTD_findFrameCompressedSize(z.in.data() + z.frame, i - z.frame));
  AddProblem(torn ? Problem::Kind::kTorn : Problem::Kind::kMalformed, from, to,
             torn ? std::string("a record cut short (a write interrupted by a "
                                "kill)")
                  : fmt::format("not a whole record (zstd: {})",
                                ZSTD_getErrorName(result)));
  z.pos = z.frame = i;
  z.in_frame = false;
  return {};
}

std::expected<bool, std::string> RecordReader::FillZstd() {
  Zstd& z = *zstd_;
  const size_t out_chunk = ZSTD_DStreamOutSize();
  for (;;) {
    if (z.pos == z.end) {
      auto more = ReadZstdInput();
      if (!more) return Error(more.error());
      if (!*more) {
        if (z.in_frame) {
          AddProblem(Problem::Kind::kTorn, z.base + z.frame, z.base + z.end,
                     "the last record is cut short (a write interrupted by a "
                     "kill)");
          limit_ = end_;
          z.in_frame = false;
        }
        eof_ = true;
        return false;
      }
      continue;
    }
    if (!z.in_frame) {
      z.frame = z.pos;
      z.in_frame = true;
    }
    if (buffer_.size() - limit_ < out_chunk + 1) {
      Compact();
      if (buffer_.size() - limit_ < out_chunk + 1) {
        buffer_.resize(buffer_.size() + out_chunk + 1);
      }
    }
    ZSTD_outBuffer out{buffer_.data(), buffer_.size() - 1, limit_};
    ZSTD_inBuffer in{z.in.data(), z.end, z.pos};
    const size_t result = ZSTD_decompressStream(z.dctx, &out, &in);
    z.pos = in.pos;
    limit_ = out.pos;
    if (ZSTD_isError(result)) {
      if (auto ok = SkipBadFrame(result); !ok) return Error(ok.error());
      continue;
    }
    if (result == 0) {  // a whole frame: its text is released
      z.in_frame = false;
      // Every frame ends a line, whatever its writer did.
      if (limit_ > end_ && buffer_[limit_ - 1] != '\n')
        buffer_[limit_++] = '\n';
      end_ = limit_;
      return true;
    }
    if (limit_ - end_ > kMaxHeldBack) {
      size_t last = limit_;
      while (last > end_ && buffer_[last - 1] != '\n') --last;
      if (last > end_) {
        end_ = last;
        return true;
      }
    }
  }
}

std::expected<bool, std::string> RecordReader::Next(std::string_view* record) {
  for (;;) {
    const char* data = buffer_.data();
    const void* nl = std::memchr(data + begin_, '\n', end_ - begin_);
    if (nl != nullptr || (eof_ && begin_ < end_)) {
      const size_t stop =
          nl != nullptr ? size_t(static_cast<const char*>(nl) - data) : end_;
      std::string_view line(data + begin_, stop - begin_);
      unterminated_ = nl == nullptr;
      begin_ = nl != nullptr ? stop + 1 : stop;
      ++line_;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
      *record = line;
      return true;
    }
    if (eof_) return false;
    if (begin_ > 0 || limit_ == buffer_.size()) Compact();
    auto more = Fill();
    if (!more) return Error(more.error());
  }
}

}  // namespace arbiter::records
