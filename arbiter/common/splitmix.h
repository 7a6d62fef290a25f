// SplitMix64 (Steele, Lea and Flood, 2014): tiny, well mixed, and the same
// sequence on every platform, unlike the standard library's distributions.
// Every seeded choice of the harness uses it: deals, playouts, schedules,
// bootstrap replicates and the seeds derived from a command's --seed. It is
// not a secret: what bots must not predict comes from a keyed hash
// (siphash.h) under a secret (deal_secret.h).
#ifndef ARBITER_COMMON_SPLITMIX_H_
#define ARBITER_COMMON_SPLITMIX_H_

#include <cstdint>

namespace arbiter {

// The generator's output for state `x` after one step: a stateless mix, for
// deriving seeds from seeds.
constexpr uint64_t SplitMix64Of(uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    const uint64_t out = SplitMix64Of(state_);
    state_ += 0x9E3779B97F4A7C15ULL;
    return out;
  }
  // Uniform enough in [0, bound) for bound > 0 (tiny next to 2^64).
  uint64_t Below(uint64_t bound) { return Next() % bound; }

 private:
  uint64_t state_;
};

}  // namespace arbiter

#endif  // ARBITER_COMMON_SPLITMIX_H_
