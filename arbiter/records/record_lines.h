// Every record line of some files, in order: the loop of every tool that
// reads records (report, standings, merge).
#ifndef ARBITER_RECORDS_RECORD_LINES_H_
#define ARBITER_RECORDS_RECORD_LINES_H_

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/records/record_file.h"

namespace arbiter::records {

// Calls line(file, reader, text) for each record of `files` in order (file:
// its index in `files`; reader: where the record is), and problem(p) for
// each torn or undecodable piece a reader skips, where it comes in the file.
// `line` returns std::expected<void, std::string>. Stops at the first error:
// a file that cannot be read (the message names it), or one from `line`.
template <typename Files, typename Line, typename OnProblem>
std::expected<void, std::string> ForEachLine(const Files& files, Line&& line,
                                             OnProblem&& problem) {
  for (uint32_t f = 0; f < files.size(); ++f) {
    auto reader = RecordReader::Open(files[f]);
    if (!reader) return std::unexpected(reader.error());
    size_t noted = 0;
    std::string_view text;
    for (;;) {
      auto more = reader->Next(&text);
      if (!more) return std::unexpected(more.error());
      for (; noted < reader->problems().size(); ++noted) {
        problem(reader->problems()[noted]);
      }
      if (!*more) break;
      if (auto ok = line(f, *reader, text); !ok) return ok;
    }
  }
  return {};
}

// The same, with each problem as a line of `notes` ("FILE:LINE: skipped,
// WHY").
template <typename Files, typename Line>
std::expected<void, std::string> ForEachLine(const Files& files,
                                             std::vector<std::string>* notes,
                                             Line&& line) {
  return ForEachLine(files, line, [notes](const Problem& p) {
    notes->push_back(p.ToString());
  });
}

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_RECORD_LINES_H_
