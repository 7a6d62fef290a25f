// Reading game record files (docs/records.md): one GameRecord per line in
// protobuf's JSON form, either as plain JSON lines (`*.jsonl`) or compressed
// with zstd (`*.jsonl.zst`, one frame per record as the arbiter writes them,
// or any zstd stream of JSON lines, such as `zstd games.jsonl` makes). The
// form is told by the file's first bytes, not its name.
//
// A reader hands out each record's text and where it was (the line number,
// counted in the decompressed text for zstd, so that `zstdcat FILE | sed -n
// 12p` shows line 12). A record cut short by a kill (a torn write) is not
// handed out: the reader skips it and lists it among its problems, and so
// does every tool that reads records, instead of failing on the whole file.
// Text that is not a record at all (bad JSON) is for the parsers to find.
#ifndef ARBITER_RECORDS_RECORD_FILE_H_
#define ARBITER_RECORDS_RECORD_FILE_H_

#include <zstd.h>

#include <cstdint>
#include <expected>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::records {

enum class Encoding { kJsonLines, kZstd };

// By name: "*.zst" is zstd, anything else JSON lines. For new files only:
// an existing file keeps the encoding it has.
Encoding EncodingForName(const std::filesystem::path& path);

// Something in a record file that is not a whole record.
struct Problem {
  enum class Kind {
    kTorn,       // a record cut short: a write interrupted by a kill
    kMalformed,  // not a record (bad JSON, bad compressed data, bad fields)
  };
  Kind kind = Kind::kMalformed;
  std::string where;  // "FILE:LINE", or "FILE: bytes A-B" in compressed data
  std::string message;

  // "FILE:LINE: skipped, MESSAGE".
  std::string ToString() const;
};

class RecordReader {
 public:
  // Opens a file of either encoding; the error names it.
  static std::expected<RecordReader, std::string> Open(
      const std::filesystem::path& path);
  // Text in memory, called `name` in messages (tests).
  static RecordReader FromString(std::string data, std::string name);

  RecordReader(RecordReader&&) noexcept;
  RecordReader& operator=(RecordReader&&) noexcept;
  ~RecordReader();

  // The next record's text: one line, without its newline (and without a
  // trailing '\r'); blank lines are skipped. False at the end. A read error
  // names the file. The view lives until the next call.
  std::expected<bool, std::string> Next(std::string_view* record);

  // The line of the record last returned, from 1.
  int64_t line() const { return line_; }
  // "FILE:LINE" of the record last returned.
  std::string Where() const;
  // True when the record last returned is the file's last line and has no
  // newline: a parse that runs out of text there found a torn write.
  bool AtUnterminatedEnd() const { return unterminated_; }
  Encoding encoding() const { return encoding_; }
  const std::string& name() const { return name_; }

  // Torn and undecodable pieces skipped so far (compressed files; in JSON
  // lines the parsers tell a torn line from the others).
  const std::vector<Problem>& problems() const { return problems_; }

 private:
  RecordReader() = default;
  struct Zstd;
  // Appends more decoded text to buffer_; false at the end of the input.
  std::expected<bool, std::string> Fill();
  std::expected<bool, std::string> FillPlain();
  std::expected<bool, std::string> FillZstd();
  std::expected<bool, std::string> ReadZstdInput();
  std::expected<void, std::string> SkipBadFrame(size_t result);
  void AddProblem(Problem::Kind kind, uint64_t from, uint64_t to,
                  std::string message);
  std::expected<size_t, std::string> ReadRaw(char* out, size_t size);
  void Compact();

  int fd_ = -1;
  std::string name_;
  Encoding encoding_ = Encoding::kJsonLines;
  std::string memory_;  // FromString's data
  size_t memory_pos_ = 0;
  bool eof_ = false;
  // Decoded text: [begin_, end_) is unread; [end_, limit_) is decoded but
  // held back until its zstd frame proves whole.
  std::vector<char> buffer_;
  size_t begin_ = 0, end_ = 0, limit_ = 0;
  int64_t line_ = 0;
  bool unterminated_ = false;
  std::unique_ptr<Zstd> zstd_;
  std::vector<Problem> problems_;
};

// Whether `bytes` (a file's first bytes) start a zstd frame (or a skippable
// frame).
bool LooksLikeZstd(std::string_view bytes);

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_RECORD_FILE_H_
