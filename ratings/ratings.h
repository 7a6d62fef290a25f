// Ratings from game records or results files: the API that `ratings` and
// `arbiter tournament` call.
//
//   auto report = ratings::RateFiles({"games.jsonl"}, {});
//   if (report) std::cout << ratings::FormatTable(*report);
#ifndef ZETEMA_RATINGS_RATINGS_H_
#define ZETEMA_RATINGS_RATINGS_H_

#include <cstdint>
#include <expected>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ratings/game.h"

namespace ratings {

struct Options {
  double average = 1500;  // the pool average, or the anchor's rating
  std::string anchor;     // a bot fixed at `average`; empty: pool average
  bool first_seat_advantage = false;  // fit an advantage for moving first
  bool pairwise = false;  // standings as pairwise results, not Plackett-Luce
  int bootstrap = 1000;   // replicates; 0: no intervals and no LOS
  uint64_t seed = 1;
  int threads = 0;         // bootstrap threads; 0: one per core
  bool crosstable = true;  // count the crosstable (costs memory)
};

// The most bootstrap replicates accepted.
inline constexpr int kMaxBootstrap = 100000;

// A 95% interval. A bound is infinite when the data do not bound the
// rating: either the rating has no maximum-likelihood estimate in that
// direction (`*_prior`: the number shown is bounded by the prior only), or
// too many bootstrap replicates could not bound it (a player with a handful
// of games).
struct Interval {
  double lower = 0;
  double upper = 0;
  bool lower_prior = false;
  bool upper_prior = false;
};

struct PlayerReport {
  std::string name;
  int rank = 0;  // 1 = best, within its pool
  double rating = 0;
  std::optional<Interval> interval;  // 95%, from the bootstrap
  // Likelihood of superiority over the next player of its pool (the share
  // of bootstrap replicates in which this one is rated higher).
  std::optional<double> los_next;
  int component = 0;  // pool, from 1; ratings of different pools do not compare
  std::string note;   // e.g. "all wins: rating bounded by the prior"
  int64_t games = 0;
  double score = 0;                       // pairwise points
  double encounters = 0;                  // out of this many
  int64_t points = 0;                     // game points
  std::map<std::string, int64_t> faults;  // by reason
  int64_t decisions = 0;
  double mean_decision_ms = 0;
  double max_decision_ms = 0;
};

struct CrossEntry {
  int a = 0, b = 0;  // indices into Report::players
  double score = 0;  // a's points against b
  double encounters = 0;
};

struct Report {
  std::string model;  // "bradley-terry", "plackett-luce" or "pairwise"
  std::vector<PlayerReport> players;           // by pool, then best first
  std::optional<double> first_seat_advantage;  // Elo
  std::optional<Interval> first_seat_interval;
  std::vector<CrossEntry> crosstable;
  int64_t games = 0;
  int64_t resampling_units = 0;  // games, with duplicate sets as one
  int bootstrap_replicates = 0;
  int num_components = 0;  // pools
  // Intervals moved to hold their estimate (the bootstrap distribution lay
  // to one side of it); every interval holds its estimate.
  int widened_intervals = 0;
  bool converged = true;
  std::vector<std::string> notes;  // every caveat, in words
  Options options;
};

// Checks the options (a non-finite average, a negative or huge bootstrap);
// the message names the option.
std::expected<void, std::string> CheckOptions(const Options& options);

// Rates games; an error names what is wrong (a game, with its source and
// field; no games; an unknown anchor).
std::expected<Report, std::string> RateGames(std::span<const Game> games,
                                             const Options& options);

// Reads the files (".csv" as CSV, anything else as JSONL records) and rates
// them.
std::expected<Report, std::string> RateFiles(
    const std::vector<std::string>& paths, const Options& options);

// Ratings after every round, or after every `every` games, for a plot.
struct HistoryOptions {
  bool by_round = false;
  int64_t every = 0;  // games, when not by round
};

struct HistoryPoint {
  int64_t games = 0;                  // games rated at this point
  int64_t round = 0;                  // the last round included (by round)
  std::vector<PlayerReport> players;  // rank, name, rating, interval, pool
};

struct History {
  std::string model;
  HistoryOptions step;
  int bootstrap_replicates = 0;
  std::vector<HistoryPoint> points;
  Options options;
  std::vector<std::string> notes;  // records skipped while reading
};

std::expected<History, std::string> RateHistory(
    const std::vector<std::string>& paths, const Options& options,
    const HistoryOptions& step);
// The same from games in memory, in their order (`every` counts them; by
// round, their `round`).
std::expected<History, std::string> RateHistory(std::span<const Game> games,
                                                const Options& options,
                                                const HistoryOptions& step);

// The most points of a history by round that GameRater fits: more rounds
// than this are sampled evenly (the last always).
inline constexpr int kMaxHistoryPoints = 50;

// Rates games handed over one at a time, keeping nothing per game (a report
// of a million games): memory grows with the distinct pairings and the
// bootstrap's replicates, not with the games. Its bootstrap is the Poisson
// one of `RateGames` summed as the games stream: every resampling unit (a
// game, or a whole duplicate set) counts Poisson(1) times in each replicate,
// drawn from a hash of its id (GameView::id or duplicate_group) rather than
// from its place among the games, so the result does not depend on the
// games' order; the ratings are RateGames' to the last digit, the intervals
// another draw of the same bootstrap. Report::resampling_units is 0 (not
// counted: that would take a set of the duplicate groups).
class GameRater {
 public:
  // What a first pass over the games knows: the points of the history.
  struct HistoryPlan {
    // By round: the games of each round. The points are the rounds (at
    // most kMaxHistoryPoints, evenly spread, the last always), each fit as
    // soon as every game of it and of the earlier rounds is in.
    std::map<int64_t, int64_t> round_games;
    int64_t every = 0;  // else: a point after every `every` games, and the last
  };
  GameRater(const Options& options, const HistoryPlan& plan);
  GameRater(GameRater&&) noexcept;
  GameRater& operator=(GameRater&&) noexcept;
  ~GameRater();
  // Adds a game; the error names the field that is wrong.
  std::expected<void, std::string> Add(const GameView& game);
  int64_t games() const;
  // Once, after the last Add.
  std::expected<Report, std::string> Rate();
  // After Rate.
  std::expected<History, std::string> RateHistory();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_RATINGS_H_
