// The league's report, DIR/report/, refreshed after every batch:
// index.html (standings with 95% intervals, the ratings of every version of
// every bot over the batches, the newest games) and games/ (the report
// folder of every recorded game, replays included: report/report_writer.h).
#ifndef ARBITER_LEAGUE_LEAGUE_REPORT_H_
#define ARBITER_LEAGUE_LEAGUE_REPORT_H_

#include <expected>
#include <filesystem>
#include <string>
#include <vector>

#include "arbiter/league/league_ratings.h"
#include "arbiter/league/roster.h"
#include "arbiter/records/record_view.h"

namespace arbiter::league {

inline constexpr int kNewestGames = 50;
// The report folder of every game, in DIR/report.
inline constexpr char kGamesReport[] = "games";

// `<` `>` `&` `"` `'` as entities.
std::string HtmlEscape(std::string_view text);

// index.html's text: `newest` the newest games, newest last.
std::string LeaguePage(const std::string& name, const Roster& roster,
                       const std::vector<HistoryPoint>& history,
                       const std::vector<records::RecordSummary>& newest);

// Writes DIR/report/index.html and games/; the error says what could
// not be written (the records stay as they are).
std::expected<void, std::string> WriteLeagueReport(
    const std::filesystem::path& dir, const std::string& name,
    const std::vector<records::RecordSummary>& newest);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_LEAGUE_REPORT_H_
