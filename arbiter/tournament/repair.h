// Repairing a tournament's records file that holds two different records
// under one game id (docs/tournaments.md, "Repairing a directory"), as two
// runs recording into one directory at once left them: resume, merge and
// every reader refuse such a file. Each game id keeps one record: the one
// the schedule confirms (its seats hold the scheduled bots, its deal seed is
// the one the deal secret gives the game: what resume checks), the first of
// them when two runs both played the game. Copies of a record, and pieces
// that are no record (cut short, malformed), go too. When no record of an
// id is confirmed, or nothing tells which is the game, nothing is written.
#ifndef ARBITER_TOURNAMENT_REPAIR_H_
#define ARBITER_TOURNAMENT_REPAIR_H_

#include <cstdint>
#include <expected>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/common/deal_secret.h"
#include "arbiter/records/record_view.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

// Whether the schedule confirms a record (`where` names it): ok, or why not.
using RecordJudge = std::function<std::expected<void, std::string>(
    const records::RecordSummary& record, std::string_view where)>;

// The judge of a run of a fixed schedule (round-robin, gauntlet) with
// `secret`: the record is a game of the schedule, with its seats and deal
// seed (CheckAgainstSchedule). A format whose games depend on results
// (Swiss, knockout) has no schedule before them: nullptr, and two different
// records of one game are told apart only if they agree on seats and seed.
std::expected<RecordJudge, std::string> ScheduleJudge(
    const TournamentConfig& config, const TeamLayout& layout,
    const RunSecret& secret);

struct RepairPlan {
  int64_t records = 0;             // pieces of text read, records or not
  std::vector<int64_t> drop;       // their indexes (from 0) to leave out
  std::vector<std::string> notes;  // "FILE:LINE: game ID: dropped, why"
  // Game ids that no rule decides, each with why: nothing may be written.
  std::vector<std::string> undecided;
  int conflicts = 0;  // game ids with different records
};

// Reads `path` (three passes at most, the record texts never all in memory)
// and decides which records stay; writes nothing. `judge` may be nullptr.
std::expected<RepairPlan, std::string> PlanRepair(
    const std::filesystem::path& path, const RecordJudge& judge);

// Writes the records `plan` keeps, in their order and encoding, to a
// temporary file beside `path` and syncs it; keeps the original as a
// backup (a hard link: "PATH.before-repair", or ".before-repair.N" when
// taken); then renames the new file over `path` and syncs the directory.
// Returns the backup's path. On an error `path` is as it was.
std::expected<std::filesystem::path, std::string> ApplyRepair(
    const std::filesystem::path& path, const RepairPlan& plan);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_REPAIR_H_
