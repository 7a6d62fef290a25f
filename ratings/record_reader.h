// Game records (`*.jsonl`) turned into games: the scan (record_scan.h)
// finds the fields, this checks them and forms the game. Blank lines are
// skipped; every error names the file, the line and the field.
#ifndef ZETEMA_RATINGS_RECORD_READER_H_
#define ZETEMA_RATINGS_RECORD_READER_H_

#include <expected>
#include <string>
#include <vector>

#include "ratings/game_sink.h"
#include "ratings/line_reader.h"
#include "ratings/record_scan.h"

namespace ratings {

// The seat that holds the first-move advantage: `first_mover` when the
// record has it; older records only say who dealt first, and for Zetema
// the seat after the first dealer moves first.
std::expected<int64_t, std::string> FirstMover(const RecordFields& record,
                                               int64_t num_seats);

// Reads every record of `lines` into `sink`.
std::expected<void, std::string> ReadRecords(LineReader& lines, GameSink& sink);

// Reads a JSONL file; a missing or unreadable file is an error naming it.
std::expected<void, std::string> ReadRecordFile(const std::string& path,
                                                GameSink& sink);

// Reads every file: names ending in ".csv" are CSV, all others records.
std::expected<void, std::string> ReadGameFiles(
    const std::vector<std::string>& paths, GameSink& sink);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_RECORD_READER_H_
