// Whole game records: the GameRecord message (proto/arbiter/v1/record.proto)
// in protobuf's JSON form, one per line, as written and as replay and
// verify read them back. Records of version 0.1 (package zetema.v1, the
// same field names and numbers) read as these.
#ifndef ARBITER_RECORDS_GAME_RECORD_H_
#define ARBITER_RECORDS_GAME_RECORD_H_

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/records/record_file.h"
#include "arbiter/records/record_view.h"
#include "arbiter/v1/record.pb.h"

namespace arbiter::records {

// One line, without the newline: the proto field names, every primitive
// field printed. Protobuf's JSON form, printed by PrintJsonFast
// (json_printer.h) or, when it declines, by protobuf.
std::string RecordToJson(const arbiter::v1::GameRecord& record);
// The same, always by protobuf's printer (slower; for tests).
std::string RecordToJsonByProtobuf(const arbiter::v1::GameRecord& record);

// What SummarizeRecord(RecordToJson(record)) gives, read from the message
// itself: a game just played reaches the standings without its text being
// parsed back. The error names the field that does not add up.
std::expected<RecordSummary, std::string> SummarizeRecord(
    const arbiter::v1::GameRecord& record);

// Accepts missing fields, numbers as strings and unknown fields (written by
// a newer arbiter). A text cut short is told apart (Problem::Kind::kTorn).
// Read by ParseJsonFast (json_parser.h) or, when it declines (a malformed
// line among others), by protobuf's parser: the same message either way,
// and protobuf's error message.
struct ParseError {
  Problem::Kind kind = Problem::Kind::kMalformed;
  std::string message;
};
struct ReadOptions {
  // Top-level fields (by proto name) left unset, the rest as ever. Their
  // values are still checked: a line is refused, with the same error, just
  // when it is refused whole. Reading skips the cost of building them.
  std::vector<std::string_view> skip;
};
// The games' events: whoever replays a record through its game (the
// report) recomputes them.
inline const std::vector<std::string_view> kEventFields = {
    "events", "event_texts", "pontoon_events", "scotch_whist_events"};
std::expected<arbiter::v1::GameRecord, ParseError> RecordFromJson(
    std::string_view line, const ReadOptions& options = {});
// The same, always by protobuf's parser (slower; for tests).
std::expected<arbiter::v1::GameRecord, ParseError> RecordFromJsonByProtobuf(
    std::string_view line);

// The records of a file (either encoding), one at a time. Torn and
// malformed records are skipped and listed in problems().
class GameRecordReader {
 public:
  static std::expected<GameRecordReader, std::string> Open(
      const std::filesystem::path& path);
  // False at the end; an error only when the file cannot be read.
  std::expected<bool, std::string> Next(arbiter::v1::GameRecord* record);
  // "FILE:LINE" of the record last returned.
  std::string Where() const { return reader_.Where(); }
  int64_t line() const { return reader_.line(); }
  const std::vector<Problem>& problems() const { return problems_; }

 private:
  explicit GameRecordReader(RecordReader reader) : reader_(std::move(reader)) {}
  RecordReader reader_;
  size_t reader_problems_ = 0;
  std::vector<Problem> problems_;
};

// A record and where it was read.
struct ReadRecord {
  arbiter::v1::GameRecord record;
  std::string where;  // "FILE:LINE"
};

// Every record of a file at once (tests, small files).
std::expected<std::vector<ReadRecord>, std::string> ReadGameRecords(
    const std::filesystem::path& path, std::vector<Problem>* problems);

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_GAME_RECORD_H_
