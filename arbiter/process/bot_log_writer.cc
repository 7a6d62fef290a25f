#include "arbiter/process/bot_log_writer.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include "arbiter/common/game_log_marker.h"

namespace arbiter {

BotLogWriter::BotLogWriter(int fd, size_t limit) : fd_(fd), limit_(limit) {
  struct stat st;
  if (fd_ >= 0 && ::fstat(fd_, &st) == 0) {
    written_ = size_t(st.st_size);
    truncated_ = written_ >= limit_;  // the note is there already
  }
}

BotLogWriter::~BotLogWriter() {
  if (!held_.empty()) Write(held_);
  if (fd_ >= 0) ::close(fd_);
}

void BotLogWriter::Append(std::string_view bytes) {
  if (bytes.empty()) return;
  if (!pending_.empty()) Mark(std::string(pending_));
  out_.clear();
  while (!bytes.empty()) {
    const size_t newline = bytes.find('\n');
    const size_t line_end = newline == std::string_view::npos
                                ? bytes.size()
                                : newline + 1;  // with its newline
    if (mid_line_) {
      out_.append(bytes.substr(0, line_end));
      mid_line_ = newline == std::string_view::npos;
      bytes.remove_prefix(line_end);
      continue;
    }
    // At a line's start: hold its first bytes until they tell whether it
    // starts like an arbiter line (a bot may write "[arb" and "iter]" in
    // two pieces).
    const size_t take =
        std::min(kArbiterLinePrefix.size() - held_.size(), line_end);
    held_.append(bytes.substr(0, take));
    bytes.remove_prefix(take);
    const bool ended = held_.back() == '\n';
    if (!ended && held_.size() < kArbiterLinePrefix.size()) continue;
    if (held_.starts_with(kArbiterLinePrefix)) out_.append(kBotLineEscape);
    out_.append(held_);
    held_.clear();
    mid_line_ = !ended;
  }
  Write(out_);
}

void BotLogWriter::Mark(std::string_view line) {
  pending_.clear();
  out_.clear();
  if (!held_.empty()) {
    // Too short to be taken for an arbiter line once ended here.
    out_.append(held_);
    out_.push_back('\n');
    held_.clear();
  } else if (mid_line_) {
    out_.push_back('\n');
  }
  mid_line_ = false;
  out_.append(line);
  Write(out_);
}

void BotLogWriter::Write(std::string_view bytes) {
  if (fd_ < 0 || bytes.empty() || truncated_) return;
  const size_t keep =
      std::min(bytes.size(), limit_ - std::min(limit_, written_));
  if (keep > 0) {
    const ssize_t n = ::write(fd_, bytes.data(), keep);
    if (n > 0) written_ += size_t(n);
  }
  if (keep < bytes.size()) {
    truncated_ = true;
    const std::string note =
        "\n[arbiter: log truncated at " + std::to_string(limit_) + " bytes]\n";
    [[maybe_unused]] auto ignored = ::write(fd_, note.data(), note.size());
  }
}

}  // namespace arbiter
