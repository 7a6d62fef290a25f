#include "arbiter/common/siphash.h"

#include <gtest/gtest.h>

#include <vector>

namespace arbiter {
namespace {

// The reference key 00 01 .. 0f and messages 00 01 .. (len-1).
SipKey ReferenceKey() { return {0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL}; }
std::vector<uint8_t> Message(int len) {
  std::vector<uint8_t> m(len);
  for (int i = 0; i < len; ++i) m[i] = uint8_t(i);
  return m;
}

TEST(SipHash, ReferenceVectors) {
  EXPECT_EQ(SipHash24(ReferenceKey(), Message(0)), 0x726fdb47dd0e0e31ULL);
  // The worked example of the SipHash paper (appendix A).
  EXPECT_EQ(SipHash24(ReferenceKey(), Message(15)), 0xa129ca6149be45e5ULL);
  EXPECT_EQ(SipHash24(ReferenceKey(), Message(8)), 0x93f5f5799a932462ULL);
}

TEST(SipHash, WordsAreLittleEndianBytes) {
  const uint64_t words[] = {0x0706050403020100ULL, 0x0e0d0c0b0a0908ULL};
  // Two words are 16 bytes, not the 15-byte message: only the first 8 agree.
  EXPECT_EQ(SipHash24Words(ReferenceKey(), std::span(words, 1)),
            SipHash24(ReferenceKey(), Message(8)));
  EXPECT_NE(SipHash24Words(ReferenceKey(), words),
            SipHash24(ReferenceKey(), Message(15)));
}

TEST(SipHash, KeyMatters) {
  SipKey other = ReferenceKey();
  other[1] ^= 1;
  EXPECT_NE(SipHash24(other, Message(15)),
            SipHash24(ReferenceKey(), Message(15)));
}

}  // namespace
}  // namespace arbiter
