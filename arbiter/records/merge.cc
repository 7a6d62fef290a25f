#include "arbiter/records/merge.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <tuple>

#include "arbiter/records/duplicates.h"
#include "arbiter/records/external_sort.h"
#include "arbiter/records/record_view.h"

namespace arbiter::records {
namespace {

using Error = std::unexpected<std::string>;

struct Entry {
  Fingerprint f;
  RecordPlace place;
};
struct ById {
  bool operator()(const Entry& a, const Entry& b) const {
    return std::tie(a.f.id_high, a.f.id_low, a.place.file, a.place.line) <
           std::tie(b.f.id_high, b.f.id_low, b.place.file, b.place.line);
  }
};
// A record to skip: a copy of the record at `first`.
struct Copy {
  RecordPlace place;
  RecordPlace first;
};
struct ByPlace {
  bool operator()(const Copy& a, const Copy& b) const {
    return std::tie(a.place.file, a.place.line) <
           std::tie(b.place.file, b.place.line);
  }
};

std::filesystem::path TempDir(const MergeOptions& options) {
  if (!options.temp_dir.empty()) return options.temp_dir;
  std::error_code ec;
  auto dir = std::filesystem::temp_directory_path(ec);
  return ec ? std::filesystem::path("/tmp") : dir;
}

// Calls each(file, reader, text) for every record of every input that has
// a game id; the others are counted and noted (first pass only).
template <typename F>
std::expected<void, std::string> ForEachRecord(
    const std::vector<std::filesystem::path>& inputs, MergeReport* report,
    size_t max_notes, F&& each) {
  RecordScanner scanner;
  for (uint32_t file = 0; file < inputs.size(); ++file) {
    auto reader = RecordReader::Open(inputs[file]);
    if (!reader) return Error(reader.error());
    std::string_view text;
    size_t problems_seen = 0;
    auto note_problems = [&] {
      for (; problems_seen < reader->problems().size(); ++problems_seen) {
        const Problem& p = reader->problems()[problems_seen];
        if (report == nullptr) continue;
        ++(p.kind == Problem::Kind::kTorn ? report->torn : report->malformed);
        if (report->notes.size() < max_notes) {
          report->notes.push_back(p.ToString());
        }
      }
    };
    for (;;) {
      auto more = reader->Next(&text);
      if (!more) return Error(more.error());
      note_problems();
      if (!*more) break;
      auto id = scanner.GameId(text);
      if (!id) {
        if (report != nullptr) {
          ++(id.error().kind == Problem::Kind::kTorn ? report->torn
                                                     : report->malformed);
          if (report->notes.size() < max_notes) {
            report->notes.push_back(Problem{.kind = id.error().kind,
                                            .where = reader->Where(),
                                            .message = id.error().message}
                                        .ToString());
          }
        }
        continue;
      }
      if (auto ok = each(file, *reader, *id, text); !ok) return ok;
    }
  }
  return {};
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
  // Pass 1: a fingerprint of every record, sorted by game id.
  ExternalSorter<Entry, ById> by_id(options.max_in_memory, temp);
  auto pass1 = ForEachRecord(
      inputs, nullptr, 0,
      [&](uint32_t file, const RecordReader& reader, std::string_view id,
          std::string_view text) -> std::expected<void, std::string> {
        return by_id.Add({FingerprintOf(id, text), {file, reader.line()}});
      });
  if (!pass1) return Error(pass1.error());
  if (auto ok = by_id.Finish(); !ok) return Error(ok.error());

  // Every record but the first of its id is skipped; different records of
  // one id are conflicts.
  ExternalSorter<Copy, ByPlace> skipped(options.max_in_memory, temp);
  std::vector<std::pair<RecordPlace, RecordPlace>> conflicts;
  Entry first{}, entry{};
  bool have_first = false;
  for (;;) {
    auto more = by_id.Next(&entry);
    if (!more) return Error(more.error());
    if (!*more) break;
    if (!have_first || entry.f.id_high != first.f.id_high ||
        entry.f.id_low != first.f.id_low) {
      first = entry;
      have_first = true;
      continue;
    }
    if (entry.f.text_high == first.f.text_high &&
        entry.f.text_low == first.f.text_low) {
      if (auto ok = skipped.Add({entry.place, first.place}); !ok) {
        return Error(ok.error());
      }
    } else if (conflicts.size() < options.max_notes) {
      conflicts.emplace_back(first.place, entry.place);
    } else {
      conflicts.emplace_back(first.place, entry.place);
      break;
    }
  }
  if (!conflicts.empty()) {
    // Name the ids: read them back from the conflicting places.
    std::map<std::pair<uint32_t, int64_t>, std::string> ids;
    for (const auto& [a, b] : conflicts) ids[{b.file, b.line}];
    auto named = ForEachRecord(
        inputs, nullptr, 0,
        [&](uint32_t file, const RecordReader& reader, std::string_view id,
            std::string_view) -> std::expected<void, std::string> {
          const auto it = ids.find({file, reader.line()});
          if (it != ids.end()) it->second = std::string(id);
          return {};
        });
    if (!named) return Error(named.error());
    for (const auto& [a, b] : conflicts) {
      report.conflicts.push_back(fmt::format(
          "game {}: {} and {} are different records with this id",
          ids[{b.file, b.line}], PlaceName(inputs, a), PlaceName(inputs, b)));
    }
    return report;
  }
  if (auto ok = skipped.Finish(); !ok) return Error(ok.error());

  // Pass 2: every record not skipped, in input order; what is skipped is
  // noted in that order too.
  Copy next_skip{};
  bool have_skip = false;
  auto advance = [&]() -> std::expected<void, std::string> {
    auto more = skipped.Next(&next_skip);
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
