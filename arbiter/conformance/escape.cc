#include "arbiter/conformance/escape.h"

#include <cstdio>

namespace arbiter::conformance {

std::string EscapeForTerminal(std::string_view text, size_t max_bytes) {
  const std::string_view kept = text.substr(0, max_bytes);
  std::string out;
  out.reserve(kept.size());
  for (const char c : kept) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte >= 0x7f) {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", byte);
      out += hex;
    } else {
      out += c;
    }
  }
  if (kept.size() < text.size()) {
    out += "... (" + std::to_string(text.size() - kept.size()) + " more bytes)";
  }
  return out;
}

}  // namespace arbiter::conformance
