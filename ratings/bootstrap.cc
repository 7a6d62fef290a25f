#include "ratings/bootstrap.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numbers>
#include <random>
#include <thread>

#include "arbiter/common/splitmix.h"

namespace ratings {

double Quantile(std::vector<double> values, double q) {
  if (values.empty()) return NAN;
  std::sort(values.begin(), values.end());
  const double pos = q * static_cast<double>(values.size() - 1);
  const size_t lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, values.size() - 1);
  return values[lo] +
         (pos - static_cast<double>(lo)) * (values[hi] - values[lo]);
}

BootstrapResult Bootstrap(const Dataset& data, const FitResult& full,
                          const Prior& full_prior, const AnchorFn& anchor,
                          const BootstrapOptions& options) {
  BootstrapResult result;
  result.replicates = options.replicates;
  const size_t players = data.NumPlayers();
  result.ratings.assign(static_cast<size_t>(options.replicates) * players, 0.0);
  result.advantage.assign(options.replicates, 0.0);
  const size_t samples = data.NumSamples();
  std::atomic<int> next{0};
  std::atomic<int> with_prior{0};
  std::atomic<int64_t> steps{0}, products{0}, evaluations{0};
  auto worker = [&] {
    Fitter fitter(data, {.first_seat_advantage = options.first_seat_advantage,
                         // The last step taken is below this; with Newton's
                         // quadratic convergence the error after it is far
                         // smaller (about its square).
                         .step_tolerance = 1e-3});
    std::vector<uint32_t> counts(samples);
    std::vector<double> y;
    for (int r = next++; r < options.replicates; r = next++) {
      // Seeded from (seed, index), so that results do not depend on the
      // number of threads.
      std::mt19937_64 rng(
          arbiter::SplitMix64Of(options.seed ^ arbiter::SplitMix64Of(r)));
      std::fill(counts.begin(), counts.end(), 0);
      std::uniform_int_distribution<size_t> pick(0, samples - 1);
      for (size_t i = 0; i < samples; ++i) ++counts[pick(rng)];
      WeightsFromCounts(data, counts, &y);
      Prior prior = full_prior;
      const FitResult fit = fitter.FitWithNeededPrior(y, &prior, &full);
      if (prior.Any()) ++with_prior;
      steps += fit.iterations;
      products += fit.hessian_products;
      evaluations += fit.evaluations;
      const std::vector<double> elo = anchor(fit);
      std::copy(elo.begin(), elo.end(), result.ratings.begin() + r * players);
      result.advantage[r] = fit.advantage * 400 / std::numbers::ln10;
    }
  };
  int threads = options.threads > 0
                    ? options.threads
                    : static_cast<int>(std::thread::hardware_concurrency());
  threads = std::clamp(threads, 1, std::max(1, options.replicates));
  if (samples == 0) return result;
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  result.with_prior = with_prior;
  result.newton_steps = steps;
  result.hessian_products = products;
  result.evaluations = evaluations;
  return result;
}

}  // namespace ratings
