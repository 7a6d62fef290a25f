// Uncertainty by bootstrap over games: each replicate draws as many
// resampling units (games, or whole duplicate sets) as there are, with
// replacement, and refits from the full fit as a warm start.
#ifndef ZETEMA_RATINGS_BOOTSTRAP_H_
#define ZETEMA_RATINGS_BOOTSTRAP_H_

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "ratings/dataset.h"
#include "ratings/fit.h"

namespace ratings {

// Maps a fit to published Elo ratings (anchoring), one per player.
using AnchorFn = std::function<std::vector<double>(const FitResult&)>;

struct BootstrapOptions {
  int replicates = 1000;
  uint64_t seed = 1;
  int threads = 0;  // 0: one per core
  bool first_seat_advantage = false;
};

struct BootstrapResult {
  int replicates = 0;
  int with_prior = 0;        // replicates that needed the prior somewhere
  int64_t newton_steps = 0;  // over all replicates, for the benchmark
  int64_t hessian_products = 0;
  int64_t evaluations = 0;
  // Row-major replicates x players, in Elo after anchoring.
  std::vector<double> ratings;
  std::vector<double> advantage;  // per replicate, Elo
};

BootstrapResult Bootstrap(const Dataset& data, const FitResult& full,
                          const Prior& full_prior, const AnchorFn& anchor,
                          const BootstrapOptions& options);

// The q-quantile (0..1) of values, linearly interpolated; sorts a copy.
double Quantile(std::vector<double> values, double q);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_BOOTSTRAP_H_
