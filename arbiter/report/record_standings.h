// The standings of any game record files (`arbiter standings`), e.g. a
// tournament's shards after `arbiter merge`: every game id counts once (its
// first record), bots in order of first appearance.
#ifndef ARBITER_REPORT_RECORD_STANDINGS_H_
#define ARBITER_REPORT_RECORD_STANDINGS_H_

#include <expected>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/records/record_view.h"
#include "arbiter/tournament/standings.h"

namespace arbiter::report {

// The records of one game ("zetema"): where the first is, and how many.
struct GameKind {
  std::string game;
  std::string first;  // "FILE:LINE"
  int64_t games = 0;
};

// Records of several games are refused unless `split`: points, chips and
// tricks do not add up. The error names each game, where its first record
// is, and --split.
std::expected<void, std::string> CheckOneGame(
    const std::vector<GameKind>& kinds, bool split);

// The games of record files, each game id once.
struct RecordGames {
  std::vector<records::RecordSummary> games;
  std::vector<int> kind_of;       // per game: its index in `kinds`
  std::vector<GameKind> kinds;    // in order of first appearance
  std::vector<std::string> bots;  // in order of first appearance
  int copies = 0;                 // copies of a record, counted once
  // Records that cannot be read, skipped: "FILE:LINE: why" each.
  std::vector<std::string> problems;
};

// Reads `files` in order. The error names a file that cannot be read, or a
// game id with two different records (which one is true cannot be told, as
// merge, replay and ratings say too).
std::expected<RecordGames, std::string> ReadRecordGames(
    const std::vector<std::string>& files);

// The standings of `games` (of kind `kind` only, when not -1); the error
// names a record they cannot count.
std::expected<tournament::Standings, std::string> StandingsOf(
    const RecordGames& games, int kind = -1);

// The records of one game of `files`, each game id once, copied into a
// temporary file (removed with this object): what the ratings of that
// game's standings read (`standings --split`).
class GameRecordsFile {
 public:
  static std::expected<GameRecordsFile, std::string> Write(
      const std::vector<std::string>& files, const std::string& game);
  GameRecordsFile(GameRecordsFile&& other) noexcept
      : path_(std::exchange(other.path_, {})) {}
  GameRecordsFile& operator=(GameRecordsFile&&) = delete;
  ~GameRecordsFile();
  const std::string& path() const { return path_; }

 private:
  explicit GameRecordsFile(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_RECORD_STANDINGS_H_
