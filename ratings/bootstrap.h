// Uncertainty by bootstrap over resampling units (games, or whole duplicate
// sets): each replicate gives every unit a Poisson(1) count, the usual
// large-sample form of drawing as many units as there are with replacement
// (the two agree to first order, and the counts need no shared array, so a
// replicate's weights are one pass over the games, in any order, on any
// thread). Each replicate is solved like the full data (solve.h),
// warm-started from it, and its values are put on the full fit's footing
// (anchor.h).
#ifndef ZETEMA_RATINGS_BOOTSTRAP_H_
#define ZETEMA_RATINGS_BOOTSTRAP_H_

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "ratings/anchor.h"
#include "ratings/dataset.h"
#include "ratings/solve.h"

namespace ratings {

struct BootstrapOptions {
  int replicates = 1000;
  uint64_t seed = 1;
  int threads = 0;  // 0, or more than the cores: one per core
  // Only contributions with a key up to this take part (a rating history).
  uint32_t max_key = ~uint32_t{0};
};

struct BootstrapResult {
  int replicates = 0;
  // Row-major replicates x players: Elo less the full fit's rating, +-inf,
  // or NaN (undetermined).
  std::vector<float> values;
  std::vector<float> advantage;  // per replicate, Elo
  int with_prior = 0;            // replicates where some rating had no estimate
  int64_t fits = 0, newton_steps = 0, hessian_products = 0;
};

// The Poisson(1) count of resampling unit `sample` in replicate `replicate`.
uint32_t ReplicateCount(uint64_t seed, uint64_t replicate, uint64_t sample);
// The key of replicate `replicate`: ReplicateCount is PoissonCount(key ^
// sample), for callers that draw every replicate's count of one unit.
uint64_t ReplicateKey(uint64_t seed, uint64_t replicate);
uint32_t PoissonCount(uint64_t key_and_sample);
// A resampling unit named by its id (a game id, or a duplicate set's
// group): its count then depends on the id, not on where the unit is read.
uint64_t SampleOfId(std::string_view id);

// Puts replicate `replicate`'s slot weights in *y (called from several
// threads at once).
using ReplicateWeights =
    std::function<void(int replicate, std::vector<double>* y)>;

// Over the dataset's contributions (options.max_key applies).
BootstrapResult Bootstrap(const Dataset& data, const Solution& full,
                          const Anchor& anchor,
                          const BootstrapOptions& options);
// Over weights from elsewhere (options.max_key does not apply).
BootstrapResult Bootstrap(const Dataset& data, const Solution& full,
                          const Anchor& anchor, const BootstrapOptions& options,
                          const ReplicateWeights& weights);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_BOOTSTRAP_H_
