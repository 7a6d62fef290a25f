// Swiss pairing: round N from the standings of rounds 1..N-1.
//
// Bots are ranked by score, then by a pairing number drawn from the seed.
// Tables of 2 bots: Monrad pairing (each bot, best first, meets the nearest
// ranked bot it has not met), preferring within a score group an opponent
// whose first-move balance complements its own; then a maximum matching
// (Edmonds) repairs the pairing so that no rematch remains that could be
// avoided. The bye (odd numbers) goes to the lowest-ranked bot among those
// with the fewest byes, unless only a second bye avoids a rematch. The bot
// that has moved first less often moves first.
//
// Tables of 3 to 6 bots: the n % k lowest-ranked bots with the fewest byes
// sit out; tables are filled best-ranked first, each seat taken by the
// nearest-ranked bot that met the table's members least; then swaps between
// neighbouring tables remove repeated meetings where they can.
#ifndef ARBITER_TOURNAMENT_SWISS_H_
#define ARBITER_TOURNAMENT_SWISS_H_

#include <cstdint>
#include <vector>

#include "arbiter/tournament/schedule.h"
#include "arbiter/tournament/tables.h"

namespace arbiter::tournament {

// What pairing needs to know of the rounds so far, per bot.
class SwissHistory {
 public:
  explicit SwissHistory(int num_bots);

  int NumBots() const { return int(score_.size()); }
  // Bots that shared a table meet, partners included.
  void AddTable(const Table& table);
  // One game: who sat where (seat 0 moves first).
  void AddGame(const std::vector<int>& seat_bots);
  void AddScore(int bot, double points) { score_[bot] += points; }
  void AddBye(int bot) { ++byes_[bot]; }

  double Score(int bot) const { return score_[bot]; }
  int Byes(int bot) const { return byes_[bot]; }
  int Games(int bot) const { return games_[bot]; }
  int FirstMoves(int bot) const { return first_moves_[bot]; }
  // Times a and b sat at one table.
  int Meetings(int a, int b) const;

 private:
  std::vector<double> score_;
  std::vector<int> byes_, games_, first_moves_;
  tournament::Meetings meetings_;
};

// Pairs round `round` (1-based) into tables of `units` bots (2 to 6).
Round PairSwissRound(const SwissHistory& history, int units, int round,
                     uint64_t seed);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_SWISS_H_
