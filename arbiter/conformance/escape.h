// Text a bot sent, made safe to print for a person: bots are hostile, and a
// terminal obeys the control sequences in what it prints.
#ifndef ARBITER_CONFORMANCE_ESCAPE_H_
#define ARBITER_CONFORMANCE_ESCAPE_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter::conformance {

// `text` with every byte outside printable ASCII written as an escape
// (\n, \t, \r, \\, else \xNN), cut after `max_bytes` of the input with a
// note of how much was left out.
std::string EscapeForTerminal(std::string_view text, size_t max_bytes);

}  // namespace arbiter::conformance

#endif  // ARBITER_CONFORMANCE_ESCAPE_H_
