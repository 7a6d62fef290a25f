#include "arbiter/records/merge.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <tuple>

#include "arbiter/records/duplicates.h"
#include "arbiter/records/record_lines.h"
#include "arbiter/records/record_view.h"

namespace arbiter::records {
namespace {

using Error = std::unexpected<std::string>;

std::filesystem::path TempDir(const MergeOptions& options) {
  if (!options.temp_dir.empty()) return options.temp_dir;
  std::error_code ec;
  auto dir = std::filesystem::temp_directory_path(ec);
  return ec ? std::filesystem::path("/tmp") : dir;
}

// Calls each(file, reader, id, text) for every record of every input that
// has a game id; the others are counted and noted (when `report` is given).
template <typename F>
std::expected<void, std::string> ForEachRecord(
    const std::vector<std::filesystem::path>& inputs, MergeReport* report,
    size_t max_notes, F&& each) {
  RecordScanner scanner;
  auto note = [&](const Problem& p) {
    if (report == nullptr) return;
    ++(p.kind == Problem::Kind::kTorn ? report->torn : report->malformed);
    if (report->notes.size() < max_notes) report->notes.push_back(p.ToString());
  };
  return ForEachLine(
      inputs,
      [&](uint32_t file, const RecordReader& reader,
          std::string_view text) -> std::expected<void, std::string> {
        auto id = scanner.GameId(text);
        if (!id) {
          note(Problem{.kind = id.error().kind,
                       .where = reader.Where(),
                       .message = id.error().message});
          return {};
        }
        return each(file, reader, *id, text);
      },
      note);
}

std::string PlaceName(const std::vector<std::filesystem::path>& inputs,
                      const RecordPlace& place) {
  return fmt::format("{}:{}", inputs[place.file].string(), place.line);
}

}  // namespace

std::expected<MergeReport, std::string> MergeRecordFiles(
    const std::vector<std::filesystem::path>& inputs, RecordWriter& out,
    const MergeOptions& options) {
  MergeReport report;
  const std::filesystem::path temp = TempDir(options);
  // Pass 1: a fingerprint of every record; every record but the first of
  // its id is skipped, different records of one id are conflicts.
  CopyFinder finder(options.max_in_memory, temp);
  auto pass1 = ForEachRecord(
      inputs, nullptr, 0,
      [&](uint32_t file, const RecordReader& reader, std::string_view id,
          std::string_view text) -> std::expected<void, std::string> {
        return finder.Add(id, text, {file, reader.line()});
      });
  if (!pass1) return Error(pass1.error());
  auto conflicts = finder.Finish(options.max_notes + 1);
  if (!conflicts) return Error(conflicts.error());
  if (!conflicts->empty()) {
    // Name the ids: read them back from the conflicting places.
    std::map<std::pair<uint32_t, int64_t>, std::string> ids;
    for (const auto& c : *conflicts) ids[{c.place.file, c.place.line}];
    auto named = ForEachRecord(
        inputs, nullptr, 0,
        [&](uint32_t file, const RecordReader& reader, std::string_view id,
            std::string_view) -> std::expected<void, std::string> {
          const auto it = ids.find({file, reader.line()});
          if (it != ids.end()) it->second = std::string(id);
          return {};
        });
    if (!named) return Error(named.error());
    for (const auto& c : *conflicts) {
      report.conflicts.push_back(
          fmt::format("game {}: {} and {} are different records with this id",
                      ids[{c.place.file, c.place.line}],
                      PlaceName(inputs, c.first), PlaceName(inputs, c.place)));
    }
    return report;
  }

  // Pass 2: every record not skipped, in input order; what is skipped is
  // noted in that order too.
  CopyFinder::Repeat next_skip{};
  bool have_skip = false;
  auto advance = [&]() -> std::expected<void, std::string> {
    auto more = finder.NextCopy(&next_skip);
    if (!more) return Error(more.error());
    have_skip = *more;
    return {};
  };
  if (auto ok = advance(); !ok) return Error(ok.error());
  auto pass2 = ForEachRecord(
      inputs, &report, options.max_notes,
      [&](uint32_t file, const RecordReader& reader, std::string_view,
          std::string_view text) -> std::expected<void, std::string> {
        if (have_skip && next_skip.place.file == file &&
            next_skip.place.line == reader.line()) {
          ++report.copies;
          if (report.notes.size() < options.max_notes) {
            report.notes.push_back(fmt::format(
                "{}: skipped, a copy of {}", PlaceName(inputs, next_skip.place),
                PlaceName(inputs, next_skip.first)));
          }
          return advance();
        }
        if (auto ok = out.Append(text); !ok) return ok;
        ++report.written;
        return {};
      });
  if (!pass2) return Error(pass2.error());
  if (auto ok = out.Sync(); !ok) return Error(ok.error());
  return report;
}

}  // namespace arbiter::records
