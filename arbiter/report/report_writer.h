// `arbiter report` and the report every tournament writes: finds the record
// files and bot logs of the arguments, reads the records through the
// records module (plain or zstd), and writes a report folder:
//
//   OUT/index.html      the summary (standings, crosstable, ratings over
//                       time, faults, distributions) and the game list's
//                       code; opens from disk, no server
//   OUT/games/K.js      the game list, kRowsPerListFile games a file
//   OUT/replays/K.js    the replays of games K*kReplaysPerFile onwards,
//                       each gzipped and base64-encoded: the page loads a
//                       file when one of its games is opened
//   OUT/manifest.json   what each replay file was made from, so that the
//                       next run rewrites only the files whose games changed
//
// The .js files call a known function (reportGames, reportReplays) with
// their data, so that a page opened from file:// can load them with a
// <script> element (browsers refuse fetch() of file:// URLs).
#ifndef ARBITER_REPORT_REPORT_WRITER_H_
#define ARBITER_REPORT_REPORT_WRITER_H_

#include <cstdint>
#include <expected>
#include <filesystem>
#include <string>
#include <vector>

#include "arbiter/report/report_data.h"

namespace arbiter::report {

inline constexpr int kRowsPerListFile = 10000;
inline constexpr int kReplaysPerFile = 100;

struct ReportSources {
  std::vector<std::filesystem::path> records;
  std::vector<std::filesystem::path> log_dirs;  // may not exist
};

// A directory gives its record files (*.jsonl, *.jsonl.zst) and its logs/
// (a tournament's); a file gives itself and FILE.logs (`arbiter play`'s)
// and the logs/ beside it. The error names an argument that is neither, or
// a directory without records.
std::expected<ReportSources, std::string> FindSources(
    const std::vector<std::string>& args);

struct ReportResult {
  int64_t games = 0;
  std::vector<std::string> sections;  // the games, one section each
  int64_t replays = 0;                // games with a replay file
  int64_t replay_files_written = 0;   // replay files made this time
  int64_t replay_files_kept = 0;      // unchanged since the last run
  int log_games = 0;                  // games with bot log lines
  size_t index_bytes = 0;             // of index.html
  // Decision times: answers timed, and faulty decisions counted apart.
  int64_t decisions = 0, timeouts = 0, other_faults = 0;
  std::vector<std::string> warnings;  // skipped records, unreadable logs
};

// Whether `out` can take a report: a new folder, an empty one, or an
// earlier report (it has manifest.json). "report.html" is refused with the
// folder to give instead (reports were single pages before).
std::expected<void, std::string> CheckReportFolder(
    const std::filesystem::path& out);

// Writes the report folder `out` of every game of `sources` (each file
// through a temporary file: a reader or a kill never sees half a file).
// `out` must be new, empty, or an earlier report (it has manifest.json).
// Torn, malformed and repeated records are skipped, each named in the
// warnings and in the page; a conflicting record under one game id, an
// unreadable file, records of several games without options.split, or no
// games at all are errors, and leave `out` as it was.
std::expected<ReportResult, std::string> WriteReport(
    const ReportSources& sources, const ReportOptions& options,
    const std::filesystem::path& out);

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_REPORT_WRITER_H_
