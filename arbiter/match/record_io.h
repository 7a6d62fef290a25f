// Game records as JSON lines (DESIGN.md, "Game record"): one GameRecord per
// line in protobuf's JSON form with the proto field names and every
// primitive field printed; appended and fsynced when a game ends, never
// rewritten.
#ifndef ARBITER_MATCH_RECORD_IO_H_
#define ARBITER_MATCH_RECORD_IO_H_

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/v1/record.pb.h"

namespace arbiter {

// One line, without the newline.
std::string RecordToJson(const arbiter::v1::GameRecord& record);
// Accepts missing fields, numbers as strings, and unknown fields (written by
// a newer arbiter).
std::expected<arbiter::v1::GameRecord, std::string> RecordFromJson(
    std::string_view line);

// Appends one line and fsyncs the file. Safe to call from several threads.
std::expected<void, std::string> AppendRecord(
    const std::string& path, const arbiter::v1::GameRecord& record);

// Every record of a file; blank lines are skipped; the error names the line.
std::expected<std::vector<arbiter::v1::GameRecord>, std::string> ReadRecords(
    const std::string& path);

}  // namespace arbiter

#endif  // ARBITER_MATCH_RECORD_IO_H_
