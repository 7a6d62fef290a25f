// SHA-256 (FIPS 180-4), for the content hash of a bot's files: a league
// names every build that played by it, so it must not collide by chance or
// by design.
#ifndef ARBITER_LEAGUE_SHA256_H_
#define ARBITER_LEAGUE_SHA256_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter::league {

class Sha256 {
 public:
  Sha256();
  void Update(std::string_view data);
  // The digest as 64 lowercase hex digits; the object is spent after.
  std::string HexDigest();

 private:
  void Block(const unsigned char* block);
  std::array<uint32_t, 8> state_;
  std::array<unsigned char, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t length_ = 0;  // bytes
};

std::string Sha256Hex(std::string_view data);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_SHA256_H_
