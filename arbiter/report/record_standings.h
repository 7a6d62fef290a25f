// The standings of any game record files (`arbiter standings`), e.g. a
// tournament's shards after `arbiter merge`: every game id counts once (its
// first record), bots in order of first appearance.
#ifndef ARBITER_REPORT_RECORD_STANDINGS_H_
#define ARBITER_REPORT_RECORD_STANDINGS_H_

#include <expected>
#include <string>
#include <vector>

#include "arbiter/records/record_view.h"
#include "arbiter/tournament/standings.h"

namespace arbiter::report {

// The games of record files, each game id once.
struct RecordGames {
  std::vector<records::RecordSummary> games;
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

// The standings of `games`; the error names a record they cannot count.
std::expected<tournament::Standings, std::string> StandingsOf(
    const RecordGames& games);

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_RECORD_STANDINGS_H_
