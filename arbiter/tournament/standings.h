// Scores of a tournament so far, from finished games.
//
// A game gives each seat the share of its opponents (seats of other teams)
// that finished behind it, ties counting half: 1 for a win and 0 for a loss
// at 2 seats, 1 / 0.5 / 0 for first / second / third at 3. A bot's points
// for a game are the mean over the seats it held (with partnership_fill =
// "team" all its seats share one result). Partners do not score against each
// other.
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
  int TotalGames() const { return total_games_; }
  int TotalFaults() const { return total_faults_; }
  // Head to head: a's points against b (1 when ahead, 0.5 tied) and games.
  double PointsAgainst(int a, int b) const { return h2h_[a * NumBots() + b]; }
  int GamesAgainst(int a, int b) const { return h2h_games_[a * NumBots() + b]; }

  // Bots by points per game, best first (ties by name).
  std::vector<int> Order() const;
  // A fixed-width table: rank, bot, games, points, score %, faults.
  std::string Table(int max_rows = 1 << 30) const;
  // Head-to-head scores ("3.5/6"), for at most `max_bots` bots.
  std::string Crosstable(int max_bots = 30) const;
  // One line per bot with faults, by reason, in standings order:
  // "   random  2 timeout, 1 memory limit"; "" when no bot faulted.
  std::string FaultsByReason() const;

 private:
  std::vector<std::string> names_;
  std::vector<double> points_;
  std::vector<int> games_, faults_;
  std::vector<std::map<std::string, int>> fault_reasons_;  // per bot
  std::vector<double> h2h_;
  std::vector<int> h2h_games_;
  int total_games_ = 0;
  int total_faults_ = 0;
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_STANDINGS_H_
