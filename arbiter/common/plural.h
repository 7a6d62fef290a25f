// A count and its noun for messages people read: "1 game", "2 games",
// "1 bye", "0 byes", "1 copy", "3 copies". Every message that says how many
// of something goes through Count, so that none says "1 rounds".
#ifndef ARBITER_COMMON_PLURAL_H_
#define ARBITER_COMMON_PLURAL_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace arbiter {

// "N noun": `singular` for 1, else `plural` (default: `singular` + "s").
inline std::string Count(int64_t n, std::string_view singular,
                         std::string_view plural = {}) {
  std::string out = std::to_string(n) + " ";
  if (n == 1 || n == -1) return out.append(singular);
  if (!plural.empty()) return out.append(plural);
  return out.append(singular).append("s");
}

}  // namespace arbiter

#endif  // ARBITER_COMMON_PLURAL_H_
