// The records an output directory already holds, read back to resume a
// tournament (docs/records.md, "Integrity"). Every record is checked: a
// record cut short by a kill, a malformed one or a copy of another is
// skipped with a warning naming its line; two different records under one
// game id refuse the whole file; and a kept record that is not the game the
// schedule says (its seats, its deal seed) refuses the run, naming it.
#ifndef ARBITER_TOURNAMENT_KEPT_RECORDS_H_
#define ARBITER_TOURNAMENT_KEPT_RECORDS_H_

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arbiter/common/deal_secret.h"
#include "arbiter/records/record_view.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

inline constexpr char kRecordsFile[] = "games.jsonl";
inline constexpr char kCompressedRecordsFile[] = "games.jsonl.zst";
inline constexpr char kSecretFile[] = "secret";

// The record file of `dir`: games.jsonl.zst or games.jsonl, whichever
// exists (both: an error), else the one `compress` asks for.
std::expected<std::filesystem::path, std::string> RecordsPath(
    const std::filesystem::path& dir, bool compress);

struct KeptRecord {
  std::string where;  // "DIR/games.jsonl:12"
  // A record whose fields do not add up is kept but not scored.
  std::expected<records::RecordSummary, std::string> summary;
};

struct KeptRecords {
  std::unordered_map<std::string, KeptRecord> by_id;
  std::vector<std::string> ids;       // in file order
  std::vector<std::string> warnings;  // records skipped, and why
};

// The secret and seed of the run whose records are `records` in `dir`
// (deal_secret.h): DIR/secret, or `given` (--secret), or a new one; `seed`
// from the command or config. Records without the secret that made them
// cannot be checked: refused.
std::expected<RunSecret, std::string> OpenRunSecret(
    const std::filesystem::path& dir, const std::filesystem::path& records,
    const std::filesystem::path& given, std::optional<uint64_t> seed);

// The same, read and never written, for a run that records nothing
// (--tables-only): `given`, else DIR/secret, read as a shard given it with
// --secret reads it: the seed is `seed` (the config's), else the file's.
std::expected<RunSecret, std::string> ReadRunSecret(
    const std::filesystem::path& dir, const std::filesystem::path& given,
    std::optional<uint64_t> seed);

// Reads the files in order (a missing file holds nothing): a run's own
// records, then those of earlier rounds that it reads only.
std::expected<KeptRecords, std::string> ReadKeptRecords(
    const std::vector<std::filesystem::path>& paths);
inline std::expected<KeptRecords, std::string> ReadKeptRecords(
    const std::filesystem::path& path) {
  return ReadKeptRecords(std::vector{path});
}

// Checks a record against the game the schedule says it is: its seats hold
// the scheduled bots and its deal seed is the game's. The error names
// `where` and what differs (never the scheduled seed: it is secret).
std::expected<void, std::string> CheckAgainstSchedule(
    const ScheduledGame& game, const records::RecordSummary& summary,
    const TournamentConfig& config, std::string_view where);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_KEPT_RECORDS_H_
