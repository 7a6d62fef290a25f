// What the arbiter keeps of the free text in a bot's Hello: its name and
// version for itself go into every record and every GameStart, so each is
// capped and made printable (arbiter/common/printable.h) once, as the Hello
// is accepted. docs/protocol.md gives the caps.
#ifndef ARBITER_SERVER_HELLO_TEXT_H_
#define ARBITER_SERVER_HELLO_TEXT_H_

#include <cstddef>
#include <string>

#include "arbiter/v1/arbiter.pb.h"

namespace arbiter {

inline constexpr size_t kMaxBotNameBytes = 64;
inline constexpr size_t kMaxBotVersionBytes = 128;

// Cuts `hello`'s bot_name and bot_version to their caps (at a character
// boundary) with control characters and invalid UTF-8 replaced, and drops
// what nobody needs once the Hello is accepted (the token, the games).
// Returns what was changed, in words, for the record (Seat.hello_note); ""
// when nothing was.
std::string KeepHelloTexts(v1::Hello* hello);

}  // namespace arbiter

#endif  // ARBITER_SERVER_HELLO_TEXT_H_
