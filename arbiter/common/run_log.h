// The arbiter's own log of a run (docs/arbiter.md, "The run log"): one file
// per output (a tournament's or match's DIR/arbiter.log, `play`'s
// OUT.arbiter.log), appended by every run on that output, each run opening
// with a header line. A line is "TIME LEVEL MESSAGE": UTC to the
// millisecond, spdlog's level name. What a bot sent reaches a message
// (fault details, its exit, its Hello), so every message is one line: its
// control characters, line separators and bytes that are not UTF-8 are
// written as escapes (TerminalSafe), and it is cut at kMaxLogLine bytes.
//
// The file is buffered and flushed every second, at once for a warning or
// worse, and when the log is closed: a game thread never waits for the disk.
// Until a run opens its log, and in programs that never do (tests,
// benchmarks, the commands that only read), RunLog() discards everything.
//
//   if (auto ok = OpenRunLog(dir / "arbiter.log", level, header); !ok) ...
//   RunLog().info("bot '{}' started: pid {}", name, pid);
//   CloseRunLog();
#ifndef ARBITER_COMMON_RUN_LOG_H_
#define ARBITER_COMMON_RUN_LOG_H_

#include <spdlog/spdlog.h>

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

// A longer message is cut there, with a note of its length.
inline constexpr size_t kMaxLogLine = 4096;
// The run log's name in a tournament's or match's output directory.
inline constexpr char kRunLogFile[] = "arbiter.log";

// The names --log-level takes, most verbose first: trace, debug, info,
// warn, error, off.
const std::vector<std::string>& LogLevelNames();
// One of LogLevelNames(); the error lists them.
std::expected<spdlog::level::level_enum, std::string> ParseLogLevel(
    std::string_view name);

// Opens `file` (created, or appended to) as the run's log at `level`, and
// writes `header` at info level whatever `level` is (a run's first line
// says who wrote what follows). Level off opens nothing. The error names
// the file and why it cannot be written.
std::expected<void, std::string> OpenRunLog(const std::filesystem::path& file,
                                            spdlog::level::level_enum level,
                                            std::string_view header);
// Flushes and closes the run's log; RunLog() discards from then on.
void CloseRunLog();
// Writes what is buffered, before an exit that runs no destructor.
void FlushRunLog();

// The run's log, or a logger that discards everything. Thread-safe.
spdlog::logger& RunLog();

// "arbiter COMMAND (version V): pid P on host H, in DIR: ARGV...", the
// header of a run's part of the log.
std::string RunLogHeader(std::string_view command);

// Appends one warning to `file` if it exists (never creating it): what a run
// that was refused (its output locked by another) leaves in that run's log.
void NoteInExistingLog(const std::filesystem::path& file,
                       std::string_view message);

// A piece of text a bot (or a file anyone can edit) supplied, for a log
// message: escaped as every message is, and cut at `cap` bytes with a note
// of its length, so that one field cannot crowd out the rest of the line.
std::string LogText(std::string_view text, size_t cap = 300);

}  // namespace arbiter

#endif  // ARBITER_COMMON_RUN_LOG_H_
