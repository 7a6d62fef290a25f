#include "arbiter/report/record_standings.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "arbiter/records/duplicates.h"
#include "arbiter/records/record_file.h"
#include "arbiter/records/record_lines.h"
#include "arbiter/report/report_data.h"

namespace arbiter::report {
namespace {

// Adds the summary of `line` to `out`, unless its game id is already there.
std::expected<void, std::string> AddRecord(
    const std::vector<std::string>& files, uint32_t file,
    const records::RecordReader& reader, std::string_view line,
    records::DuplicateIds* ids, RecordGames* out) {
  static thread_local records::RecordScanner scanner;
  records::RecordView view;
  auto scanned = scanner.Scan(line, &view);
  auto summary = scanned ? records::RecordSummary::Of(view)
                         : std::unexpected(scanned.error().message);
  if (!summary) {
    out->problems.push_back(reader.Where() + ": skipped, " + summary.error());
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
  const std::string game = GameOf(view);
  auto kind = std::find_if(out->kinds.begin(), out->kinds.end(),
                           [&](const GameKind& k) { return k.game == game; });
  if (kind == out->kinds.end()) {
    kind = out->kinds.insert(kind, GameKind{game, reader.Where(), 0});
  }
  ++kind->games;
  out->kind_of.push_back(int(kind - out->kinds.begin()));
  out->games.push_back(std::move(*summary));
  return {};
}

}  // namespace

std::expected<RecordGames, std::string> ReadRecordGames(
    const std::vector<std::string>& files) {
  RecordGames out;
  records::DuplicateIds ids;
  auto read = records::ForEachLine(
      files, &out.problems,
      [&](uint32_t f, const records::RecordReader& reader,
          std::string_view line) {
        return AddRecord(files, f, reader, line, &ids, &out);
      });
  if (!read) return std::unexpected(read.error());
  return out;
}

std::expected<void, std::string> CheckOneGame(
    const std::vector<GameKind>& kinds, bool split) {
  if (kinds.size() <= 1 || split) return {};
  std::string list;
  for (const GameKind& k : kinds) {
    list += fmt::format("{}{} ({} games, the first at {})",
                        list.empty() ? "" : ", ", k.game, k.games, k.first);
  }
  return std::unexpected(fmt::format(
      "the records are of {} games: {}. Their scores count different things "
      "and do not add up: give --split for one section per game, or the "
      "records of one game",
      kinds.size(), list));
}

std::expected<tournament::Standings, std::string> StandingsOf(
    const RecordGames& games, int kind) {
  std::vector<std::string> bots;
  for (size_t g = 0; g < games.games.size(); ++g) {
    if (kind >= 0 && games.kind_of[g] != kind) continue;
    for (const std::string& bot : games.games[g].bots) {
      if (std::find(bots.begin(), bots.end(), bot) == bots.end()) {
        bots.push_back(bot);
      }
    }
  }
  tournament::Standings standings(bots);
  for (size_t g = 0; g < games.games.size(); ++g) {
    if (kind >= 0 && games.kind_of[g] != kind) continue;
    if (auto ok = standings.Add(games.games[g]); !ok) {
      return std::unexpected(ok.error());
    }
  }
  return standings;
}

std::expected<GameRecordsFile, std::string> GameRecordsFile::Write(
    const std::vector<std::string>& files, const std::string& game) {
  char name[] = "/tmp/arbiter-standings-XXXXXX.jsonl";
  const int fd = ::mkstemps(name, 6);
  if (fd < 0) {
    return std::unexpected(std::string("cannot create a temporary file: ") +
                           std::strerror(errno));
  }
  GameRecordsFile out{std::string(name)};
  std::FILE* file = ::fdopen(fd, "w");
  records::DuplicateIds ids(/*keep_places=*/false);
  records::RecordScanner scanner;
  records::RecordView view;
  std::vector<std::string> unused;  // what cannot be read is not this game's
  auto read = records::ForEachLine(
      files, &unused,
      [&](uint32_t, const records::RecordReader&,
          std::string_view line) -> std::expected<void, std::string> {
        if (!scanner.Scan(line, &view) || GameOf(view) != game) return {};
        if (ids.Add(view.game_id, line, {}).seen ==
            records::DuplicateIds::Seen::kNew) {
          std::fwrite(line.data(), 1, line.size(), file);
          std::fputc('\n', file);
        }
        return {};
      });
  if (!read) {
    std::fclose(file);
    return std::unexpected(read.error());
  }
  if (std::fclose(file) != 0) {
    return std::unexpected(out.path_ + ": cannot write");
  }
  return out;
}

GameRecordsFile::~GameRecordsFile() {
  if (!path_.empty()) ::unlink(path_.c_str());
}

}  // namespace arbiter::report
