#include "arbiter/tournament/swiss.h"

#include <algorithm>
#include <climits>
#include <numeric>
#include <utility>

#include "arbiter/tournament/matching.h"
#include "arbiter/tournament/tables.h"

namespace arbiter::tournament {
namespace {

// Bots in rank order, and what pairing needs to know of each position.
struct Ranking {
  std::vector<int> order;  // position -> bot
  std::vector<int> pos;    // bot -> position
};

Ranking Rank(const SwissHistory& history, uint64_t seed) {
  const int n = history.NumBots();
  std::vector<int> pairing_number(n);
  std::iota(pairing_number.begin(), pairing_number.end(), 0);
  Shuffle(pairing_number, seed);
  Ranking ranking;
  ranking.order.resize(n);
  std::iota(ranking.order.begin(), ranking.order.end(), 0);
  std::sort(ranking.order.begin(), ranking.order.end(), [&](int a, int b) {
    if (history.Score(a) != history.Score(b)) {
      return history.Score(a) > history.Score(b);
    }
    return pairing_number[a] < pairing_number[b];
  });
  ranking.pos.resize(n);
  for (int p = 0; p < n; ++p) ranking.pos[ranking.order[p]] = p;
  return ranking;
}

// First moves minus second moves (tables of 2).
int Balance(const SwissHistory& h, int bot) {
  return 2 * h.FirstMoves(bot) - h.Games(bot);
}

struct TwoPairing {
  std::vector<std::pair<int, int>> pairs;  // positions
  int bye = -1;                            // position
  int rematches = 0;
  bool complete = false;  // no pair had to be forced
};

class TwoPairer {
 public:
  TwoPairer(const SwissHistory& history, const Ranking& ranking)
      : h_(history), r_(ranking), n_(int(ranking.order.size())) {
    min_byes_ = INT_MAX;
    for (int b = 0; b < n_; ++b) min_byes_ = std::min(min_byes_, h_.Byes(b));
  }

  TwoPairing Pair() {
    // First try to keep every first-move balance within 2 (the chess rule);
    // give that up only if it costs a rematch.
    TwoPairing best = Run(/*any_bye=*/false, /*colours=*/true);
    if (!best.complete) {
      TwoPairing loose = Run(/*any_bye=*/false, /*colours=*/false);
      if (loose.rematches < best.rematches || loose.complete) best = loose;
    }
    if (best.rematches == 0 || n_ % 2 == 0) return best;
    // A second bye is worth it only if it avoids a rematch.
    TwoPairing relaxed = Run(/*any_bye=*/true, /*colours=*/false);
    return relaxed.rematches < best.rematches ? relaxed : best;
  }

 private:
  bool Met(int i, int j) const {
    return h_.Meetings(r_.order[i], r_.order[j]) > 0;
  }
  bool Compatible(int i, int j) const {
    const int a = Balance(h_, r_.order[i]), b = Balance(h_, r_.order[j]);
    return !(a > 0 && b > 0) && !(a < 0 && b < 0);
  }
  // Whoever moves first, one of the two would reach a balance of 3.
  bool ColourClash(int i, int j) const {
    const int a = Balance(h_, r_.order[i]), b = Balance(h_, r_.order[j]);
    return (a >= 2 && b >= 2) || (a <= -2 && b <= -2);
  }
  bool Allowed(int i, int j, bool any_bye, bool colours) const {
    if (i == j) return false;
    if (i == n_ || j == n_) {
      const int p = i == n_ ? j : i;
      return any_bye || h_.Byes(r_.order[p]) == min_byes_;
    }
    return !Met(i, j) && !(colours && ColourClash(i, j));
  }

  void Greedy(std::vector<int>& mate, bool any_bye, bool colours) const {
    if (n_ % 2 == 1) {
      for (int i = n_ - 1; i >= 0; --i) {
        if (Allowed(i, n_, any_bye, colours)) {
          mate[i] = n_;
          mate[n_] = i;
          break;
        }
      }
    }
    // Within the nearest score group, prefer a complementary balance.
    for (int i = 0; i < n_; ++i) {
      if (mate[i] != -1) continue;
      int first = -1, choice = -1;
      for (int j = i + 1; j < n_; ++j) {
        if (mate[j] != -1 || !Allowed(i, j, any_bye, colours)) continue;
        if (first == -1) {
          first = j;
        } else if (h_.Score(r_.order[j]) != h_.Score(r_.order[first])) {
          break;
        }
        if (Compatible(i, j)) {
          choice = j;
          break;
        }
      }
      if (choice == -1) choice = first;
      if (choice != -1) {
        mate[i] = choice;
        mate[choice] = i;
      }
    }
  }

  TwoPairing Run(bool any_bye, bool colours) const {
    const int vertices = n_ + n_ % 2;  // vertex n_ is the bye
    std::vector<int> mate(vertices, -1);
    Greedy(mate, any_bye, colours);
    MaximumMatching(
        vertices, [&](int a, int b) { return Allowed(a, b, any_bye, colours); },
        mate);
    TwoPairing out;
    out.complete = std::count(mate.begin(), mate.end(), -1) == 0;
    std::vector<int> left;
    for (int i = 0; i < n_; ++i) {
      if (mate[i] == -1) {
        left.push_back(i);
      } else if (mate[i] == n_) {
        out.bye = i;
      } else if (i < mate[i]) {
        out.pairs.emplace_back(i, mate[i]);
      }
    }
    // Unavoidable: a repeated bye, then rematches between neighbours.
    if (n_ % 2 == 1 && out.bye == -1) {
      out.bye = left.back();
      left.pop_back();
    }
    for (size_t i = 0; i + 1 < left.size(); i += 2) {
      out.pairs.emplace_back(left[i], left[i + 1]);
    }
    for (auto [a, b] : out.pairs) out.rematches += Met(a, b) ? 1 : 0;
    std::sort(out.pairs.begin(), out.pairs.end());
    return out;
  }

  const SwissHistory& h_;
  const Ranking& r_;
  int n_;
  int min_byes_;
};

Round PairTwo(const SwissHistory& history, const Ranking& ranking, int round) {
  TwoPairing pairing = TwoPairer(history, ranking).Pair();
  Round out;
  out.number = round;
  if (pairing.bye >= 0) out.byes.push_back(ranking.order[pairing.bye]);
  for (auto [i, j] : pairing.pairs) {
    int a = ranking.order[i], b = ranking.order[j];  // a ranked higher
    const int ba = Balance(history, a), bb = Balance(history, b);
    // The one that moved first less often moves first; on a tie the higher
    // ranked bot alternates by round.
    const bool a_first = ba != bb ? ba < bb : round % 2 == 1;
    out.tables.push_back(a_first ? Table{a, b} : Table{b, a});
  }
  return out;
}

int Conflicts(const SwissHistory& h, const Table& table, int bot,
              int skip = -1) {
  int total = 0;
  for (int member : table) {
    if (member != skip && member != bot) total += h.Meetings(member, bot);
  }
  return total;
}

// Swaps between neighbouring tables while that lowers repeated meetings.
void Improve(const SwissHistory& h, std::vector<Table>& tables) {
  for (int pass = 0; pass < 4; ++pass) {
    bool changed = false;
    for (size_t t = 0; t + 1 < tables.size(); ++t) {
      Table& a = tables[t];
      Table& b = tables[t + 1];
      for (int& x : a) {
        for (int& y : b) {
          const int before = Conflicts(h, a, x) + Conflicts(h, b, y);
          const int after = Conflicts(h, a, y, x) + Conflicts(h, b, x, y);
          if (after < before) {
            std::swap(x, y);
            changed = true;
          }
        }
      }
    }
    if (!changed) break;
  }
}

Round PairMany(const SwissHistory& h, const Ranking& ranking, int units,
               int round) {
  const int n = h.NumBots();
  Round out;
  out.number = round;
  // Byes: fewest byes so far, then lowest ranked.
  std::vector<int> by_bye = ranking.order;
  std::reverse(by_bye.begin(), by_bye.end());
  std::stable_sort(by_bye.begin(), by_bye.end(),
                   [&](int a, int b) { return h.Byes(a) < h.Byes(b); });
  std::vector<bool> out_this_round(n, false);
  for (int i = 0; i < n % units; ++i) {
    out.byes.push_back(by_bye[i]);
    out_this_round[by_bye[i]] = true;
  }
  std::vector<int> pool;
  for (int bot : ranking.order) {
    if (!out_this_round[bot]) pool.push_back(bot);
  }
  const size_t window = 4 * size_t(units);
  while (!pool.empty()) {
    out.tables.push_back(TakeGreedyTable(
        pool, units, window,
        [&](const Table& t, int bot) { return Conflicts(h, t, bot); }));
  }
  Improve(h, out.tables);
  for (Table& table : out.tables) {
    // Who moved first least sits first.
    auto deficit = [&](int bot) {
      return int64_t(h.FirstMoves(bot)) * units - h.Games(bot);
    };
    std::sort(table.begin(), table.end(), [&](int a, int b) {
      if (deficit(a) != deficit(b)) return deficit(a) < deficit(b);
      return ranking.pos[a] < ranking.pos[b];
    });
  }
  return out;
}

}  // namespace

SwissHistory::SwissHistory(int num_bots)
    : score_(num_bots, 0.0),
      byes_(num_bots, 0),
      games_(num_bots, 0),
      first_moves_(num_bots, 0) {}

void SwissHistory::AddTable(const Table& table) { meetings_.Add(table); }

void SwissHistory::AddGame(const std::vector<int>& seat_bots) {
  std::vector<int> distinct = seat_bots;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  for (int bot : distinct) ++games_[bot];
  if (!seat_bots.empty()) ++first_moves_[seat_bots[0]];
}

int SwissHistory::Meetings(int a, int b) const { return meetings_.Count(a, b); }

Round PairSwissRound(const SwissHistory& history, int units, int round,
                     uint64_t seed) {
  const Ranking ranking = Rank(history, seed);
  return units == 2 ? PairTwo(history, ranking, round)
                    : PairMany(history, ranking, units, round);
}

}  // namespace arbiter::tournament
