// The data of a tournament report, aggregated game by game from the fast
// record scan (arbiter/records/record_view.h): nothing per game is kept
// (ratings::GameRater sums the ratings' data as the games stream), so that
// the memory of the summary does not grow with the games. A report has one
// section per game ("zetema", "pontoon"): each game counts its own score units,
// so games are never added up together.
//
// A section's JSON (docs/report.md, "The data format"): game, games_count,
// bots[], standings[{bot, games, points, score, faults, game_points,
// rating, lower, upper (null: an open bound), los_next, pool, note}],
// crosstable[a][b] = [points, games], ratings{model, replicates, average},
// history{by, points[{games, round, ratings{bot: [rating, lower, upper]}}]},
// faults{reasons[], counts{bot: {reason: n}}},
// decisions{bins[] (upper bounds in us), bots{bot: {counts[], count,
// mean_us, p50_us, p90_us, p99_us, max_us, timeouts, other_faults,
// struck}}}, scores{bot: [[points, seats]...]}, first_started,
// last_started, score_unit (set by the writer, from the replays).
//
// A game's row in the list: n (its index in the report), id, s (section),
// round, group (duplicate group), bots[], teams[], scores[], places[],
// team_scores[], end, faults[[seat, reason, step]], steps, hands, seconds.
//
// The report's data also holds format_results (ReportOptions) when given.
#ifndef ARBITER_REPORT_REPORT_DATA_H_
#define ARBITER_REPORT_REPORT_DATA_H_

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arbiter/records/record_view.h"
#include "arbiter/report/replay_data.h"
#include "arbiter/tournament/standings.h"
#include "ratings/ratings.h"

namespace arbiter::report {

struct ReportOptions {
  std::string title;    // default: the tournament's name, or the files'
  int bootstrap = 200;  // replicates for the rating intervals; 0: none
  bool replays = true;  // write every game's replay beside the page
  bool split = false;   // records of several games: one section each
  int threads = 0;      // replay threads; 0: one per core
  ReplayDataOptions replay;
  // A format's own results (a Swiss table: the run's swiss.json), shown
  // as the data's "format_results"; null: none.
  nlohmann::json format_results;
};

// The game a record is of ("zetema" for records of version 0.1).
std::string GameOf(const records::RecordView& record);

// A game's row in the report's list (above).
nlohmann::json GameRow(const records::RecordView& record, int64_t n,
                       int section);

// Decision times of one bot: a histogram fine enough for quantiles within
// half a percent, whatever the number of decisions.
class DecisionTimes {
 public:
  void Add(int64_t us);
  int64_t count() const { return count_; }
  // The q-quantile (0 < q <= 1), to within half a percent.
  double Quantile(double q) const;
  // Counts in the page's coarse bins (DecisionBins()).
  std::vector<int64_t> CoarseCounts() const;
  double mean() const { return count_ ? double(total_) / double(count_) : 0; }
  int64_t max() const { return max_; }

 private:
  std::vector<int64_t> fine_;  // by FineBin
  int64_t count_ = 0, total_ = 0, max_ = 0;
};

// The page's decision-time bins: upper bounds in microseconds.
std::vector<double> DecisionBins();

// One section of the report: the games of one game.
class SectionBuilder {
 public:
  // `bots`: every bot of the section's games, in order of first appearance;
  // `round_games`: the games of each round (from a first pass): the rating
  // history is by round when there are several, else by games.
  SectionBuilder(std::string game, std::vector<std::string> bots,
                 const std::map<int64_t, int64_t>& round_games, int bootstrap);

  // Counts a game (scanned with steps); `where` is "FILE:LINE". The error
  // names what cannot be counted (the game is then left out).
  std::expected<void, std::string> Add(const records::RecordView& record,
                                       const std::string& where);
  int64_t games() const { return games_; }
  const std::string& game() const { return game_; }

  // The section's JSON (once); notes on the ratings go to `notes`.
  nlohmann::json Finish(std::vector<std::string>* notes);

 private:
  struct BotFigures {
    DecisionTimes times;
    int64_t timeouts = 0, other_faults = 0, struck = 0, game_points = 0;
    std::map<int64_t, int64_t> scores;  // points -> seats
  };
  nlohmann::json Standings() const;
  nlohmann::json Decisions() const;
  void Ratings(nlohmann::json& data, std::vector<std::string>* notes);

  std::string game_;
  tournament::Standings standings_;
  std::map<std::string, BotFigures> bots_;
  std::map<std::string, std::map<std::string, int>> faults_;  // bot, reason
  ratings::GameRater rater_;
  std::string first_started_, last_started_;
  int64_t games_ = 0;
};

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_REPORT_DATA_H_
