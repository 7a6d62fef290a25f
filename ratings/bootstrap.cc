#include "ratings/bootstrap.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <new>
#include <system_error>
#include <thread>

#include "arbiter/common/splitmix.h"
#include "arbiter/records/duplicates.h"

namespace ratings {
namespace {

using arbiter::SplitMix64Of;

// P(X <= k) * 2^64 for X ~ Poisson(1), k = 0..20.
constexpr std::array<uint64_t, 21> kPoissonOne = {
    0x5e2d58d8b3bcdf1aull, 0xbc5ab1b16779be35ull, 0xeb715e1dc1582dc2ull,
    0xfb23979734a252f1ull, 0xff1025f59174dc3dull, 0xffd90f3ba4055e19ull,
    0xfffa8b71fc72c913ull, 0xffff540c0914b3c9ull, 0xffffed1f4aa8f120ull,
    0xfffffe216e641462ull, 0xffffffd4d85d3183ull, 0xfffffffc6da262b4ull,
    0xffffffffba12d178ull, 0xfffffffffb07c64cull, 0xffffffffffab8ea5ull,
    0xfffffffffffabe22ull, 0xffffffffffffb11aull, 0xfffffffffffffba1ull,
    0xffffffffffffffc5ull, 0xfffffffffffffffdull, 0xffffffffffffffffull};

uint32_t PoissonOne(uint64_t u) {
  // Without branches for the common counts (a mispredicted branch per
  // game would cost more than the rest of the work); 7 and more, one time
  // in 12,000, by a loop.
  uint32_t k = (u >= kPoissonOne[0]) + (u >= kPoissonOne[1]) +
               (u >= kPoissonOne[2]) + (u >= kPoissonOne[3]) +
               (u >= kPoissonOne[4]) + (u >= kPoissonOne[5]);
  if (u >= kPoissonOne[6]) [[unlikely]] {
    k = 7;
    while (k + 1 < kPoissonOne.size() && u >= kPoissonOne[k]) ++k;
  }
  return k;
}

}  // namespace

uint64_t ReplicateKey(uint64_t seed, uint64_t replicate) {
  return SplitMix64Of(seed ^ SplitMix64Of(replicate + 0x632be59bd9b4e019ull));
}

uint32_t PoissonCount(uint64_t key_and_sample) {
  return PoissonOne(SplitMix64Of(key_and_sample));
}

uint32_t ReplicateCount(uint64_t seed, uint64_t replicate, uint64_t sample) {
  return PoissonCount(ReplicateKey(seed, replicate) ^ sample);
}

uint64_t SampleOfId(std::string_view id) {
  return arbiter::records::Hash64(id);
}

BootstrapResult Bootstrap(const Dataset& data, const Solution& full,
                          const Anchor& anchor,
                          const BootstrapOptions& options) {
  return Bootstrap(data, full, anchor, options,
                   [&](int r, std::vector<double>* y) {
                     const uint64_t key = ReplicateKey(options.seed, r);
                     ResampledWeights(
                         data,
                         [key](uint32_t sample) {
                           return PoissonOne(SplitMix64Of(key ^ sample));
                         },
                         y, options.max_key);
                   });
}

BootstrapResult Bootstrap(const Dataset& data, const Solution& full,
                          const Anchor& anchor, const BootstrapOptions& options,
                          const ReplicateWeights& weights) {
  BootstrapResult result;
  const int replicates = std::max(0, options.replicates);
  result.replicates = replicates;
  const size_t players = data.num_players;
  result.values.assign(static_cast<size_t>(replicates) * players, 0.0f);
  result.advantage.assign(replicates, 0.0f);
  std::atomic<int> next{0}, with_prior{0};
  std::atomic<int64_t> fits{0}, steps{0}, products{0};
  std::atomic<bool> failed{false};
  auto work = [&] {
    // A replicate stops after a Newton step below 0.02 natural units:
    // with Newton's quadratic convergence what is left is about its
    // square, under 0.1 Elo, far below the bootstrap's own noise.
    Solver solver(data, /*step_tolerance=*/2e-2);
    solver.Warm(full);
    std::vector<double> y;
    for (int r = next++; r < replicates; r = next++) {
      weights(r, &y);
      const Solution rep = solver.Solve(y, &full);
      anchor.Values(rep,
                    result.values.data() + static_cast<size_t>(r) * players);
      result.advantage[r] = anchor.AdvantageValue(rep);
      const bool prior =
          rep.advantage_prior || rep.prior_everywhere ||
          std::any_of(rep.standings.of.begin(), rep.standings.of.end(),
                      [](Standing s) {
                        return s != Standing::kCore && s != Standing::kAbsent;
                      });
      if (prior) ++with_prior;
      fits += rep.fits;
      steps += rep.newton_steps;
      products += rep.hessian_products;
    }
  };
  // An exception must not escape a thread (that would terminate the
  // program): it stops the replicates and is raised again below.
  auto worker = [&] {
    try {
      work();
    } catch (...) {
      failed = true;
      next = replicates;
    }
  };
  // Each thread holds a solver as large as the data: no more threads than
  // cores, which could not run them at once anyway.
  const int cores =
      std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  int threads = options.threads > 0 ? std::min(options.threads, cores) : cores;
  threads = std::clamp(threads, 1, std::max(1, replicates));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(worker);
    } catch (const std::system_error&) {
      break;  // fewer threads: same results, more time
    }
  }
  worker();
  for (std::thread& t : pool) t.join();
  if (failed) throw std::bad_alloc();
  result.with_prior = with_prior;
  result.fits = fits;
  result.newton_steps = steps;
  result.hessian_products = products;
  return result;
}

}  // namespace ratings
