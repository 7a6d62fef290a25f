// What a bot's Hello must be (docs/protocol.md): a name and a version, and
// only games the arbiter knows. The protocol version is the server's to
// check: a bot with another version never gets a seat.
#ifndef ARBITER_CONFORMANCE_HELLO_CHECK_H_
#define ARBITER_CONFORMANCE_HELLO_CHECK_H_

#include <expected>
#include <string>
#include <vector>

#include "arbiter/v1/arbiter.pb.h"

namespace arbiter::conformance {

// Longest bot name or version a check accepts (the records keep them).
inline constexpr size_t kMaxHelloText = 64;
// Unknown games named one by one; the rest are counted.
inline constexpr int kMaxUnknownGames = 3;

// What is wrong with `hello`, one message each; empty when it is well
// formed.
std::vector<std::string> CheckHello(const v1::Hello& hello);

// The games to check the bot at: `wanted` (--game), each of which its Hello
// must declare (`*problems` says which it does not), or else every known
// game it declares (none declared means zetema).
std::vector<std::string> GamesToCheck(const v1::Hello& hello,
                                      const std::vector<std::string>& wanted,
                                      std::vector<std::string>* problems);

// "name 1.2, protocol 1, games zetema pontoon, events inside requests",
// escaped.
std::string DescribeHello(const v1::Hello& hello);

}  // namespace arbiter::conformance

#endif  // ARBITER_CONFORMANCE_HELLO_CHECK_H_
