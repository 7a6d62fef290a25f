// Lines of a file, read in large chunks: no per-line allocation, any line
// length, NUL bytes kept (the parsers refuse them where they matter).
#ifndef ZETEMA_RATINGS_LINE_READER_H_
#define ZETEMA_RATINGS_LINE_READER_H_

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace ratings {

class LineReader {
 public:
  // A file; the error names it ("PATH: cannot open file: REASON").
  static std::expected<LineReader, std::string> Open(const std::string& path);
  // Text in memory, called `name` in messages (tests, callers holding a
  // file's contents).
  static LineReader FromString(std::string text, std::string name);

  LineReader(LineReader&& other) noexcept;
  LineReader& operator=(LineReader&&) = delete;
  ~LineReader();

  // The next line, without its '\n' (or "\r\n"); false at the end of the
  // input. A read error names the file. The view lives until the next call.
  std::expected<bool, std::string> Next(std::string_view* line);
  int64_t line_number() const { return line_number_; }
  const std::string& name() const { return name_; }

 private:
  LineReader(int fd, std::string name);
  bool Fill();  // reads more; false at the end of the file or on an error

  int fd_ = -1;
  std::string name_;
  std::vector<char> buffer_;
  size_t begin_ = 0, end_ = 0;  // unread bytes
  bool eof_ = false;
  int error_ = 0;
  int64_t line_number_ = 0;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_LINE_READER_H_
