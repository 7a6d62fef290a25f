// The data of a tournament report, from finished games: standings and
// crosstable (as `arbiter tournament` prints them), ratings with intervals
// and their history, faults by bot and reason, decision-time and score
// distributions, the list of games, and each game's replay.
//
// The JSON (format 1, docs/report.md): title, games_count, bots[], notes[],
// standings[{bot, games, points, score, faults, game_points,
// rating, lower, upper, lower_open, upper_open, los_next, pool, note}],
// crosstable[a][b] = [points, games], ratings{model, replicates, average},
// history{by, points[{games, round, ratings{bot: [rating, lower, upper]}}]},
// faults{reasons[], counts{bot: {reason: n}}},
// decisions{bins[] (upper bounds in us), bots{bot: {counts[], count,
// mean_us, p50_us, p90_us, p99_us, max_us}}}, scores{bot: [points...]},
// score_unit (what game points count, "chips": replay_data.h; "" unknown),
// games[{id, game, round, tournament, bots[], teams[], scores[], places[],
// team_scores[],
// end, faults[[seat, reason, step]], steps, hands, started_at, seconds,
// where, replay}], and format_results (ReportOptions) when given.
#ifndef ARBITER_REPORT_REPORT_DATA_H_
#define ARBITER_REPORT_REPORT_DATA_H_

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "arbiter/records/record_view.h"
#include "arbiter/report/replay_data.h"
#include "arbiter/v1/record.pb.h"
#include "ratings/game.h"

namespace arbiter::report {

struct ReportOptions {
  std::string title;    // default: the tournament's name, or the files'
  int bootstrap = 200;  // replicates for the rating intervals; 0: none
  bool replays = true;  // embed every game's replay
  ReplayDataOptions replay;
  // A format's own results (a Swiss table: the run's swiss.json), shown
  // as the data's "format_results"; null: none.
  nlohmann::json format_results;
};

class ReportBuilder {
 public:
  explicit ReportBuilder(ReportOptions options);

  // Counts a finished game; `where` is "FILE:LINE" (shown with the game),
  // `logs` the bots' lines printed during it (may be null).
  void Add(const v1::GameRecord& record, std::string where,
           const GameLogs* logs);
  // A problem with the inputs (a skipped record), shown in the report.
  void AddNote(std::string note);
  // A default title, when the options give none.
  void SetDefaultTitle(std::string title) { default_title_ = std::move(title); }
  int games() const { return int(games_.size()); }

  struct Page {
    nlohmann::json data;
    std::vector<std::string> replays;  // game i's, compressed; "" for none
  };
  Page Finish();

 private:
  nlohmann::json Standings();
  nlohmann::json Decisions() const;
  void Ratings(nlohmann::json& data);

  ReportOptions options_;
  std::string default_title_;
  std::vector<std::string> notes_;
  nlohmann::json games_ = nlohmann::json::array();
  std::vector<std::string> replays_;
  std::vector<records::RecordSummary> summaries_;
  std::vector<ratings::Game> rating_games_;
  std::vector<std::string> tournaments_;
  std::map<std::string, std::vector<uint32_t>> decision_us_;  // by bot
  std::map<std::string, std::vector<int>> scores_;            // by bot
  std::map<std::string, int64_t> game_points_;                // by bot
  std::set<std::string> score_units_;  // the replays' score_unit
  std::map<std::string, std::map<std::string, int>> faults_;  // bot, reason
};

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_REPORT_DATA_H_
