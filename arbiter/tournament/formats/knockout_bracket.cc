#include "arbiter/tournament/formats/knockout_bracket.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <functional>
#include <map>
#include <string_view>
#include <utility>

namespace arbiter::tournament {
namespace {

// Scores that differ by rounding only (the same points summed in another
// order) are level.
int Compare(double a, double b) {
  if (std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)})) {
    return 0;
  }
  return a > b ? 1 : (a < b ? -1 : 0);  // NaN against anything: level
}

double Sum(const std::vector<double>& points, int count) {
  double sum = 0;
  for (int i = 0; i < count; ++i) sum += points[i];
  return sum;
}

// Seeds (0-based) in bracket order for a bracket of `size` places, a power
// of two: neighbours 2i and 2i+1 meet in round 1. Each doubling puts seed s
// against its mirror 2 * half - 1 - s, which keeps the better seeds apart
// until the later rounds.
std::vector<int> SeedPlaces(int size) {
  std::vector<int> places = {0};
  for (int half = 1; half < size; half *= 2) {
    std::vector<int> doubled;
    for (int s : places) {
      doubled.push_back(s);
      doubled.push_back(2 * half - 1 - s);
    }
    places = std::move(doubled);
  }
  return places;
}

}  // namespace

std::optional<TieOutcome> DecideTie(const Tie& tie, const TieScore& score,
                                    int extra_sets_played, int max_extra_sets) {
  const int sets = int(score.high_points.size());
  assert(tie.high >= 0 && tie.low >= 0);
  assert(int(score.low_points.size()) == sets);
  assert(extra_sets_played >= 0 && extra_sets_played <= sets);
  const int regular = sets - extra_sets_played;
  auto outcome = [&](int sign, std::string rule) {
    return TieOutcome{sign > 0 ? tie.high : tie.low, std::move(rule)};
  };
  if (int c = Compare(Sum(score.high_points, regular),
                      Sum(score.low_points, regular))) {
    return outcome(c, "more points");
  }
  int sets_won = 0;  // high's sets won minus low's
  for (int i = 0; i < regular; ++i) {
    sets_won += Compare(score.high_points[i], score.low_points[i]);
  }
  if (sets_won != 0) return outcome(sets_won, "more deal sets won");
  for (int i = regular; i < sets; ++i) {
    if (int c = Compare(score.high_points[i], score.low_points[i])) {
      return outcome(c, "sudden death (extra deal set " +
                            std::to_string(i - regular + 1) + ")");
    }
  }
  if (extra_sets_played < max_extra_sets) return std::nullopt;
  return outcome(1, "better seed");
}

// Where an entrant of a tie comes from while the bracket is laid out.
struct Bracket::Source {
  enum Kind { kNobody, kEntrant, kWinnerOf, kLoserOf } kind = kNobody;
  int index = -1;  // the entrant, or the tie's index in ties_
};

Bracket::Bracket(int entrants, Elimination elimination)
    : elimination_(elimination), entrants_(entrants) {}

// Lays out the tie of `a` and `b`: none when either is nobody (a bye passes
// the other through unplayed, with no loser).
std::pair<Bracket::Source, Bracket::Source> Bracket::Meet(Source a, Source b,
                                                          char side,
                                                          int round) {
  if (a.kind == Source::kNobody) return {b, {}};
  if (b.kind == Source::kNobody) return {a, {}};
  const int index = int(ties_.size());
  ties_.push_back({.id = index + 1, .round = round, .side = side});
  next_.emplace_back();
  for (Source s : {a, b}) {
    if (s.kind == Source::kEntrant) Enter(index, s.index);
    if (s.kind == Source::kWinnerOf) next_[s.index].winner = index;
    if (s.kind == Source::kLoserOf) next_[s.index].loser = index;
  }
  return {{Source::kWinnerOf, index}, {Source::kLoserOf, index}};
}

void Bracket::Enter(int index, int entrant) {
  Tie& tie = ties_[index];
  assert(tie.low < 0);
  if (tie.high < 0) {
    tie.high = entrant;
  } else {
    tie.low = entrant;
    if (tie.low < tie.high) std::swap(tie.high, tie.low);
  }
}

// Lays out the ties of `round`'s neighbours; returns where their winners
// come from, and appends where their losers do to `losers` when given.
std::vector<Bracket::Source> Bracket::PairUp(const std::vector<Source>& round,
                                             char side, int number,
                                             std::vector<Source>* losers) {
  std::vector<Source> winners;
  for (size_t i = 0; i + 1 < round.size(); i += 2) {
    auto [winner, loser] = Meet(round[i], round[i + 1], side, number);
    winners.push_back(winner);
    if (losers != nullptr) losers->push_back(loser);
  }
  return winners;
}

void Bracket::LayOut() {
  int size = 2;
  while (size < entrants_) size *= 2;
  std::vector<Source> alive;
  for (int seed : SeedPlaces(size)) {
    alive.push_back(seed < entrants_ ? Source{Source::kEntrant, seed}
                                     : Source{});
  }
  std::vector<std::vector<Source>> dropped;  // losers per winners round
  for (int round = 1; alive.size() > 1; ++round) {
    alive = PairUp(alive, 'W', round, &dropped.emplace_back());
  }
  winners_final_ = int(ties_.size()) - 1;
  if (elimination_ == Elimination::kSingle) return;
  // Losers bracket: the losers of winners round 1 meet each other; those of
  // each later round meet the survivors in reverse order, and the survivors
  // then meet each other before the next drop.
  std::vector<Source> survivors = dropped[0];
  int round = 0;
  if (survivors.size() > 1) survivors = PairUp(survivors, 'L', ++round, {});
  for (size_t r = 1; r < dropped.size(); ++r) {
    std::vector<Source> drop(dropped[r].rbegin(), dropped[r].rend());
    ++round;
    for (size_t i = 0; i < drop.size(); ++i) {
      survivors[i] = Meet(survivors[i], drop[i], 'L', round).first;
    }
    if (survivors.size() > 1) survivors = PairUp(survivors, 'L', ++round, {});
  }
  grand_final_ = int(ties_.size());
  Meet(alive[0], survivors[0], 'F', 1);
}

// Rounds laid out with byes only are skipped in the numbering.
void Bracket::NumberRounds() {
  for (char side : {'W', 'L'}) {
    std::map<int, int> number;
    for (const Tie& tie : ties_) {
      if (tie.side == side) number.emplace(tie.round, 0);
    }
    int next = 0;
    for (auto& [round, renumbered] : number) renumbered = ++next;
    for (Tie& tie : ties_) {
      if (tie.side == side) tie.round = number[tie.round];
    }
  }
}

std::expected<Bracket, std::string> Bracket::Make(int entrants,
                                                  Elimination elimination) {
  if (entrants < 2 || entrants > kMaxEntrants) {
    return std::unexpected("a knockout needs 2 to " +
                           std::to_string(kMaxEntrants) + " entrants, not " +
                           std::to_string(entrants));
  }
  Bracket bracket(entrants, elimination);
  bracket.LayOut();
  bracket.NumberRounds();
  return bracket;
}

std::vector<Tie> Bracket::Ready() const {
  std::vector<Tie> ready;
  for (const Tie& tie : ties_) {
    if (tie.low >= 0 && tie.winner < 0) ready.push_back(tie);
  }
  return ready;
}

std::expected<void, std::string> Bracket::Decide(int tie_id, int winner) {
  if (tie_id < 1 || tie_id > int(ties_.size())) {
    return std::unexpected("no tie " + std::to_string(tie_id) +
                           " in the bracket (its ties so far are 1 to " +
                           std::to_string(ties_.size()) + ")");
  }
  const int index = tie_id - 1;
  Tie& tie = ties_[index];
  const std::string name = "tie " + std::to_string(tie_id);
  if (tie.winner >= 0) {
    return std::unexpected(name + " is already decided (won by entrant " +
                           std::to_string(tie.winner) + ")");
  }
  if (tie.low < 0) {
    return std::unexpected(name + " cannot be decided yet: its entrants " +
                           "are not both known");
  }
  if (winner != tie.high && winner != tie.low) {
    return std::unexpected("entrant " + std::to_string(winner) + " is not in " +
                           name + " (entrants " + std::to_string(tie.high) +
                           " and " + std::to_string(tie.low) + ")");
  }
  tie.winner = winner;
  const int loser = winner == tie.high ? tie.low : tie.high;
  if (next_[index].winner >= 0) Enter(next_[index].winner, winner);
  if (next_[index].loser >= 0) Enter(next_[index].loser, loser);
  // The losers-bracket champion won the grand final: both have lost once.
  if (index == grand_final_ && winner != ties_[winners_final_].winner) {
    ties_.push_back({.id = tie_id + 1, .round = 2, .side = 'F'});
    next_.emplace_back();
    Enter(tie_id, winner);
    Enter(tie_id, loser);
  }
  return {};
}

bool Bracket::Done() const {
  return std::ranges::all_of(ties_,
                             [](const Tie& tie) { return tie.winner >= 0; });
}

std::vector<std::vector<int>> Bracket::Placings() const {
  const int lives = elimination_ == Elimination::kSingle ? 1 : 2;
  std::vector<int> losses(entrants_, 0);
  // Knocked-out entrants by the stage they went out at, the later the
  // better: the final(s) after the losers bracket after the winners bracket.
  std::map<std::pair<int, int>, std::vector<int>, std::greater<>> out;
  for (const Tie& tie : ties_) {
    if (tie.winner < 0) continue;
    const int loser = tie.winner == tie.high ? tie.low : tie.high;
    if (++losses[loser] == lives) {
      const int stage = std::string_view("WLF").find(tie.side);
      out[{stage, tie.round}].push_back(loser);
    }
  }
  std::vector<std::vector<int>> placings(1);
  for (int entrant = 0; entrant < entrants_; ++entrant) {
    if (losses[entrant] < lives) placings[0].push_back(entrant);
  }
  for (auto& [stage, group] : out) {
    std::ranges::sort(group);
    placings.push_back(std::move(group));
  }
  return placings;
}

int Bracket::TotalTies() const {
  const bool reset_may_come =
      grand_final_ >= 0 && ties_[grand_final_].winner < 0;
  return int(ties_.size()) + (reset_may_come ? 1 : 0);
}

}  // namespace arbiter::tournament
