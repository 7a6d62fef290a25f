// Game record files (*.jsonl, one GameRecord per line; docs/records): what a
// tournament reads back to resume, merge and rank, and the durable writer.
//
// A file is only ever appended to. A run killed mid-write can leave a last
// line without its newline: readers report and skip it (it is replayed), and
// the writer starts its first record on a fresh line.
#ifndef ARBITER_TOURNAMENT_RECORDS_H_
#define ARBITER_TOURNAMENT_RECORDS_H_

#include <expected>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace arbiter::tournament {

// The fields of a record that tournaments need. Missing fields read as their
// defaults; numbers may be given as strings (protobuf's JSON form).
struct RecordSummary {
  std::string game_id;
  int round = 0;
  std::vector<std::string> bots;  // bot name per seat
  std::vector<int> teams;         // team per seat
  std::vector<int> places;        // per seat, 1 = first
  int faults = 0;
  std::vector<int> fault_seats;  // seat of every fault, -1 if none given
};

std::expected<RecordSummary, std::string> ParseRecordSummary(
    std::string_view line);

// Only the game id; the error says why the line is not a record.
std::expected<std::string, std::string> ParseGameId(std::string_view line);

struct RecordScan {
  std::vector<std::string> lines;     // the first line of every game id
  std::vector<std::string> game_ids;  // parallel to `lines`
  std::unordered_set<std::string> ids;
  // "FILE:LINE: ..." for every malformed or duplicate line.
  std::vector<std::string> problems;
  int duplicates = 0;
  int malformed = 0;
};

// Adds the records of `path` to `scan` (a missing file adds nothing).
// Duplicates of ids already in `scan` are reported and skipped.
std::expected<void, std::string> ScanRecords(const std::filesystem::path& path,
                                             RecordScan& scan);

// Writes the first record of every game id in `inputs` to `out`, in input
// order; the scan says what was dropped and why.
std::expected<RecordScan, std::string> MergeRecordFiles(
    const std::vector<std::filesystem::path>& inputs, std::ostream& out);

// Appends records, each fsynced before Append returns. Thread-safe callers
// must serialise Append themselves.
class RecordWriter {
 public:
  static std::expected<RecordWriter, std::string> Open(
      const std::filesystem::path& path);
  RecordWriter(RecordWriter&& other) noexcept;
  RecordWriter& operator=(RecordWriter&&) = delete;
  ~RecordWriter();

  // `line` must hold one JSON object and no newline.
  std::expected<void, std::string> Append(std::string_view line);

 private:
  RecordWriter(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_;
  std::string path_;
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_RECORDS_H_
