#include "arbiter/tournament/records.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;
using nlohmann::json;

std::string Errno(std::string_view what, const std::string& path) {
  return fmt::format("{}: {}: {}", path, what, std::strerror(errno));
}

// Protobuf's JSON form may print integers as strings.
std::expected<int, std::string> ToInt(const json& value, std::string_view key) {
  if (value.is_number_integer()) return value.get<int>();
  if (value.is_string()) {
    try {
      size_t used = 0;
      const std::string& text = value.get_ref<const std::string&>();
      const int v = std::stoi(text, &used);
      if (used == text.size()) return v;
    } catch (const std::exception&) {
    }
  }
  return Error(fmt::format("{}: not an integer", key));
}

std::expected<json, std::string> ParseObject(std::string_view line) {
  json doc = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return Error("not valid JSON");
  if (!doc.is_object()) return Error("not a JSON object");
  return doc;
}

bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(size_t(n));
  }
  return true;
}

}  // namespace

std::expected<std::string, std::string> ParseGameId(std::string_view line) {
  auto doc = ParseObject(line);
  if (!doc) return Error(doc.error());
  const auto it = doc->find("game_id");
  if (it == doc->end() || !it->is_string() || it->get<std::string>().empty()) {
    return Error("no game_id");
  }
  return it->get<std::string>();
}

std::expected<RecordSummary, std::string> ParseRecordSummary(
    std::string_view line) {
  auto doc = ParseObject(line);
  if (!doc) return Error(doc.error());
  RecordSummary out;
  const json& d = *doc;
  if (!d.contains("game_id") || !d["game_id"].is_string()) {
    return Error("no game_id");
  }
  out.game_id = d["game_id"].get<std::string>();
  if (d.contains("round")) {
    auto round = ToInt(d["round"], "round");
    if (!round) return Error(round.error());
    out.round = *round;
  }
  const json empty_array = json::array();
  const json& seats = d.contains("seats") ? d["seats"] : empty_array;
  if (!seats.is_array()) return Error("seats: not an array");
  for (size_t i = 0; i < seats.size(); ++i) {
    const json& seat = seats[i];
    if (!seat.is_object())
      return Error(fmt::format("seats[{}]: not an object", i));
    out.bots.push_back(seat.value("bot_name", std::string()));
    int team = int(i);
    if (seat.contains("team")) {
      auto t = ToInt(seat["team"], fmt::format("seats[{}].team", i));
      if (!t) return Error(t.error());
      team = *t;
    }
    out.teams.push_back(team);
  }
  const json empty_object = json::object();
  const json& result = d.contains("result") ? d["result"] : empty_object;
  if (!result.is_object()) return Error("result: not an object");
  if (result.contains("places")) {
    if (!result["places"].is_array())
      return Error("result.places: not an array");
    for (const json& p : result["places"]) {
      auto place = ToInt(p, "result.places");
      if (!place) return Error(place.error());
      out.places.push_back(*place);
    }
  }
  if (result.contains("faults")) {
    if (!result["faults"].is_array())
      return Error("result.faults: not an array");
    for (const json& fault : result["faults"]) {
      int seat = -1;
      if (fault.is_object() && fault.contains("seat")) {
        auto s = ToInt(fault["seat"], "result.faults[].seat");
        if (!s) return Error(s.error());
        seat = *s;
      }
      out.fault_seats.push_back(seat);
    }
    out.faults = int(out.fault_seats.size());
  }
  if (!out.places.empty() && out.places.size() != out.bots.size()) {
    return Error(fmt::format("result.places: {} places for {} seats",
                             out.places.size(), out.bots.size()));
  }
  return out;
}

std::expected<void, std::string> ScanRecords(const std::filesystem::path& path,
                                             RecordScan& scan) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error(fmt::format("{}: cannot read the file", path.string()));
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const bool last_unterminated = in.eof();
    if (line.empty()) continue;
    const std::string where = fmt::format("{}:{}", path.string(), number);
    auto id = ParseGameId(line);
    if (!id) {
      ++scan.malformed;
      scan.problems.push_back(fmt::format(
          "{}: skipped, {}{}", where, id.error(),
          last_unterminated ? " (unterminated last line: an interrupted write)"
                            : ""));
      continue;
    }
    if (!scan.ids.insert(*id).second) {
      ++scan.duplicates;
      scan.problems.push_back(
          fmt::format("{}: skipped, duplicate game_id \"{}\"", where, *id));
      continue;
    }
    scan.game_ids.push_back(*id);
    scan.lines.push_back(std::move(line));
  }
  if (in.bad()) return Error(fmt::format("{}: read error", path.string()));
  return {};
}

std::expected<RecordScan, std::string> MergeRecordFiles(
    const std::vector<std::filesystem::path>& inputs, std::ostream& out) {
  RecordScan scan;
  for (const auto& path : inputs) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
      return Error(fmt::format("{}: no such file", path.string()));
    }
    const size_t before = scan.lines.size();
    if (auto ok = ScanRecords(path, scan); !ok) return Error(ok.error());
    for (size_t i = before; i < scan.lines.size(); ++i) {
      out << scan.lines[i] << '\n';
    }
  }
  out.flush();
  if (!out) return Error("cannot write the merged records");
  return scan;
}

std::expected<RecordWriter, std::string> RecordWriter::Open(
    const std::filesystem::path& path) {
  const std::string name = path.string();
  const int fd =
      ::open(name.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return Error(Errno("cannot open", name));
  RecordWriter writer(fd, name);
  // A record cut short by a kill stays as it is; the next one starts on a
  // line of its own.
  const off_t size = ::lseek(fd, 0, SEEK_END);
  if (size > 0) {
    char last = 0;
    if (::pread(fd, &last, 1, size - 1) != 1) {
      return Error(Errno("cannot read", name));
    }
    if (last != '\n' && (!WriteAll(fd, "\n") || ::fsync(fd) != 0)) {
      return Error(Errno("cannot write", name));
    }
  } else {
    // A new file: make its directory entry durable too.
    const std::string dir = path.parent_path().empty()
                                ? std::string(".")
                                : path.parent_path().string();
    const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd >= 0) {
      ::fsync(dir_fd);
      ::close(dir_fd);
    }
  }
  return writer;
}

RecordWriter::RecordWriter(RecordWriter&& other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)) {
  other.fd_ = -1;
}

RecordWriter::~RecordWriter() {
  if (fd_ >= 0) ::close(fd_);
}

std::expected<void, std::string> RecordWriter::Append(std::string_view line) {
  std::string data(line);
  data.push_back('\n');
  // One write call, so that a kill leaves at most one partial line.
  if (!WriteAll(fd_, data)) return Error(Errno("cannot write", path_));
  if (::fsync(fd_) != 0) return Error(Errno("cannot fsync", path_));
  return {};
}

}  // namespace arbiter::tournament
