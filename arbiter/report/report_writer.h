// `arbiter report` and the report every tournament writes: finds the record
// files and bot logs of the arguments, reads the records through the
// records module (plain or zstd), and writes one HTML file.
#ifndef ARBITER_REPORT_REPORT_WRITER_H_
#define ARBITER_REPORT_REPORT_WRITER_H_

#include <expected>
#include <filesystem>
#include <string>
#include <vector>

#include "arbiter/report/report_data.h"

namespace arbiter::report {

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
  int games = 0;
  int replays = 0;
  int log_games = 0;                  // games with bot log lines
  size_t bytes = 0;                   // of the page
  std::vector<std::string> warnings;  // skipped records, unreadable logs
};

// Writes the report of every game of `sources` to `out` (through a
// temporary file: an error leaves any earlier `out` as it was). Torn,
// malformed and repeated records are skipped, each named in the warnings
// and in the page; a conflicting record under one game id, an unreadable
// file or no games at all are errors.
std::expected<ReportResult, std::string> WriteReport(
    const ReportSources& sources, const ReportOptions& options,
    const std::filesystem::path& out);

// Writes `text` to `out` through a temporary file beside it.
std::expected<void, std::string> WriteFileAtomically(
    const std::filesystem::path& out, const std::string& text);

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_REPORT_WRITER_H_
