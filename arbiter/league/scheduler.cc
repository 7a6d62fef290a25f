#include "arbiter/league/scheduler.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numbers>
#include <set>

namespace arbiter::league {
namespace {

// A bot whose error is over this many times the field's median is
// uncertain: it gets games before the order of the field is worked on.
constexpr double kUncertain = 1.2;
// Candidates ranked exactly for each seat (NextSeat).
constexpr size_t kCandidates = 32;
// Natural-log strength per Elo point.
constexpr double kScale = std::numbers::ln10 / 400;
// An unrated bot counts as this uncertain (Elo): wider than any field, so
// that it comes first, finite, so that the arithmetic works.
constexpr double kUnratedSd = 1000;
// The least error a bot counts with (an anchor has none): the arithmetic
// divides by variances.
constexpr double kLeastSd = 1e-3;

std::pair<int, int> Key(int a, int b) {
  return {std::min(a, b), std::max(a, b)};
}

int Count(const std::map<std::pair<int, int>, int>& counts,
          std::pair<int, int> key) {
  const auto it = counts.find(key);
  return it == counts.end() ? 0 : it->second;
}

// A bot as the scheduler works with it: its variance shrinks as it is
// seated, by what the tables chosen so far will tell about it.
struct Bot {
  int id = 0;
  double elo = 0;
  double var = 0;  // Elo^2
  int64_t games = 0;
  uint64_t tie = 0;  // from the seed: the order among equals
};

uint64_t Mix(uint64_t x) {  // splitmix64
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::vector<Bot> Bots(std::span<const Entrant> active, uint64_t seed) {
  std::vector<Bot> bots;
  std::set<int> seen;
  double sum = 0;
  int rated = 0;
  for (const Entrant& e : active) {
    if (std::isfinite(e.sd) && std::isfinite(e.elo)) sum += e.elo, ++rated;
  }
  const double average = rated > 0 ? sum / rated : 0;
  for (const Entrant& e : active) {
    if (!seen.insert(e.id).second) continue;
    const bool rated_bot = std::isfinite(e.sd) && std::isfinite(e.elo);
    // A bot with games but no bound (it won or lost them all) keeps its
    // estimate, which says on which side of the field it lies.
    const bool placed = std::isfinite(e.elo) && (rated_bot || e.games > 0);
    const double sd = rated_bot
                          ? std::clamp(std::abs(e.sd), kLeastSd, kUnratedSd)
                          : kUnratedSd;
    bots.push_back({.id = e.id,
                    .elo = placed ? e.elo : average,
                    .var = sd * sd,
                    .games = e.games,
                    .tie = Mix(seed ^ Mix(static_cast<uint64_t>(e.id)))});
  }
  return bots;
}

// Information (1 / Elo^2) that one more game against `b`, after `met`
// earlier ones, gives about a's rating against the field. k games tell
// k g about the difference of the two (g = p (1 - p) scaled: most between
// equals), and through b's own error v about a: 1 / (1 / (k g) + v). The
// next game adds the increase, which falls as the games against b pile up
// (b's error is shared by all of them): opponents vary. p is the expected
// score over the uncertainty of both ratings (the logistic-normal
// approximation), so that an unrated bot has no preferred opponent but a
// well-rated one.
double PairInformation(const Bot& a, const Bot& b, int met) {
  const double spread = kScale * kScale * (a.var + b.var);
  const double d =
      kScale * (a.elo - b.elo) / std::sqrt(1 + std::numbers::pi * spread / 8);
  const double p = 1 / (1 + std::exp(-d));
  const double game = kScale * kScale * p * (1 - p);
  auto after = [&](int k) { return k == 0 ? 0 : 1 / (1 / (k * game) + b.var); };
  return after(met + 1) - after(met);
}

// A's variance after `information` more.
double After(const Bot& a, double information) {
  return 1 / (1 / a.var + information);
}

class Chooser {
 public:
  Chooser(std::vector<Bot> bots, const Encounters& met, const TableShape& shape)
      : bots_(std::move(bots)), met_(met), shape_(shape) {
    for (size_t b = 0; b < bots_.size(); ++b) {
      risk_.push_back(Risk(b, bots_[b].var));
    }
  }

  std::vector<int> NextTable();

 private:
  double Risk(size_t a, double var) const;
  double Drop(size_t a, double information) const;
  size_t Focus();
  size_t NextSeat(std::span<const size_t> table,
                  std::span<const double> information) const;
  std::vector<double> Told(std::span<const size_t> table,
                           std::span<const int> team) const;
  double Value(std::span<const size_t> table, std::span<const int> team) const;
  double Information(size_t a, size_t b) const;
  std::vector<size_t> Arrange(std::vector<size_t> table) const;
  void Seat(std::span<const size_t> table);

  std::vector<Bot> bots_;
  std::vector<double> risk_;  // per bot, at its variance now
  bool settling_ = false;     // the table is for an uncertain bot
  Encounters met_;            // the caller's, and the tables chosen so far
  const TableShape& shape_;
};

// The probability that two ratings d apart, their difference known to a
// variance s2, are the wrong way round: Phi(-|d| / s); 0 beyond 8 s.
double Misorder(double d, double s2) {
  return d * d > 64 * s2 ? 0 : 0.5 * std::erfc(std::abs(d) / std::sqrt(2 * s2));
}

// The pairs with `a` that the ratings may have in the wrong order, counted
// by their probabilities, were a's variance `var`.
double Chooser::Risk(size_t a, double var) const {
  double sum = 0;
  for (size_t b = 0; b < bots_.size(); ++b) {
    if (b != a)
      sum += Misorder(bots_[a].elo - bots_[b].elo, var + bots_[b].var);
  }
  return sum;
}

// What `information` more about `a` is worth: for a table settling an
// uncertain bot, the variance it takes off; otherwise the pairs it takes
// out of order.
double Chooser::Drop(size_t a, double information) const {
  const double after = After(bots_[a], information);
  return settling_ ? bots_[a].var - after : risk_[a] - Risk(a, after);
}

double Chooser::Information(size_t a, size_t b) const {
  const int met = met_.Met(bots_[a].id, bots_[b].id);
  return PairInformation(bots_[a], bots_[b], met);
}

// Per bot of a table, what the others tell it; `team` per position
// (empty: everyone alone). Partners tell nothing about each other.
std::vector<double> Chooser::Told(std::span<const size_t> table,
                                  std::span<const int> team) const {
  std::vector<double> told(table.size(), 0.0);
  for (size_t i = 0; i < table.size(); ++i) {
    for (size_t j = 0; j < table.size(); ++j) {
      const bool partners = !team.empty() && team[i] >= 0 && team[i] == team[j];
      if (j != i && !partners) told[i] += Information(table[i], table[j]);
    }
  }
  return told;
}

// What a table is worth (Drop).
double Chooser::Value(std::span<const size_t> table,
                      std::span<const int> team) const {
  const std::vector<double> told = Told(table, team);
  double value = 0;
  for (size_t i = 0; i < table.size(); ++i) value += Drop(table[i], told[i]);
  return value;
}

// Bots whose error is over kUncertain times the field's median first, the
// widest first: new and uncertain bots, settled by the variance taken off.
// When none is, the bot in most pairs out of order, by the pairs set right
// (an uncertain one among close rivals). Then the fewest games, then the
// seed's order.
size_t Chooser::Focus() {
  std::vector<double> var;
  for (const Bot& b : bots_) var.push_back(b.var);
  std::nth_element(var.begin(), var.begin() + var.size() / 2, var.end());
  const double wide = kUncertain * kUncertain * var[var.size() / 2];
  size_t best = bots_.size();
  for (size_t b = 0; b < bots_.size(); ++b) {
    const Bot& x = bots_[b];
    if (x.var <= wide) continue;
    if (best == bots_.size() ||
        std::tuple(x.var, -x.games, x.tie) >
            std::tuple(bots_[best].var, -bots_[best].games, bots_[best].tie)) {
      best = b;
    }
  }
  settling_ = best < bots_.size();
  if (settling_) return best;
  best = 0;
  for (size_t b = 1; b < bots_.size(); ++b) {
    const Bot &x = bots_[b], &y = bots_[best];
    if (std::tuple(risk_[b], x.var, -x.games, x.tie) >
        std::tuple(risk_[best], y.var, -y.games, y.tie)) {
      best = b;
    }
  }
  return best;
}

// The bot that adds most to a table's worth (what it tells each bot, as
// if everyone played alone; `information`: what the others tell each bot
// already). Ranking a candidate costs a pass over the field, so only the
// kCandidates that tell the table most are ranked.
size_t Chooser::NextSeat(std::span<const size_t> table,
                         std::span<const double> information) const {
  std::vector<std::tuple<double, uint64_t, size_t>> near;
  for (size_t c = 0; c < bots_.size(); ++c) {
    if (std::find(table.begin(), table.end(), c) != table.end()) continue;
    double tells = 0;
    for (size_t i : table) tells += Information(i, c) + Information(c, i);
    near.emplace_back(-tells, bots_[c].tie, c);
  }
  const size_t keep = std::min(near.size(), kCandidates);
  std::partial_sort(near.begin(), near.begin() + keep, near.end());
  size_t best = bots_.size();
  std::tuple<double, double, int64_t, uint64_t> best_score;
  for (size_t k = 0; k < keep; ++k) {
    const size_t c = std::get<2>(near[k]);
    // Its worth; the variance taken off where no pair is set right
    // (ratings all alike); then the fewest games; then the seed.
    double value = 0, variance = 0, own = 0;
    for (size_t i = 0; i < table.size(); ++i) {
      const double more = information[i] + Information(table[i], c);
      value += Drop(table[i], more);
      variance += bots_[table[i]].var - After(bots_[table[i]], more);
      own += Information(c, table[i]);
    }
    value += Drop(c, own);
    variance += bots_[c].var - After(bots_[c], own);
    const std::tuple score(std::round(value * 1e9), variance, -bots_[c].games,
                           bots_[c].tie);
    if (best == bots_.size() || score > best_score) {
      best = c;
      best_score = score;
    }
  }
  return best;
}

// The focus bot, then one by one the bot that adds most to the table.
std::vector<int> Chooser::NextTable() {
  std::vector<size_t> table = {Focus()};
  std::vector<double> information = {0};  // per seated bot, from the others
  while (table.size() < static_cast<size_t>(shape_.seats)) {
    const size_t best = NextSeat(table, information);
    double own = 0;
    for (size_t i = 0; i < table.size(); ++i) {
      information[i] += Information(table[i], best);
      own += Information(best, table[i]);
    }
    table.push_back(best);
    information.push_back(own);
  }
  table = Arrange(std::move(table));
  Seat(table);
  std::vector<int> ids;
  for (size_t b : table) ids.push_back(bots_[b].id);
  return ids;
}

// The seat order: partners who have partnered least, then the split that
// tells most, then seats each bot has held least.
std::vector<size_t> Chooser::Arrange(std::vector<size_t> table) const {
  std::sort(table.begin(), table.end());
  const std::span<const int> team = shape_.team_of_seat;
  std::vector<size_t> best;
  std::tuple<int, double, int> best_score;
  do {
    int partnered = 0, seated = 0;
    for (size_t i = 0; i < table.size(); ++i) {
      seated += met_.Seated(bots_[table[i]].id, static_cast<int>(i));
      for (size_t j = i + 1; j < table.size(); ++j) {
        if (!team.empty() && team[i] >= 0 && team[i] == team[j]) {
          partnered += met_.Partnered(bots_[table[i]].id, bots_[table[j]].id);
        }
      }
    }
    // Splits that tell as much are alike to the seat balance (the value
    // is summed in another order for every permutation).
    const double value = std::round(Value(table, team) * 1e4);
    const std::tuple score(partnered, -value, seated);
    if (best.empty() || score < best_score) {
      best = table;
      best_score = score;
    }
  } while (std::next_permutation(table.begin(), table.end()));
  return best;
}

// Counts the table as played: its meetings, and what it tells each bot.
void Chooser::Seat(std::span<const size_t> table) {
  const std::span<const int> team = shape_.team_of_seat;
  const std::vector<double> information = Told(table, team);
  std::vector<int> ids;
  std::vector<double> before;
  for (size_t i = 0; i < table.size(); ++i) {
    Bot& b = bots_[table[i]];
    before.push_back(b.var);
    b.var = After(b, information[i]);
    ++b.games;
    ids.push_back(b.id);
  }
  met_.Add(ids, team);
  // The pairs with the seated bots move; the seated bots' own, all of them.
  for (size_t b = 0; b < bots_.size(); ++b) {
    if (std::find(table.begin(), table.end(), b) != table.end()) continue;
    for (size_t i = 0; i < table.size(); ++i) {
      const double d = bots_[b].elo - bots_[table[i]].elo;
      risk_[b] += Misorder(d, bots_[b].var + bots_[table[i]].var) -
                  Misorder(d, bots_[b].var + before[i]);
    }
  }
  for (size_t t : table) risk_[t] = Risk(t, bots_[t].var);
}

bool ValidShape(const TableShape& shape) {
  if (shape.seats < 2 || shape.seats > 6) return false;
  const auto& team = shape.team_of_seat;
  if (team.empty()) return true;
  if (team.size() != static_cast<size_t>(shape.seats)) return false;
  return team[0] < 0 || std::any_of(team.begin(), team.end(),
                                    [&](int t) { return t != team[0]; });
}

}  // namespace

void Encounters::Add(std::span<const int> table,
                     std::span<const int> team_of_seat) {
  assert(team_of_seat.empty() || team_of_seat.size() == table.size());
  for (size_t i = 0; i < table.size(); ++i) {
    ++seated_[{table[i], static_cast<int>(i)}];
    for (size_t j = i + 1; j < table.size(); ++j) {
      if (table[i] == table[j]) continue;
      ++met_[Key(table[i], table[j])];
      if (!team_of_seat.empty() && team_of_seat[i] >= 0 &&
          team_of_seat[i] == team_of_seat[j]) {
        ++partnered_[Key(table[i], table[j])];
      }
    }
  }
}

int Encounters::Met(int a, int b) const { return Count(met_, Key(a, b)); }

int Encounters::Partnered(int a, int b) const {
  return Count(partnered_, Key(a, b));
}

int Encounters::Seated(int bot, int seat) const {
  return Count(seated_, {bot, seat});
}

std::vector<std::vector<int>> ChooseTables(std::span<const Entrant> active,
                                           const Encounters& met,
                                           const TableShape& shape, int count,
                                           uint64_t seed) {
  std::vector<std::vector<int>> tables;
  std::vector<Bot> bots = Bots(active, seed);
  if (!ValidShape(shape) || static_cast<int>(bots.size()) < shape.seats) {
    return tables;
  }
  Chooser chooser(std::move(bots), met, shape);
  for (int t = 0; t < count; ++t) tables.push_back(chooser.NextTable());
  return tables;
}

}  // namespace arbiter::league
