#include "arbiter/conformance/escape.h"

#include <gtest/gtest.h>

namespace arbiter::conformance {
namespace {

TEST(EscapeForTerminal, KeepsPrintableAscii) {
  EXPECT_EQ(EscapeForTerminal("discard 9H (seat 0)", 100),
            "discard 9H (seat 0)");
}

TEST(EscapeForTerminal, EscapesControlsAndNonAscii) {
  EXPECT_EQ(EscapeForTerminal("a\x1b[2Jb\n\t\r\\\x7f\xc2\x9b", 100),
            "a\\x1b[2Jb\\n\\t\\r\\\\\\x7f\\xc2\\x9b");
  EXPECT_EQ(EscapeForTerminal(std::string_view("\0", 1), 100), "\\x00");
}

TEST(EscapeForTerminal, CutsLongTextAndSaysHowMuch) {
  EXPECT_EQ(EscapeForTerminal(std::string(50, 'x'), 10),
            std::string(10, 'x') + "... (40 more bytes)");
  // The cut counts input bytes: an escape is never split.
  EXPECT_EQ(EscapeForTerminal("\x01\x02\x03", 2),
            "\\x01\\x02... (1 more bytes)");
}

}  // namespace
}  // namespace arbiter::conformance
