// Text that bots supply (their Hello, their answers, their logs), and text
// read from record files, which anyone can edit, made safe for the people
// who read it. Two uses:
//
// - On a terminal: TerminalSafe() writes every character that would act on
//   the terminal (move the cursor, clear the screen, set the window title,
//   start a new line, reorder the text) as a visible escape, so that a text
//   shows as what it is and can neither forge a line nor change the screen.
// - Kept (records, fault details): KeepPrintable() replaces those characters
//   and every byte that is not UTF-8, and caps the length at a character
//   boundary, so that what is written once is short and printable for every
//   reader after.
//
// The characters concerned: the C0 controls (U+0000..U+001F, tab and
// newline included), DEL, the C1 controls (U+0080..U+009F), the line and
// paragraph separators (U+2028, U+2029) and the bidirectional controls
// (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069).
#ifndef ARBITER_COMMON_PRINTABLE_H_
#define ARBITER_COMMON_PRINTABLE_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter {

// `text` with every such character escaped: "\n", "\r", "\t", "\x1b" (other
// C0 controls and DEL), "\u202e" (the others); a byte that is not part of
// valid UTF-8 as "\xff". Everything else, backslashes included, as it is.
std::string TerminalSafe(std::string_view text);

struct Printable {
  std::string text;
  bool replaced = false;  // a character or byte was replaced
  bool cut = false;       // the text was longer than the cap
};

// `text` with every such character, and every byte that is not part of
// valid UTF-8, replaced by U+FFFD, then cut to at most `max_bytes` bytes at
// a character boundary.
Printable KeepPrintable(std::string_view text, size_t max_bytes);

}  // namespace arbiter

#endif  // ARBITER_COMMON_PRINTABLE_H_
