// Ratings of weighted games with the prior only where it is needed.
//
// 1. When every pool is one strongly connected part (graph.h), the ratings
//    are the plain maximum-likelihood fit, each pool centred on 0. With
//    partners or the first-seat advantage the graph cannot see every way
//    the estimate may fail to exist (a team's members can run off in
//    opposite directions while every result gets likelier), so there the
//    fit itself must also come out clean (fit.h).
// 2. Otherwise each player gets a standing: in the core of its pool, or
//    above, below or apart from it. With lone players and no advantage the
//    graph decides exactly. Otherwise the fit is repeated with a vanishing
//    prior (1e-3, then 1e-6 virtual draws on everyone): ratings that exist
//    barely move between the two, those that do not run off by about
//    ln(1000) along their direction (above or below), and a player whose
//    data no longer bends the likelihood is apart.
// 3. The core is fitted alone, by maximum likelihood, each choice set
//    restricted to the sides made of core players: this is the limit the
//    full fit tends to as the others run off, so a newcomer who only won
//    does not move anyone who has an estimate without it.
// 4. The others are fitted with the core held fixed and a prior of
//    kPriorDraws virtual draws against the core's average on each of them;
//    in a pool without a core, on everyone. When the first-seat advantage
//    has no estimate (the first seat never lost, or never won), it gets
//    the same prior in step 3.
#ifndef ZETEMA_RATINGS_SOLVE_H_
#define ZETEMA_RATINGS_SOLVE_H_

#include <cstdint>
#include <span>
#include <vector>

#include "ratings/dataset.h"
#include "ratings/fit.h"
#include "ratings/graph.h"

namespace ratings {

// The weight of the prior where an estimate does not exist: this many
// virtual draws against an opponent of the core's average.
inline constexpr double kPriorDraws = 1.0;

struct Solution {
  std::vector<double> x;  // players (nats, each pool's core at mean 0),
                          // then the advantage when it is fitted
  Pools pools;
  Standings standings;
  // What the scoring graph alone shows: a player that is not in the core
  // here has no estimate because of its own results (all wins or all
  // losses against the core, or none). With partners the fit may find more
  // players without an estimate (standings), from the team structure.
  std::vector<Standing> graph;
  bool advantage_prior = false;   // the advantage needed the prior
  bool prior_everywhere = false;  // the staged fit failed (a safety net)
  bool converged = true;
  int fits = 0;  // fits run, and their Newton steps, for the benchmark
  int64_t newton_steps = 0;
  int64_t hessian_products = 0;
};

class Solver {
 public:
  Solver(const Dataset& data, double step_tolerance = 1e-10);

  // Solves for slot weights `y`; `warm` (may be null) is a start.
  Solution Solve(std::span<const double> y, const Solution* warm);
  // Prepares for many Solve() calls from one warm start (the bootstrap).
  void Warm(const Solution& warm) { fitter_.CacheStart(warm.x); }

  const Pools& all_pools() const { return all_pools_; }

 private:
  FitResult Run(const FitSpec& spec, std::span<const double> start,
                Solution* out);
  Standings StandingsByFit(std::span<const double> y, const Pools& pools,
                           std::span<const double> start, Solution* out,
                           std::vector<double>* limit);
  void PriorEverywhere(std::span<const double> y, const Pools& pools,
                       std::span<const double> start, Solution* out);

  const Dataset& data_;
  Fitter fitter_;
  Pools all_pools_;  // of every game
  ScoringGraph graph_;
  bool lone_ = false;  // lone players, no advantage: the graph is exact
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_SOLVE_H_
