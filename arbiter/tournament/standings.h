// Scores of a tournament so far, from finished games.
//
// A game gives each seat the share of its opponents (seats of other teams)
// that finished behind it, ties counting half: 1 for a win and 0 for a loss
// at 2 seats, 1 / 0.5 / 0 for first / second / third at 3. A bot's points
// for a game are the mean over the seats it held (with partnership_fill =
// "team" all its seats share one result). Partners do not score against each
// other.
//
// Ranking: by points per game. Bots on equal points per game are ordered by
// their points per game against each other, when every two of them met;
// bots still equal share the place ("2=" in the table). Every tie is
// explained in TieNotes().
#ifndef ARBITER_TOURNAMENT_STANDINGS_H_
#define ARBITER_TOURNAMENT_STANDINGS_H_

#include <expected>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/records/record_view.h"

namespace arbiter::tournament {

using records::RecordSummary;

// Points of every seat (see above); empty places give an empty result.
std::vector<double> SeatPoints(const std::vector<int>& places,
                               const std::vector<int>& teams);

// (bot index, points) for each distinct bot of the game; the error names an
// unknown bot.
std::expected<std::vector<std::pair<int, double>>, std::string> BotPoints(
    const RecordSummary& record, const std::vector<std::string>& names);

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string CsvField(const std::string& text);

// The tie rule, as printed and written with the standings.
inline constexpr char kTieRule[] =
    "equal points per game: points per game against each other (when every "
    "two of them met), then a shared place";

class Standings {
 public:
  explicit Standings(std::vector<std::string> names);

  // Counts one finished game; the error names an unknown bot.
  std::expected<void, std::string> Add(const RecordSummary& record);

  int NumBots() const { return int(names_.size()); }
  const std::string& Name(int bot) const { return names_[bot]; }
  double Points(int bot) const { return points_[bot]; }
  int Games(int bot) const { return games_[bot]; }
  int Faults(int bot) const { return faults_[bot]; }
  // Games in which the bot (a seat of it) never started
  // (FAULT_REASON_STARTUP).
  int StartupFaults(int bot) const { return startup_faults_[bot]; }
  int TotalGames() const { return total_games_; }
  int TotalFaults() const { return total_faults_; }
  // Head to head: a's points against b (1 when ahead, 0.5 tied) and games.
  double PointsAgainst(int a, int b) const { return h2h_[a * NumBots() + b]; }
  int GamesAgainst(int a, int b) const { return h2h_games_[a * NumBots() + b]; }

  struct Rank {
    int bot = 0;
    int place = 1;        // 1-based; bots that share a place have the same
    bool shared = false;  // another bot has the same place
  };
  // Every bot, best first (see the ranking rule above); bots sharing a place
  // are listed by name.
  std::vector<Rank> Ranking() const;
  // Bots in ranking order.
  std::vector<int> Order() const;
  // One line per group of bots on equal points per game: how the tie was
  // broken, or that they share a place. Empty when there is no tie.
  std::vector<std::string> TieNotes() const;

  // A fixed-width table: place, bot, games, points, score %, faults; then
  // the tie notes, when asked for and there are any.
  std::string Table(int max_rows = 1 << 30, bool tie_notes = true) const;
  // Head-to-head scores ("3.5/6"), for at most `max_bots` bots.
  std::string Crosstable(int max_bots = 30) const;
  // One line per bot with faults, by reason, in standings order:
  // "   random  2 timeout, 1 memory limit"; "" when no bot faulted.
  std::string FaultsByReason() const;

  // For publishing: place,bot,games,points,score,faults (score as a fraction).
  std::string Csv() const;
  // The same with the tie rule and notes, as one JSON object.
  std::string Json() const;
  // A matrix: header "bot,NAME,...", then per bot its "points/games" against
  // each other bot (empty when they never met).
  std::string CrosstableCsv() const;

 private:
  double Score(int bot) const;
  // Points per game of `bot` against the others of `group` (-1: no game).
  double ScoreWithin(int bot, const std::vector<int>& group) const;
  bool AllMet(const std::vector<int>& group) const;
  // The bots' names as the text tables show them: records may hold any
  // name, and a terminal shows it escaped (arbiter/common/printable.h).
  std::vector<std::string> ShownNames() const;

  std::vector<std::string> names_;
  std::vector<double> points_;
  std::vector<int> games_, faults_, startup_faults_;
  std::vector<std::map<std::string, int>> fault_reasons_;  // per bot
  std::vector<double> h2h_;
  std::vector<int> h2h_games_;
  int total_games_ = 0;
  int total_faults_ = 0;
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_STANDINGS_H_
