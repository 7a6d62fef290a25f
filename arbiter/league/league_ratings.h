// What a league knows from its records: the joint ratings fit over every
// recorded game (ratings/incremental.h), who met and partnered whom (for the
// scheduler), and the highest batch recorded. Rebuilt from the records when
// `run` starts, then fed each batch's games as they are recorded.
#ifndef ARBITER_LEAGUE_LEAGUE_RATINGS_H_
#define ARBITER_LEAGUE_LEAGUE_RATINGS_H_

#include <cstdint>
#include <expected>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "arbiter/league/scheduler.h"
#include "arbiter/records/record_view.h"
#include "ratings/incremental.h"

namespace arbiter::league {

// A recorded game as the ratings take it: seats that share a team are
// partners only when the seats do not all share one (a game without
// partnerships records every seat in team 0 or each in its own).
ratings::Game RatingGameOf(const records::RecordSummary& summary);

// The half-width of a 95% interval of a standard error `sd` (Elo).
inline double HalfWidth95(double sd) { return 1.96 * sd; }

class LeagueRatings {
 public:
  LeagueRatings();

  // One recorded game, counted (games, encounters, batch) even when the
  // fit refuses it; the error names it and why.
  std::expected<void, std::string> Add(const records::RecordSummary& summary);
  std::expected<void, std::string> Refit();

  int64_t games() const { return games_; }  // every game added
  int max_batch() const { return max_batch_; }
  // The id the scheduler knows `bot` by (a new one on first sight).
  int IdOf(const std::string& bot);
  const std::string& NameOf(int id) const { return names_[id]; }
  const Encounters& encounters() const { return met_; }
  // The last fit's estimate of `bot`, or an unrated one (sd +inf).
  ratings::IncrementalRatings::Estimate EstimateOf(
      const std::string& bot) const;

 private:
  ratings::IncrementalRatings fit_;
  Encounters met_;
  std::map<std::string, int> ids_;
  std::vector<std::string> names_;
  std::set<std::string> groups_;  // duplicate groups met already
  std::map<std::string, int64_t> games_of_;
  int max_batch_ = 0;
  int64_t games_ = 0;
};

// One line of DIR/ratings-history.jsonl: a batch's ratings.
struct HistoryPoint {
  int batch = 0;
  std::string time;   // RFC 3339 UTC
  int64_t games = 0;  // recorded in the league then
  std::vector<ratings::IncrementalRatings::Estimate> bots;
};
inline constexpr char kHistoryFile[] = "ratings-history.jsonl";

std::string HistoryLine(const HistoryPoint& point);
// Every whole line of the history; a line cut short by a kill (or not a
// rating line at all) is skipped, and counted in `skipped` when given.
std::vector<HistoryPoint> ReadHistory(const std::filesystem::path& dir,
                                      int* skipped = nullptr);
// Appends a line and syncs it.
std::expected<void, std::string> AppendHistory(const std::filesystem::path& dir,
                                               const HistoryPoint& point);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_LEAGUE_RATINGS_H_
