// Game records (`*.jsonl`): one protobuf-JSON GameRecord per line (see
// proto/arbiter/v1/record.proto). Only what ratings need is read: seats and
// teams, places, scores, faults, decision times, the first mover and the
// duplicate group. Missing fields take their proto defaults; numbers may be
// given as strings.
#ifndef ZETEMA_RATINGS_RECORD_READER_H_
#define ZETEMA_RATINGS_RECORD_READER_H_

#include <expected>
#include <istream>
#include <string>
#include <vector>

#include "ratings/game.h"

namespace ratings {

// Parses one record line; `where` ("file:line") prefixes error messages.
std::expected<Game, std::string> ParseRecordLine(const std::string& line,
                                                 const std::string& where);

// Reads every non-blank line of a JSONL stream.
std::expected<std::vector<Game>, std::string> ParseRecords(
    std::istream& in, const std::string& name);

// Reads a JSONL file; a missing or unreadable file is an error naming it.
std::expected<std::vector<Game>, std::string> ReadRecordFile(
    const std::string& path);

// Reads every file: names ending in ".csv" are CSV, all others JSONL.
std::expected<std::vector<Game>, std::string> ReadGameFiles(
    const std::vector<std::string>& paths);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_RECORD_READER_H_
