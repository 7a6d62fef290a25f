#include "arbiter/report/record_standings.h"

#include <algorithm>

#include "arbiter/records/duplicates.h"
#include "arbiter/records/record_file.h"

namespace arbiter::report {
namespace {

// Adds the summary of `line` to `out`, unless its game id is already there.
std::expected<void, std::string> AddRecord(
    const std::vector<std::string>& files, uint32_t file,
    const records::RecordReader& reader, std::string_view line,
    records::DuplicateIds* ids, RecordGames* out) {
  auto summary = records::SummarizeRecord(line);
  if (!summary) {
    out->problems.push_back(reader.Where() + ": skipped, " +
                            summary.error().message);
    return {};
  }
  const auto seen = ids->Add(summary->game_id, line, {file, reader.line()});
  if (seen.seen == records::DuplicateIds::Seen::kConflict) {
    return std::unexpected(
        reader.Where() + ": game " + summary->game_id + " is also at " +
        files[seen.first->file] + ":" + std::to_string(seen.first->line) +
        " as a different record: which one is true cannot be told");
  }
  if (seen.seen == records::DuplicateIds::Seen::kCopy) {
    ++out->copies;
    return {};
  }
  for (const std::string& bot : summary->bots) {
    if (std::find(out->bots.begin(), out->bots.end(), bot) == out->bots.end()) {
      out->bots.push_back(bot);
    }
  }
  out->games.push_back(std::move(*summary));
  return {};
}

}  // namespace

std::expected<RecordGames, std::string> ReadRecordGames(
    const std::vector<std::string>& files) {
  RecordGames out;
  records::DuplicateIds ids;
  for (uint32_t f = 0; f < files.size(); ++f) {
    auto reader = records::RecordReader::Open(files[f]);
    if (!reader) return std::unexpected(reader.error());
    std::string_view line;
    for (;;) {
      auto more = reader->Next(&line);
      if (!more) return std::unexpected(more.error());
      if (!*more) break;
      if (auto ok = AddRecord(files, f, *reader, line, &ids, &out); !ok) {
        return std::unexpected(ok.error());
      }
    }
    for (const auto& problem : reader->problems()) {
      out.problems.push_back(problem.ToString());
    }
  }
  return out;
}

std::expected<tournament::Standings, std::string> StandingsOf(
    const RecordGames& games) {
  tournament::Standings standings(games.bots);
  for (const auto& game : games.games) {
    if (auto ok = standings.Add(game); !ok) return std::unexpected(ok.error());
  }
  return standings;
}

}  // namespace arbiter::report
