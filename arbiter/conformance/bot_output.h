// The lines a bot wrote during one game, from its log (stdout and stderr,
// with the arbiter's marker line before every game), made safe to show.
#ifndef ARBITER_CONFORMANCE_BOT_OUTPUT_H_
#define ARBITER_CONFORMANCE_BOT_OUTPUT_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::conformance {

inline constexpr size_t kOutputLines = 10;
inline constexpr size_t kOutputLineBytes = 200;

// The last `kOutputLines` lines of `log` after the marker of `game_id` and
// before the next marker (`game_id` "": before the first marker), each
// escaped and cut at kOutputLineBytes.
std::vector<std::string> GameOutput(std::string_view log,
                                    std::string_view game_id);

}  // namespace arbiter::conformance

#endif  // ARBITER_CONFORMANCE_BOT_OUTPUT_H_
