// What `arbiter tournament` and `arbiter standings` publish: the standings
// (with the tie rule), the crosstable and the ratings, printed on stdout and
// written as standings.csv, standings.json, crosstable.csv and ratings.json.
#ifndef ARBITER_REPORT_STANDINGS_REPORT_H_
#define ARBITER_REPORT_STANDINGS_REPORT_H_

#include <expected>
#include <filesystem>
#include <string>
#include <vector>

#include "arbiter/tournament/standings.h"

namespace arbiter {

// The files written into an output directory, in this order.
inline constexpr const char* kReportFiles[] = {
    "standings.csv", "standings.json", "crosstable.csv", "ratings.json"};

// A format's own results (a Swiss table) to hold against the ratings.
struct FormatResults {
  // In: the format's JSON, whose "standings" [{bot, place}] and "order"
  // (what it ranks by) count; out: with "ratings_note" when the ratings
  // order two bots differently.
  std::string json;
  std::string note;  // out: that line (tournament::OrderNote), or ""
};

// Prints "Standings", "Crosstable" and "Ratings" (rated from `records`, the
// record files the standings come from) on stdout; when `out_dir` is not
// empty, also writes kReportFiles into it (each replaced whole: written
// aside, then renamed). Ratings are left out, with a note on stderr, when
// they cannot be computed (no game yet). The error names the file that
// could not be written. With `format`, a note under the ratings says why
// they and the format's standings order bots differently, if they do.
std::expected<void, std::string> PublishStandings(
    const tournament::Standings& standings,
    const std::vector<std::string>& records,
    const std::filesystem::path& out_dir, FormatResults* format = nullptr);

}  // namespace arbiter

#endif  // ARBITER_REPORT_STANDINGS_REPORT_H_
