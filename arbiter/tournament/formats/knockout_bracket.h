// A knockout bracket: who meets whom, round by round, in single or double
// elimination, from the seed order and the winners of the ties played so
// far. Pure logic: the knockout format plays each tie and reports back.
//
// Seeding. With P the smallest power of two >= the number of entrants, the
// seeds take the standard places of a bracket of P (1 v P, 2 v P-1, ...,
// arranged so that seeds 1 and 2 sit in opposite halves, 1 and 4 / 2 and 3
// in opposite quarters, and so on). The P - N places past the last entrant
// are byes: they fall to the top P - N seeds, who enter in round 2. A bye is
// not a tie: ties are only the meetings of two entrants.
//
// Double elimination. Losers of the winners bracket drop into the losers
// bracket: those of winners round 1 meet each other in losers round 1; those
// of winners round r (r >= 2) meet the survivors of the losers bracket, in
// reverse order (the loser of the last tie of the round meets the first
// survivor), which keeps early rematches away; between two drops the
// survivors meet each other. An entrant is out after two lost ties. The
// winners-bracket champion meets the losers-bracket champion in the grand
// final; if the losers-bracket champion wins it, both have lost once and a
// second final (the bracket reset) decides.
//
// The bracket is a function of (entrants, elimination) and the decisions:
// tie ids are fixed when it is made (the winners bracket round by round,
// then the losers bracket, the grand final, and the reset last), so
// replaying the recorded decisions in tie-id order rebuilds it.
#ifndef ARBITER_TOURNAMENT_FORMATS_KNOCKOUT_BRACKET_H_
#define ARBITER_TOURNAMENT_FORMATS_KNOCKOUT_BRACKET_H_

#include <expected>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::tournament {

enum class Elimination { kSingle, kDouble };

// One tie: two entrants (indices into the seed order: 0 = top seed) play a
// duplicate-deal match of N deal sets; the format plays it and reports back.
struct Tie {
  int id = 0;     // unique in the bracket, stable, 1-based
  int round = 1;  // 1-based within its side, counting rounds with ties only
  // 'W' winners bracket (every tie of single elimination), 'L' losers
  // bracket, 'F' the grand final (round 1) and the bracket reset (round 2).
  char side = 'W';
  // The entrants; `high` is the better seed. -1: not known yet (a tie whose
  // one entrant is known has it in `high`).
  int high = -1, low = -1;
  int winner = -1;  // -1 until decided
};

// What a finished tie scored, per deal set, from `high`'s point of view:
// high_points[i] and low_points[i] are the points of `high` and `low` over
// every seating of deal set i. Extra (sudden-death) sets come last.
struct TieScore {
  std::vector<double> high_points, low_points;  // one per deal set played
};

// Who won a tie, and by which rule of the tie-break order, in words a person
// reads in the results.
struct TieOutcome {
  int winner = -1;
  std::string rule;
};

// Decides a tie. `score` holds the tie's deal sets followed by the
// `extra_sets_played` extra ones. The order, first rule that separates the
// two entrants wins (points equal within a relative 1e-9 count as level):
//   1. "more points": more points over the tie's deal sets (extras aside);
//   2. "more deal sets won": more of those deal sets with more points;
//   3. "sudden death (extra deal set K)": the first extra deal set, in order,
//      with more points;
//   4. "better seed": still level after `max_extra_sets` extra sets.
// nullopt: level so far and fewer than `max_extra_sets` extra sets played;
// the format plays one more deal set and asks again with
// `extra_sets_played + 1`.
// Requires: both entrants known, equal lengths, 0 <= extra_sets_played <=
// the number of sets.
std::optional<TieOutcome> DecideTie(const Tie& tie, const TieScore& score,
                                    int extra_sets_played, int max_extra_sets);

class Bracket {
 public:
  // At most this many entrants (a bracket of 2 * kMaxEntrants ties at most).
  static constexpr int kMaxEntrants = 1 << 16;

  // A bracket of `entrants` in seed order; an error names a count outside
  // 2 to kMaxEntrants.
  static std::expected<Bracket, std::string> Make(int entrants, Elimination);

  // Ties whose two entrants are known and not yet decided, in id order.
  std::vector<Tie> Ready() const;
  // Records a result; error if the tie is unknown, decided, its entrants not
  // both known yet, or `winner` is not in it. Any order of ready ties gives
  // the same bracket.
  std::expected<void, std::string> Decide(int tie_id, int winner);
  // Every tie is decided: the champion is known.
  bool Done() const;
  // Placings, best first, as groups of entrants sharing a place: the
  // entrants still in (the champion alone once Done()), then those knocked
  // out, the later the round (of their second loss in double elimination)
  // the better, entrants knocked out in the same round sharing a place; seed
  // order within a group.
  std::vector<std::vector<int>> Placings() const;
  // Every tie of the bracket in id order (Ties()[i].id == i + 1), the ones
  // still to come with the entrants known so far; the reset appears once
  // the grand final calls for it.
  const std::vector<Tie>& Ties() const { return ties_; }
  // Ties the bracket plays in all: exact but for the reset, which counts
  // until the grand final shows it is not needed (the upper bound for
  // progress and the dry run). N - 1 in single elimination; 2N - 2 or
  // 2N - 1 in double.
  int TotalTies() const;

 private:
  struct Source;
  Bracket(int entrants, Elimination elimination);
  void LayOut();
  void NumberRounds();
  std::vector<Source> PairUp(const std::vector<Source>& round, char side,
                             int number, std::vector<Source>* losers);
  // The winner and the loser of the meeting of a and b.
  std::pair<Source, Source> Meet(Source a, Source b, char side, int round);
  // Puts `entrant` into ties_[index].
  void Enter(int index, int entrant);

  Elimination elimination_;
  int entrants_;
  std::vector<Tie> ties_;
  // Where the winner and the loser of ties_[i] go next (indices into ties_;
  // -1: nowhere).
  struct Next {
    int winner = -1, loser = -1;
  };
  std::vector<Next> next_;
  int winners_final_ = -1;  // ties_ index
  int grand_final_ = -1;    // ties_ index (double elimination)
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_FORMATS_KNOCKOUT_BRACKET_H_
