#include "arbiter/match/record_io.h"

#include <fcntl.h>
#include <google/protobuf/util/json_util.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <mutex>

namespace arbiter {

std::string RecordToJson(const arbiter::v1::GameRecord& record) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  options.add_whitespace = false;
  std::string out;
  const auto status =
      google::protobuf::util::MessageToJsonString(record, &out, options);
  // Printing a well-formed message cannot fail.
  if (!status.ok()) std::abort();
  return out;
}

std::expected<arbiter::v1::GameRecord, std::string> RecordFromJson(
    std::string_view line) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  arbiter::v1::GameRecord record;
  const auto status = google::protobuf::util::JsonStringToMessage(
      std::string(line), &record, options);
  if (!status.ok()) return std::unexpected(std::string(status.message()));
  return record;
}

std::expected<void, std::string> AppendRecord(
    const std::string& path, const arbiter::v1::GameRecord& record) {
  static std::mutex mu;  // one line at a time from this process
  const std::string line = RecordToJson(record) + "\n";
  std::lock_guard lock(mu);
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    return std::unexpected("cannot open " + path + ": " + strerror(errno));
  }
  size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string error = strerror(errno);
      ::close(fd);
      return std::unexpected("cannot write " + path + ": " + error);
    }
    done += size_t(n);
  }
  if (::fsync(fd) != 0) {
    const std::string error = strerror(errno);
    ::close(fd);
    return std::unexpected("cannot fsync " + path + ": " + error);
  }
  ::close(fd);
  return {};
}

std::expected<std::vector<arbiter::v1::GameRecord>, std::string> ReadRecords(
    const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::unexpected("cannot open " + path);
  std::vector<arbiter::v1::GameRecord> records;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto record = RecordFromJson(line);
    if (!record) {
      return std::unexpected(path + ":" + std::to_string(number) + ": " +
                             record.error());
    }
    records.push_back(std::move(*record));
  }
  return records;
}

}  // namespace arbiter
