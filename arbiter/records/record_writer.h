// Appending game records to a file (docs/records.md). Each record is one
// write call followed by fsync before Append returns, so that a finished
// game is durable, a kill leaves at most the last record cut short, and
// nothing already written is ever rewritten.
//
// JSON lines get one record per line. zstd files get one frame per record
// (the record's line, newline included, with the frame's content size and
// checksum), so that appending needs no earlier state and a cut-short frame
// is told apart by its reader; `zstdcat FILE` prints the JSON lines.
#ifndef ARBITER_RECORDS_RECORD_WRITER_H_
#define ARBITER_RECORDS_RECORD_WRITER_H_

#include <expected>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/records/record_file.h"

namespace arbiter::records {

// zstd level of the records: at 9 a two-player Zetema game of random bots
// takes about 4.5 KB (81 KB as JSON) for about 1 ms of one core; level 3
// would make it 5.6 KB.
inline constexpr int kDefaultZstdLevel = 9;

// One record as a zstd frame: `line` and a newline.
std::string CompressRecord(std::string_view line,
                           int level = kDefaultZstdLevel);

class RecordWriter {
 public:
  struct Options {
    // An existing, non-empty file keeps its encoding; a new one takes this,
    // or the name's (*.zst: zstd).
    std::optional<Encoding> encoding;
    int zstd_level = kDefaultZstdLevel;
    // false: records are synced by Sync() only (a merge writes a whole file
    // and syncs it once).
    bool sync_each = true;
    // Create a new file; refuse an existing one.
    bool create_new = false;
  };

  // Opens for appending (creating the file). A JSON lines file whose last
  // line was cut short gets a newline first, so that the next record starts
  // a line of its own; a zstd file needs nothing.
  static std::expected<RecordWriter, std::string> Open(
      const std::filesystem::path& path, Options options);
  static std::expected<RecordWriter, std::string> Open(
      const std::filesystem::path& path) {
    return Open(path, Options{});
  }
  // Standard output (JSON lines), for `arbiter merge` without -o.
  static RecordWriter Stdout();

  RecordWriter(RecordWriter&&) noexcept;
  RecordWriter& operator=(RecordWriter&&) = delete;
  ~RecordWriter();

  // Appends one record: `line` holds one JSON object and no newline.
  // Thread-safe; compression runs outside the lock.
  std::expected<void, std::string> Append(std::string_view line);
  // Makes everything appended so far durable.
  std::expected<void, std::string> Sync();

  Encoding encoding() const { return encoding_; }
  const std::string& path() const { return path_; }

 private:
  RecordWriter(int fd, std::string path, Encoding encoding, Options options);
  std::expected<void, std::string> WriteLocked(std::string_view data);

  int fd_ = -1;
  bool owns_fd_ = true;
  std::string path_;
  Encoding encoding_ = Encoding::kJsonLines;
  Options options_;
  std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();
};

// fsyncs the directory that holds `path`: a new or renamed file's directory
// entry must be durable too. Best effort (nothing to do when it fails).
void SyncDirectoryOf(const std::filesystem::path& path);

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_RECORD_WRITER_H_
