// The bot's side of its log file: what its process writes to stdout and
// stderr, capped in size, with the arbiter's own lines (a game's marker,
// arbiter/common/game_log_marker.h) put between the bot's lines, never in
// the middle of one.
//
// A bot line that starts like an arbiter line ("[arbiter") is written with
// "[bot] " before it, so that a bot cannot write a line that readers of the
// log take for the arbiter's: every line of the file that starts with
// "[arbiter" is the arbiter's.
#ifndef ARBITER_PROCESS_BOT_LOG_WRITER_H_
#define ARBITER_PROCESS_BOT_LOG_WRITER_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter {

class BotLogWriter {
 public:
  // Writes to `fd` (owned; -1 discards everything) until the file holds
  // `limit` bytes, counting what it held already (a restarted bot's log),
  // then a note that the log was truncated.
  BotLogWriter(int fd, size_t limit);
  BotLogWriter(const BotLogWriter&) = delete;
  BotLogWriter& operator=(const BotLogWriter&) = delete;
  // Writes an unfinished last line as it is, then closes the file.
  ~BotLogWriter();

  // The bot's output, as read from its pipe, in any pieces.
  void Append(std::string_view bytes);
  // An arbiter line (ending in '\n'), after the bot's output so far: an
  // unfinished bot line is ended first.
  void Mark(std::string_view line);
  // An arbiter line written by Mark before the bot's next output, if any:
  // forgotten when another mark comes first (a step marker of a quiet
  // decision costs nothing).
  void MarkLazily(std::string_view line) { pending_ = line; }

  size_t written() const { return written_; }

 private:
  void Write(std::string_view bytes);

  int fd_;
  size_t limit_;
  size_t written_ = 0;
  bool truncated_ = false;
  // The start of the bot's current line while it is too short to tell
  // whether it starts like an arbiter line; empty when already decided.
  std::string held_;
  // Part of the bot's current line has been written.
  bool mid_line_ = false;
  std::string out_;      // what one call writes, in one write
  std::string pending_;  // MarkLazily's line, until the bot writes
};

}  // namespace arbiter

#endif  // ARBITER_PROCESS_BOT_LOG_WRITER_H_
