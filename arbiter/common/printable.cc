#include "arbiter/common/printable.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

namespace arbiter {
namespace {

struct Char {
  int32_t code = -1;  // -1: the byte at the start is not valid UTF-8
  size_t size = 1;
};

// The character that starts at `i` (strict UTF-8: no overlong forms, no
// surrogates, nothing above U+10FFFF).
Char Decode(std::string_view s, size_t i) {
  const auto byte = [&](size_t k) { return uint8_t(s[i + k]); };
  const uint8_t b = byte(0);
  if (b < 0x80) return {b, 1};
  size_t size = 0;
  uint8_t low = 0x80, high = 0xbf;  // the second byte's range
  if (b >= 0xc2 && b <= 0xdf) {
    size = 2;
  } else if (b >= 0xe0 && b <= 0xef) {
    size = 3;
    if (b == 0xe0) low = 0xa0;
    if (b == 0xed) high = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    size = 4;
    if (b == 0xf0) low = 0x90;
    if (b == 0xf4) high = 0x8f;
  } else {
    return {};
  }
  if (i + size > s.size()) return {};
  if (byte(1) < low || byte(1) > high) return {};
  int32_t code = b & (0xff >> (size + 1));
  for (size_t k = 1; k < size; ++k) {
    if (k > 1 && (byte(k) & 0xc0) != 0x80) return {};
    code = code << 6 | (byte(k) & 0x3f);
  }
  return {code, size};
}

// A character that acts on a terminal, or reorders text, rather than shows.
bool IsControl(int32_t c) {
  return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x061c || c == 0x200e ||
         c == 0x200f || (c >= 0x2028 && c <= 0x202e) ||
         (c >= 0x2066 && c <= 0x2069);
}

constexpr std::string_view kReplacement = "\xef\xbf\xbd";  // U+FFFD

}  // namespace

std::string TerminalSafe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const Char c = Decode(text, i);
    if (c.code < 0) {
      out += fmt::format("\\x{:02x}", uint8_t(text[i]));
    } else if (!IsControl(c.code)) {
      out.append(text, i, c.size);
    } else if (c.code == '\n') {
      out += "\\n";
    } else if (c.code == '\r') {
      out += "\\r";
    } else if (c.code == '\t') {
      out += "\\t";
    } else if (c.code < 0x80) {
      out += fmt::format("\\x{:02x}", c.code);
    } else {
      out += fmt::format("\\u{:04x}", c.code);
    }
    i += c.size;
  }
  return out;
}

Printable KeepPrintable(std::string_view text, size_t max_bytes) {
  Printable out;
  out.text.reserve(std::min(text.size(), max_bytes));
  for (size_t i = 0; i < text.size();) {
    const Char c = Decode(text, i);
    const bool bad = c.code < 0 || IsControl(c.code);
    const std::string_view piece = bad ? kReplacement : text.substr(i, c.size);
    if (out.text.size() + piece.size() > max_bytes) {
      out.cut = true;
      break;
    }
    out.text += piece;
    out.replaced |= bad;
    i += c.size;
  }
  return out;
}

}  // namespace arbiter
