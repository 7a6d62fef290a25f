// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed hash that is a
// pseudorandom function, so that whoever lacks the key cannot predict its
// output nor learn the key from outputs. The arbiter derives deal seeds and
// run tags with it under a tournament's secret (deal_secret.h).
#ifndef ARBITER_COMMON_SIPHASH_H_
#define ARBITER_COMMON_SIPHASH_H_

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace arbiter {

using SipKey = std::array<uint64_t, 2>;  // k0, k1 (little-endian halves)

uint64_t SipHash24(const SipKey& key, std::span<const uint8_t> data);
uint64_t SipHash24(const SipKey& key, std::string_view data);

// The hash of 64-bit words, each taken as 8 little-endian bytes.
uint64_t SipHash24Words(const SipKey& key, std::span<const uint64_t> words);

}  // namespace arbiter

#endif  // ARBITER_COMMON_SIPHASH_H_
