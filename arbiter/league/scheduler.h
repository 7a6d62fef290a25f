// Which games a league plays next: the tables that tell most about the
// ratings, chosen from the current estimates and their uncertainty.
//
// The rule (docs/league-scheduling.md): new and uncertain bots first (an
// error over 1.2 times the field's median; the widest first), each with the
// opponents that take most off its error: the information of a game grows
// with p (1 - p), so close matches tell most, and falls with the
// opponent's own error and with their earlier meetings. When no bot is
// uncertain, a table starts from the bot in most pairs the ratings may
// have out of order and is filled to set most of them right. Partners who
// partnered least, then seats each bot held least. Only active bots are
// passed in, so no table is ever made of retired bots.
#ifndef ZETEMA_ARBITER_LEAGUE_SCHEDULER_H_
#define ZETEMA_ARBITER_LEAGUE_SCHEDULER_H_

#include <cstdint>
#include <map>
#include <span>
#include <utility>
#include <vector>

namespace arbiter::league {

struct Entrant {
  int id = 0;  // the caller's index of an ACTIVE bot
  double elo = 0;
  double sd = 0;  // Elo standard error; +inf: unrated
  int64_t games = 0;
};

// Who has met whom at a table, and who has partnered whom.
class Encounters {
 public:
  // One table: `table` holds the ids in seat order, `team_of_seat` the
  // team of each seat (-1: alone; empty: every seat alone).
  void Add(std::span<const int> table, std::span<const int> team_of_seat);
  // Tables at which a and b both sat (a != b).
  int Met(int a, int b) const;
  // Tables at which a and b were partners (a != b).
  int Partnered(int a, int b) const;
  // Tables at which `bot` sat in seat `seat`.
  int Seated(int bot, int seat) const;

 private:
  std::map<std::pair<int, int>, int> met_;
  std::map<std::pair<int, int>, int> partnered_;
  std::map<std::pair<int, int>, int> seated_;
};

struct TableShape {
  int seats = 2;                  // 2..6
  std::vector<int> team_of_seat;  // -1: alone; equal >= 0: partners
};

// `count` tables among `active` (each: shape.seats distinct ids, in the
// seat order of its first seating; the caller plays each as a whole
// duplicate deal set when the league is duplicate). Deterministic for a
// seed. Empty when fewer active bots than seats, or when the shape is not
// one (seats outside 2..6, team_of_seat neither empty nor one per seat,
// every seat on one team). A bot may sit at several tables of one call
// (an unrated bot usually does); an id listed twice counts once. An
// entrant with sd +inf and no games has no rating yet: it is placed at the
// average of the rated ones.
std::vector<std::vector<int>> ChooseTables(std::span<const Entrant> active,
                                           const Encounters& met,
                                           const TableShape& shape, int count,
                                           uint64_t seed);

}  // namespace arbiter::league

#endif  // ZETEMA_ARBITER_LEAGUE_SCHEDULER_H_
