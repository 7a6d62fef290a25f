#include "arbiter/records/game_record.h"

#include <google/protobuf/util/json_util.h>

#include <cassert>
#include <cstdio>
#include <cstdlib>

#include "arbiter/records/json_parser.h"
#include "arbiter/records/json_printer.h"
#include "arbiter/records/record_view.h"

namespace arbiter::records {

std::string RecordToJson(const arbiter::v1::GameRecord& record) {
  std::string out;
  out.reserve(size_t(record.steps_size()) * 160 + 4096);
  if (PrintJsonFast(record, &out)) return out;
  return RecordToJsonByProtobuf(record);
}

std::string RecordToJsonByProtobuf(const arbiter::v1::GameRecord& record) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  options.add_whitespace = false;
  std::string out;
  const auto status =
      google::protobuf::util::MessageToJsonString(record, &out, options);
  // Printing a well-formed message cannot fail.
  if (!status.ok()) {
    std::fprintf(stderr, "RecordToJson: %s\n",
                 std::string(status.message()).c_str());
    std::abort();
  }
  return out;
}

std::expected<RecordSummary, std::string> SummarizeRecord(
    const arbiter::v1::GameRecord& record) {
  // The view the scan of the record's line would give (RecordSummary::Of
  // reads the fields below). An enum value without a name is printed as
  // its number, and read so.
  RecordView view;
  view.game_id = record.game_id();
  view.duplicate_group = record.duplicate_group();
  view.round = record.round();
  view.seed = record.seed();
  for (const auto& seat : record.seats()) {
    view.seats.push_back({.seat = seat.seat(),
                          .bot_name = seat.bot_name(),
                          .bot_version = seat.bot_version(),
                          .team = seat.team()});
  }
  const auto& result = record.result();
  view.places.assign(result.places().begin(), result.places().end());
  std::vector<std::string> numbers;  // unnamed reasons, as their text
  numbers.reserve(result.faults_size());
  for (const auto& fault : result.faults()) {
    std::string_view reason = arbiter::v1::FaultReason_Name(fault.reason());
    if (reason.empty())
      reason = numbers.emplace_back(std::to_string(fault.reason()));
    view.faults.push_back({.seat = fault.seat(), .reason = reason});
  }
  return RecordSummary::Of(view);
}

std::expected<arbiter::v1::GameRecord, ParseError> RecordFromJson(
    std::string_view line, const ReadOptions& options) {
  using google::protobuf::FieldDescriptor;
  std::vector<const FieldDescriptor*> skip;
  skip.reserve(options.skip.size());
  for (std::string_view name : options.skip) {
    const FieldDescriptor* field =
        arbiter::v1::GameRecord::descriptor()->FindFieldByName(
            std::string(name));
    assert(field != nullptr && "ReadOptions::skip names no field");
    if (field != nullptr) skip.push_back(field);
  }
  arbiter::v1::GameRecord record;
  if (ParseJsonFast(line, &record, skip)) return record;
  auto parsed = RecordFromJsonByProtobuf(line);
  if (!parsed) return parsed;
  for (const FieldDescriptor* field : skip) {
    parsed->GetReflection()->ClearField(&*parsed, field);
  }
  return parsed;
}

std::expected<arbiter::v1::GameRecord, ParseError> RecordFromJsonByProtobuf(
    std::string_view line) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  arbiter::v1::GameRecord record;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(line.data(), line.size()), &record,
      options);
  if (status.ok()) return record;
  // Protobuf's message does not say whether the text merely ends early:
  // the scan does.
  RecordScanner scanner;
  auto id = scanner.GameId(line);
  if (!id && id.error().kind == Problem::Kind::kTorn) {
    return std::unexpected(
        ParseError{Problem::Kind::kTorn, id.error().message});
  }
  return std::unexpected(
      ParseError{Problem::Kind::kMalformed, std::string(status.message())});
}

std::expected<GameRecordReader, std::string> GameRecordReader::Open(
    const std::filesystem::path& path) {
  auto reader = RecordReader::Open(path);
  if (!reader) return std::unexpected(reader.error());
  return GameRecordReader(std::move(*reader));
}

std::expected<bool, std::string> GameRecordReader::Next(
    arbiter::v1::GameRecord* record) {
  std::string_view text;
  for (;;) {
    auto more = reader_.Next(&text);
    if (!more) return std::unexpected(more.error());
    for (; reader_problems_ < reader_.problems().size(); ++reader_problems_) {
      problems_.push_back(reader_.problems()[reader_problems_]);
    }
    if (!*more) return false;
    auto parsed = RecordFromJson(text);
    if (parsed) {
      *record = std::move(*parsed);
      return true;
    }
    problems_.push_back({.kind = parsed.error().kind,
                         .where = reader_.Where(),
                         .message = parsed.error().message});
  }
}

std::expected<std::vector<ReadRecord>, std::string> ReadGameRecords(
    const std::filesystem::path& path, std::vector<Problem>* problems) {
  auto reader = GameRecordReader::Open(path);
  if (!reader) return std::unexpected(reader.error());
  std::vector<ReadRecord> records;
  arbiter::v1::GameRecord record;
  for (;;) {
    auto more = reader->Next(&record);
    if (!more) return std::unexpected(more.error());
    if (!*more) break;
    records.push_back({std::move(record), reader->Where()});
  }
  if (problems) {
    problems->insert(problems->end(), reader->problems().begin(),
                     reader->problems().end());
  }
  return records;
}

}  // namespace arbiter::records
