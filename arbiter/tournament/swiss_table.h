// A Swiss tournament's final table: Swiss score, byes, tie-breaks, and the
// round-by-round table, for tables of 2 to 6 bots (docs/tournaments.md,
// "Swiss standings"), as JSON; swiss_table_text.h writes it for people
// and spreadsheets.
//
// Swiss score: a round gives each bot the mean of its game points (0 to 1,
// standings.h) over its games at its table; a bye gives kByePoints. Rounds
// are paired on this score (swiss.h) and ranked on it.
//
// Opponents: the other bots at a bot's table, each counted in the share of
// the bot's games at that table in which it sat in another team (a partner
// is no opponent; with partnership_fill = "individual" partners change from
// deal to deal, so a bot is an opponent in some deals and a partner in
// others). With S(o) the final Swiss score of bot o, w the share above and
// r the points the bot took from o per game they were opponents (1 ahead,
// 0.5 level, 0 behind):
//   Buchholz          sum over rounds, over opponents o: w * S(o)
//   Buchholz cut-1    Buchholz less its smallest round (a bye's round,
//                     which counts 0, first)
//   Sonneborn-Berger  sum over rounds, over opponents o: w * r * S(o)
//   direct encounter  among bots still level, when every two of them were
//                     opponents: their points per game against each other
// A bye has no opponent: it adds 0 to Buchholz and Sonneborn-Berger.
// Bots level on everything share the place.
#ifndef ARBITER_TOURNAMENT_SWISS_TABLE_H_
#define ARBITER_TOURNAMENT_SWISS_TABLE_H_

#include <expected>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "arbiter/records/record_view.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

inline constexpr double kByePoints = 1.0;

// The order of the standings, as printed and written with them.
inline constexpr char kSwissOrder[] =
    "Swiss score, then Buchholz, Buchholz cut-1, Sonneborn-Berger, direct "
    "encounter";

class SwissTable {
 public:
  explicit SwissTable(std::vector<std::string> names);

  // A round's pairing (tables numbered from 1 in order, and byes), before
  // its games are added.
  void AddRound(const Round& round);
  // A game of table `table` (1-based) of the last round added; its record
  // may be unreadable (nullptr: counted apart, scores nothing). The error
  // names a bot that is not at the table.
  std::expected<void, std::string> AddGame(int table,
                                           const records::RecordSummary* game);

  int NumBots() const { return int(names_.size()); }
  // Per bot, the Swiss score of the rounds so far.
  std::vector<double> Scores() const;
  // Per bot, its score in the last round added (0 for a bye): what its
  // table's games gave so far.
  std::vector<double> LastRoundScores() const;

  // Everything, for swiss.json and the report (the text and CSV are made
  // from it): format ("swiss"), bye_points, order, standings[{place,
  // shared, bot, score, byes, games, unreadable, buchholz, buchholz_cut1,
  // sonneborn_berger, direct_encounter (null: not used), decided_by}],
  // rounds[{round, byes[], tables[{table, bots[{bot, seat, games, points,
  // place}]}]}], notes[].
  nlohmann::json Json() const;

 private:
  struct TableResult {
    int number = 0;
    Table bots;                   // in table order
    std::vector<int> games;       // per member, readable games
    std::vector<int> unreadable;  // per member
    std::vector<double> points;   // per member, summed game points
    // Per ordered pair of members (i * size + j): games as opponents, and
    // i's points against j in them.
    std::vector<int> met;
    std::vector<double> against;
    double RoundScore(int i) const;
  };
  struct RoundResult {
    int number = 0;
    std::vector<TableResult> tables;
    std::vector<int> byes;
  };
  struct Row {
    int bot = 0;
    double score = 0, buchholz = 0, cut1 = 0, sb = 0;
    double de = -1;  // -1: not used
    int place = 0;
    bool shared = false;
    std::string decided_by;
  };

  // Per bot: its games, byes and unreadable records; and the most games
  // a bot played at one table.
  struct Counts {
    std::vector<int> games, byes, unreadable;
    int per_round = 0;
  };

  // Rows by bot, with score and tie-breaks but no place.
  std::vector<Row> TieBreaks() const;
  static std::tuple<int64_t, int64_t, int64_t, int64_t> Key(const Row& row);
  // Rows best first, placed.
  std::vector<Row> Rows() const;
  // `row`'s place, just below `above`, and which tie-break put it there.
  static void Place(Row& above, Row& row);
  Counts CountGames() const;
  nlohmann::json RoundJson(const RoundResult& round) const;
  // (bot, opponent) -> the bot's points against it, and their games as
  // opponents, over every round.
  using HeadToHead = std::map<std::pair<int, int>, std::pair<double, int>>;
  HeadToHead AllHeadToHead() const;
  // Orders `group` (bots level on everything else) by their points per
  // game against each other, when every two of them met (else sets no
  // direct encounter).
  static void BreakByDirectEncounter(const HeadToHead& h2h,
                                     std::vector<Row>& group);
  std::vector<std::string> Notes(const std::vector<Row>& rows,
                                 const Counts& counts) const;

  std::vector<std::string> names_;
  std::vector<RoundResult> rounds_;
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_SWISS_TABLE_H_
