#include "arbiter/common/siphash.h"

#include <bit>
#include <cstring>
#include <vector>

namespace arbiter {
namespace {

struct State {
  uint64_t v0, v1, v2, v3;

  explicit State(const SipKey& k)
      : v0(k[0] ^ 0x736f6d6570736575ULL),
        v1(k[1] ^ 0x646f72616e646f6dULL),
        v2(k[0] ^ 0x6c7967656e657261ULL),
        v3(k[1] ^ 0x7465646279746573ULL) {}

  void Round() {
    v0 += v1;
    v1 = std::rotl(v1, 13);
    v1 ^= v0;
    v0 = std::rotl(v0, 32);
    v2 += v3;
    v3 = std::rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = std::rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = std::rotl(v1, 17);
    v1 ^= v2;
    v2 = std::rotl(v2, 32);
  }

  void Absorb(uint64_t m) {
    v3 ^= m;
    Round();
    Round();
    v0 ^= m;
  }

  uint64_t Finish() {
    v2 ^= 0xff;
    for (int i = 0; i < 4; ++i) Round();
    return v0 ^ v1 ^ v2 ^ v3;
  }
};

uint64_t Load64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];  // little-endian
  return v;
}

}  // namespace

uint64_t SipHash24(const SipKey& key, std::span<const uint8_t> data) {
  State s(key);
  const size_t n = data.size();
  size_t i = 0;
  for (; i + 8 <= n; i += 8) s.Absorb(Load64(data.data() + i));
  uint64_t last = uint64_t(n & 0xff) << 56;
  for (size_t j = 0; i + j < n; ++j) last |= uint64_t(data[i + j]) << (8 * j);
  s.Absorb(last);
  return s.Finish();
}

uint64_t SipHash24(const SipKey& key, std::string_view data) {
  return SipHash24(key, std::span(reinterpret_cast<const uint8_t*>(data.data()),
                                  data.size()));
}

uint64_t SipHash24Words(const SipKey& key, std::span<const uint64_t> words) {
  std::vector<uint8_t> bytes(words.size() * 8);
  for (size_t w = 0; w < words.size(); ++w) {
    for (int b = 0; b < 8; ++b) bytes[w * 8 + b] = uint8_t(words[w] >> (8 * b));
  }
  return SipHash24(key, bytes);
}

}  // namespace arbiter
