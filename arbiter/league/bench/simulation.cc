#include "arbiter/league/bench/simulation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "arbiter/league/scheduler.h"
#include "ratings/incremental.h"
#include "ratings/synthetic.h"

namespace arbiter::league {
namespace {

// Every pair of n bots once, round by round (the circle method), colours
// swapped every other round.
std::vector<std::pair<int, int>> RoundRobin(int n) {
  const int m = n + n % 2;  // with a bye
  std::vector<std::pair<int, int>> pairs;
  for (int r = 0; r < m - 1; ++r) {
    for (int i = 0; i < m / 2; ++i) {
      int a = i == 0 ? m - 1 : (r + i) % (m - 1);
      int b = (r + m - 1 - i) % (m - 1);
      if (a >= n || b >= n) continue;
      if (r % 2 == 1) std::swap(a, b);
      pairs.emplace_back(a, b);
    }
  }
  return pairs;
}

// Ranks (0 = best) by descending value.
std::vector<int> Ranks(const std::vector<double>& value) {
  std::vector<int> order(value.size()), rank(value.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return value[a] > value[b]; });
  for (size_t r = 0; r < order.size(); ++r)
    rank[order[r]] = static_cast<int>(r);
  return rank;
}

double MedianError(std::span<const Entrant> entrants) {
  std::vector<double> sd;
  for (const Entrant& e : entrants) sd.push_back(e.sd);
  std::nth_element(sd.begin(), sd.begin() + sd.size() / 2, sd.end());
  return sd[sd.size() / 2];
}

class League {
 public:
  explicit League(const FieldOptions& o) : rng_(o.seed), fit_({}) {
    std::normal_distribution<double> elo(0, o.spread);
    for (int b = 0; b <= o.bots; ++b) model_.ratings.push_back(elo(rng_));
  }

  void Play(int a, int b) {
    const int bots[] = {a, b};
    ratings::Game game = ratings::DrawGame(model_, bots, rng_);
    game.id = fmt::format("g{}", ++games_);
    const auto added = fit_.Add(game);
    assert(added);
    met_.Add(bots, {});
  }

  // Refits; the entrants among the first `n` bots.
  std::vector<Entrant> Refit(int n) {
    const auto ok = fit_.Refit();
    assert(ok);
    std::vector<Entrant> out(n);
    for (int b = 0; b < n; ++b) {
      out[b] = {.id = b, .sd = std::numeric_limits<double>::infinity()};
    }
    for (const auto& e : fit_.estimates()) {
      const int b = std::stoi(e.name.substr(1));  // "P<b>"
      if (b < n) out[b] = {.id = b, .elo = e.elo, .sd = e.sd, .games = e.games};
    }
    return out;
  }

  double RankError(const std::vector<Entrant>& entrants) const {
    std::vector<double> estimate;
    for (const Entrant& e : entrants) estimate.push_back(e.elo);
    const std::vector<int> truth = Ranks(model_.ratings),
                           rated = Ranks(estimate);
    double sum = 0;
    for (size_t b = 0; b < truth.size(); ++b)
      sum += std::abs(truth[b] - rated[b]);
    return sum / truth.size();
  }

  // A batch of the scheduler's two-seat tables.
  void PlayTables(std::span<const Entrant> entrants, int count, uint64_t seed) {
    for (const auto& table :
         ChooseTables(entrants, met_, {.seats = 2}, count, seed)) {
      Play(table[0], table[1]);
    }
  }

  int64_t games() const { return games_; }

 private:
  std::mt19937_64 rng_;
  ratings::SyntheticOptions model_;
  ratings::IncrementalRatings fit_;
  Encounters met_;
  int64_t games_ = 0;
};

}  // namespace

Outcome Simulate(const FieldOptions& o, Method method, int64_t budget,
                 int64_t max_games) {
  League league(o);
  for (int r = 0; r < o.warmup_rounds; ++r) {
    for (auto [a, b] : RoundRobin(o.bots)) {
      r % 2 ? league.Play(b, a) : league.Play(a, b);
    }
  }
  const int n = o.bots + 1;  // the newcomer is bot o.bots
  const int64_t start = league.games();
  const std::vector<std::pair<int, int>> cycle = RoundRobin(n);
  size_t next = 0;
  std::vector<Entrant> entrants = league.Refit(n);
  Outcome out;
  out.field_sd = MedianError(std::span(entrants).first(o.bots));
  bool budget_seen = false;
  for (int64_t step = 0;; ++step) {
    const int64_t played = league.games() - start;
    if (played >= budget && !budget_seen) {
      out.rank_error = league.RankError(entrants);
      budget_seen = true;
    }
    const double sd = entrants[o.bots].sd;
    if (out.games_to_width < 0 && std::isfinite(sd) &&
        2 * 1.96 * sd <= o.width) {
      out.games_to_width = played;
      out.rank_error_at_width = league.RankError(entrants);
    }
    if ((budget_seen && out.games_to_width >= 0) || played >= max_games) break;
    if (method == Method::kRoundRobin) {
      for (int g = 0; g < o.batch; ++g, ++next) {
        const auto [a, b] = cycle[next % cycle.size()];
        // Colours swap on every other cycle.
        (next / cycle.size()) % 2 ? league.Play(b, a) : league.Play(a, b);
      }
    } else {
      league.PlayTables(entrants, o.batch, o.seed * 7919 + step);
    }
    entrants = league.Refit(n);
  }
  if (!budget_seen) out.rank_error = league.RankError(entrants);
  return out;
}

}  // namespace arbiter::league
