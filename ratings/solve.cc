#include "ratings/solve.h"

#include <algorithm>
#include <cmath>

namespace ratings {
namespace {

// The vanishing priors of the standing test, and how far a rating must
// move between them to count as running off (it moves by about
// ln(kEpsilon1 / kEpsilon2) = 6.9 times its share of the direction).
constexpr double kEpsilon1 = 1e-3;
constexpr double kEpsilon2 = 1e-6;
constexpr double kRunsOff = 0.5;
// Below this curvature the data no longer bend a player's likelihood: its
// rating is set by the prior alone.
constexpr double kFlat = 1e-4;

bool Good(const FitResult& f, bool exact_graph) {
  return exact_graph ? f.converged : f.Clean();
}

}  // namespace

Solver::Solver(const Dataset& data, double step_tolerance)
    : data_(data),
      fitter_(data, step_tolerance),
      all_pools_(FindPools(data, data.slot_y)),
      graph_(data),
      lone_(data.lone_units && !data.first_seat_advantage) {}

FitResult Solver::Run(const FitSpec& spec, std::span<const double> start,
                      Solution* out) {
  FitResult f = fitter_.Fit(spec, start);
  ++out->fits;
  out->newton_steps += f.iterations;
  out->hessian_products += f.hessian_products;
  return f;
}

Solution Solver::Solve(std::span<const double> y, const Solution* warm) {
  Solution out;
  const size_t n = data_.num_players, np = fitter_.NumParams();
  std::vector<double> start(np, 0.0);
  if (warm != nullptr) start = warm->x;
  auto all_core = [&](const Pools& pools) {
    Standings st;
    st.of.assign(n, Standing::kAbsent);
    for (size_t p = 0; p < n; ++p) {
      if (pools.of[p] >= 0) st.of[p] = Standing::kCore;
    }
    st.pool_has_core.assign(pools.count, 1);
    return st;
  };
  // 1. Every pool strongly connected: the plain fit.
  if (graph_.AllStronglyConnected(y, all_pools_)) {
    const FitResult f =
        Run({.y = y, .centre = all_pools_.of, .num_groups = all_pools_.count},
            start, &out);
    if (Good(f, lone_)) {
      out.x = f.x;
      out.pools = all_pools_;
      out.standings = all_core(all_pools_);
      out.graph = out.standings.of;
      return out;
    }
  }
  Pools pools = FindPools(data_, y);
  Standings st = StandingsByGraph(data_, y, pools);
  out.graph = st.of;
  const bool connected =
      std::none_of(st.of.begin(), st.of.end(), [](Standing s) {
        return s != Standing::kCore && s != Standing::kAbsent;
      });
  if (connected) {
    const FitResult f = Run(
        {.y = y, .centre = pools.of, .num_groups = pools.count}, start, &out);
    if (Good(f, lone_)) {
      out.x = f.x;
      out.pools = std::move(pools);
      out.standings = std::move(st);
      return out;
    }
    if (lone_) {
      PriorEverywhere(y, pools, start, &out);
      return out;
    }
  }
  // 2. Standings.
  std::vector<double> x = start;
  if (!lone_) {
    std::vector<double> limit;
    st = StandingsByFit(y, pools, start, &out, &limit);
    x = limit;
  }
  const bool any_core =
      std::any_of(st.pool_has_core.begin(), st.pool_has_core.end(),
                  [](uint8_t c) { return c != 0; });
  // 3. The cores alone.
  if (any_core) {
    std::vector<uint8_t> active(data_.NumUnits(), 1);
    for (size_t u = 0; u < data_.NumUnits(); ++u) {
      for (uint32_t i = data_.unit_begin[u]; i < data_.unit_begin[u + 1]; ++i) {
        if (st.of[data_.unit_players[i]] != Standing::kCore) active[u] = 0;
      }
    }
    std::vector<uint8_t> free(np, 0);
    std::vector<int32_t> centre(n, -1);
    for (size_t p = 0; p < n; ++p) {
      if (st.of[p] != Standing::kCore) continue;
      free[p] = 1;
      centre[p] = pools.of[p];
    }
    std::vector<double> prior;
    if (data_.first_seat_advantage) {
      free[n] = 1;
      if (out.advantage_prior) {
        prior.assign(np, 0.0);
        prior[n] = kPriorDraws;
      }
    }
    const FitResult f = Run({.y = y,
                             .active_unit = active,
                             .free = free,
                             .prior = prior,
                             .centre = centre,
                             .num_groups = pools.count},
                            x, &out);
    if (!Good(f, lone_)) {
      PriorEverywhere(y, pools, start, &out);
      return out;
    }
    x = f.x;
  }
  // 4. Everyone else, with the cores fixed and the prior.
  std::vector<uint8_t> free(np, 0);
  std::vector<double> prior(np, 0.0);
  bool any_free = false;
  for (size_t p = 0; p < n; ++p) {
    if (st.of[p] == Standing::kCore || st.of[p] == Standing::kAbsent) continue;
    free[p] = 1;
    prior[p] = kPriorDraws;
    any_free = true;
  }
  if (data_.first_seat_advantage && !any_core) {
    free[n] = 1;
    if (out.advantage_prior) prior[n] = kPriorDraws;
  }
  if (any_free) {
    const FitResult f = Run({.y = y, .free = free, .prior = prior}, x, &out);
    if (!f.converged) {
      PriorEverywhere(y, pools, start, &out);
      return out;
    }
    x = f.x;
  }
  out.x = std::move(x);
  out.pools = std::move(pools);
  out.standings = std::move(st);
  return out;
}

Standings Solver::StandingsByFit(std::span<const double> y, const Pools& pools,
                                 std::span<const double> start, Solution* out,
                                 std::vector<double>* limit) {
  const size_t n = data_.num_players, np = fitter_.NumParams();
  std::vector<double> prior(np, 0.0);
  // The advantage, when it runs off, gets its prior first: the players are
  // then judged with a finite advantage, as they are fitted.
  FitResult f1, f2;
  auto run = [&](double advantage_prior) {
    for (int k = 0; k < 2; ++k) {
      const double w = k == 0 ? kEpsilon1 : kEpsilon2;
      for (size_t p = 0; p < n; ++p) prior[p] = pools.of[p] >= 0 ? w : 0.0;
      if (np > n) prior[n] = advantage_prior > 0 ? advantage_prior : w;
      (k == 0 ? f1 : f2) =
          Run({.y = y, .prior = prior}, k == 0 ? start : f1.x, out);
    }
  };
  run(0);
  if (np > n && std::abs(f2.x[n] - f1.x[n]) > kRunsOff) {
    out->advantage_prior = true;
    run(kPriorDraws);
  }
  Standings st;
  st.of.assign(n, Standing::kAbsent);
  st.pool_has_core.assign(pools.count, 0);
  std::vector<int> core_size(pools.count, 0);
  for (size_t p = 0; p < n; ++p) {
    if (pools.of[p] < 0) continue;
    const double moved = f2.x[p] - f1.x[p];
    st.of[p] = moved > kRunsOff               ? Standing::kAbove
               : moved < -kRunsOff            ? Standing::kBelow
               : f2.data_curvature[p] < kFlat ? Standing::kApart
                                              : Standing::kCore;
    if (st.of[p] == Standing::kCore) ++core_size[pools.of[p]];
  }
  for (size_t p = 0; p < n; ++p) {
    const int32_t c = pools.of[p];
    if (c >= 0 && st.of[p] == Standing::kCore && core_size[c] < 2) {
      st.of[p] = Standing::kApart;
    }
  }
  for (int c = 0; c < pools.count; ++c) st.pool_has_core[c] = core_size[c] >= 2;
  *limit = f2.x;
  if (!f1.converged || !f2.converged) out->converged = false;
  return st;
}

void Solver::PriorEverywhere(std::span<const double> y, const Pools& pools,
                             std::span<const double> start, Solution* out) {
  const size_t n = data_.num_players, np = fitter_.NumParams();
  std::vector<double> prior(np, 0.0);
  for (size_t p = 0; p < n; ++p) prior[p] = pools.of[p] >= 0 ? kPriorDraws : 0;
  if (np > n) prior[n] = kPriorDraws;
  const FitResult f = Run({.y = y, .prior = prior}, start, out);
  out->x = f.x;
  out->converged = out->converged && f.converged;
  out->prior_everywhere = true;
  out->advantage_prior = np > n;
  out->pools = pools;
  if (out->graph.empty()) out->graph = StandingsByGraph(data_, y, pools).of;
  // No rating here is a maximum-likelihood estimate: every bound is open.
  out->standings.of.assign(n, Standing::kAbsent);
  for (size_t p = 0; p < n; ++p) {
    if (pools.of[p] >= 0) out->standings.of[p] = Standing::kApart;
  }
  out->standings.pool_has_core.assign(pools.count, 0);
  if (!out->converged) {
    // Nothing is left to fall back on; keep numbers finite.
    for (double& v : out->x) {
      if (!std::isfinite(v)) v = 0;
    }
  }
}

}  // namespace ratings
