#include "arbiter/tournament/repair.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "arbiter/records/duplicates.h"
#include "arbiter/records/record_file.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/tournament/formats/registry.h"
#include "arbiter/tournament/kept_records.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;

// Calls each(index, text, reader) for every piece of text of `path`, in
// order; returns the pieces the reader skipped (torn zstd frames).
template <typename F>
std::expected<std::vector<records::Problem>, std::string> ForEachText(
    const std::filesystem::path& path, F&& each) {
  auto reader = records::RecordReader::Open(path);
  if (!reader) return Error(reader.error());
  std::string_view text;
  for (int64_t i = 0;; ++i) {
    auto more = reader->Next(&text);
    if (!more) return Error(more.error());
    if (!*more) return reader->problems();
    each(i, text, *reader);
  }
}

struct Piece {
  int64_t line = 0;
  uint64_t text_high = 0, text_low = 0;
};

std::string Where(const std::filesystem::path& path, const Piece& piece) {
  return fmt::format("{}:{}", path.string(), piece.line);
}

// Decides one game id whose records differ: `candidates` are the first
// place of each different text, in file order.
void Decide(const std::filesystem::path& path, const std::string& id,
            const std::vector<int64_t>& candidates,
            const std::vector<Piece>& pieces,
            const std::unordered_map<int64_t, records::RecordSummary>& summary,
            const RecordJudge& judge, RepairPlan& plan) {
  std::vector<int64_t> confirmed;
  std::unordered_map<int64_t, std::string> why;
  for (const int64_t c : candidates) {
    const std::string where = Where(path, pieces[c]);
    const auto it = summary.find(c);
    if (it == summary.end()) {
      why[c] = fmt::format("{}: game {}: not a whole record", where, id);
    } else if (auto ok = judge ? judge(it->second, where)
                               : std::expected<void, std::string>();
               !ok) {
      why[c] = ok.error();
    } else {
      confirmed.push_back(c);
    }
  }
  if (confirmed.empty()) {
    std::string reasons;
    for (const int64_t c : candidates) reasons += "\n  " + why[c];
    plan.undecided.push_back(
        fmt::format("game {}: none of its {} records is the schedule's:{}", id,
                    candidates.size(), reasons));
    return;
  }
  const records::RecordSummary& first = summary.at(confirmed.front());
  for (const int64_t c : confirmed) {
    const records::RecordSummary& other = summary.at(c);
    if (!judge && (other.seed != first.seed || other.bots != first.bots)) {
      plan.undecided.push_back(fmt::format(
          "game {}: {} and {} differ in seats or deal seed, and a Swiss has "
          "no schedule before its results to tell which is the game: remove "
          "one by hand",
          id, Where(path, pieces[confirmed.front()]), Where(path, pieces[c])));
      return;
    }
  }
  const std::string kept = Where(path, pieces[confirmed.front()]);
  for (const int64_t c : candidates) {
    if (c == confirmed.front()) continue;
    plan.drop.push_back(c);
    plan.notes.push_back(
        why.contains(c)
            ? fmt::format("dropped: {}", why[c])
            : fmt::format("{}: game {}: dropped, another play of the game "
                          "kept at {} (the same seats and deal: two runs "
                          "played it)",
                          Where(path, pieces[c]), id, kept));
  }
}

}  // namespace

std::expected<RecordJudge, std::string> ScheduleJudge(
    const TournamentConfig& config, const TeamLayout& layout,
    const RunSecret& secret) {
  auto sealed = std::make_shared<TournamentConfig>(config);
  sealed->seed = secret.seed;
  auto format = MakeFormat(*sealed, layout, secret.key);
  if (!format) return Error(format.error());
  if ((*format)->Adaptive()) return RecordJudge();
  auto built = (*format)->Next();  // the whole schedule
  if (!built) return Error(built.error());
  auto by_id =
      std::make_shared<std::unordered_map<std::string, ScheduledGame>>();
  for (ScheduledGame& game : (*built)->games) {
    by_id->emplace(game.game_id, std::move(game));
  }
  return [sealed, by_id](
             const records::RecordSummary& record,
             std::string_view where) -> std::expected<void, std::string> {
    const auto it = by_id->find(record.game_id);
    if (it == by_id->end()) {
      return Error(fmt::format(
          "{}: game {} is not a game of this tournament's schedule (forged, "
          "or from another run)",
          where, record.game_id));
    }
    return CheckAgainstSchedule(it->second, record, *sealed, where);
  };
}

std::expected<RepairPlan, std::string> PlanRepair(
    const std::filesystem::path& path, const RecordJudge& judge) {
  RepairPlan plan;
  std::vector<Piece> pieces;
  std::unordered_map<std::string, std::vector<int64_t>> by_id;
  std::vector<std::string> order;  // ids in order of first appearance
  records::RecordScanner scanner;
  records::RecordView view;
  auto skipped = ForEachText(path, [&](int64_t i, std::string_view text,
                                       const records::RecordReader& reader) {
    const auto print = records::FingerprintOf("", text);
    pieces.push_back({reader.line(), print.text_high, print.text_low});
    auto scanned = scanner.Scan(text, &view);
    if (!scanned || view.game_id.empty()) {
      plan.drop.push_back(i);
      plan.notes.push_back(
          fmt::format("{}: dropped, {}", reader.Where(),
                      scanned ? "no game_id" : scanned.error().message));
      return;
    }
    auto& places = by_id[std::string(view.game_id)];
    if (places.empty()) order.emplace_back(view.game_id);
    places.push_back(i);
  });
  if (!skipped) return Error(skipped.error());
  for (const auto& problem : *skipped) {
    plan.notes.push_back(problem.ToString() + ": dropped");
  }
  plan.records = int64_t(pieces.size());
  // Copies go; the first place of each different text is a candidate.
  std::vector<std::pair<std::string, std::vector<int64_t>>> conflicts;
  std::unordered_set<int64_t> needed;
  for (const std::string& id : order) {
    const std::vector<int64_t>& places = by_id.at(id);
    std::vector<int64_t> candidates;
    for (const int64_t p : places) {
      const auto same =
          std::find_if(candidates.begin(), candidates.end(), [&](int64_t c) {
            return pieces[c].text_high == pieces[p].text_high &&
                   pieces[c].text_low == pieces[p].text_low;
          });
      if (same == candidates.end()) {
        candidates.push_back(p);
        continue;
      }
      plan.drop.push_back(p);
      plan.notes.push_back(
          fmt::format("{}: game {}: dropped, a copy of line {}",
                      Where(path, pieces[p]), id, pieces[*same].line));
    }
    if (candidates.size() > 1) {
      needed.insert(candidates.begin(), candidates.end());
      conflicts.emplace_back(id, std::move(candidates));
    }
  }
  plan.conflicts = int(conflicts.size());
  if (!conflicts.empty()) {
    std::unordered_map<int64_t, records::RecordSummary> summary;
    auto read = ForEachText(path, [&](int64_t i, std::string_view text,
                                      const records::RecordReader&) {
      if (!needed.contains(i)) return;
      if (auto s = records::SummarizeRecord(text)) summary.emplace(i, *s);
    });
    if (!read) return Error(read.error());
    for (const auto& [id, candidates] : conflicts) {
      Decide(path, id, candidates, pieces, summary, judge, plan);
    }
  }
  std::sort(plan.drop.begin(), plan.drop.end());
  return plan;
}

namespace {

std::filesystem::path FreeBackupPath(const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::path backup = path.string() + ".before-repair";
  for (int n = 2; std::filesystem::exists(backup, ec); ++n) {
    backup = fmt::format("{}.before-repair.{}", path.string(), n);
  }
  return backup;
}

}  // namespace

std::expected<std::filesystem::path, std::string> ApplyRepair(
    const std::filesystem::path& path, const RepairPlan& plan) {
  auto original = records::RecordReader::Open(path);
  if (!original) return Error(original.error());
  const std::filesystem::path temp =
      fmt::format("{}.repair-{}", path.string(), ::getpid());
  std::error_code ec;
  std::filesystem::remove(temp, ec);  // left by a repair killed before
  auto writer =
      records::RecordWriter::Open(temp, {.encoding = original->encoding(),
                                         .sync_each = false,
                                         .create_new = true});
  if (!writer) return Error(writer.error());
  std::vector<bool> drop(size_t(plan.records), false);
  for (const int64_t i : plan.drop) drop[size_t(i)] = true;
  std::string failure;
  auto read = ForEachText(path, [&](int64_t i, std::string_view text,
                                    const records::RecordReader&) {
    if (!failure.empty() || (i < plan.records && drop[size_t(i)])) return;
    if (auto ok = writer->Append(text); !ok) failure = ok.error();
  });
  if (!read) failure = read.error();
  if (failure.empty()) {
    if (auto ok = writer->Sync(); !ok) failure = ok.error();
  }
  const std::filesystem::path backup = FreeBackupPath(path);
  if (failure.empty() && ::link(path.c_str(), backup.c_str()) != 0) {
    failure = fmt::format("{}: cannot keep the original as {}: {}",
                          path.string(), backup.string(), std::strerror(errno));
  }
  if (failure.empty() && ::rename(temp.c_str(), path.c_str()) != 0) {
    failure = fmt::format("{}: cannot replace it: {}", path.string(),
                          std::strerror(errno));
    std::filesystem::remove(backup, ec);
  }
  if (!failure.empty()) {
    std::filesystem::remove(temp, ec);
    return Error(failure);
  }
  records::SyncDirectoryOf(path);
  return backup;
}

}  // namespace arbiter::tournament
