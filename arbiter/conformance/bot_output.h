// The last lines a bot wrote, from its log (stdout and stderr, with the
// arbiter's marker line before every game), made safe to show.
#ifndef ARBITER_CONFORMANCE_BOT_OUTPUT_H_
#define ARBITER_CONFORMANCE_BOT_OUTPUT_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::conformance {

inline constexpr size_t kOutputLines = 10;
inline constexpr size_t kOutputLineBytes = 200;

// The last `kOutputLines` lines of `log` but the arbiter's game markers,
// each escaped and cut at kOutputLineBytes. A check stops a situation at
// its first failure, so these are the lines around it (and what the bot
// said as it was stopped).
std::vector<std::string> LastOutput(std::string_view log);

}  // namespace arbiter::conformance

#endif  // ARBITER_CONFORMANCE_BOT_OUTPUT_H_
