#include "ratings/names.h"

#include <fmt/format.h>

namespace ratings {

std::expected<void, std::string> CheckName(std::string_view name) {
  if (name.empty()) return std::unexpected("is empty");
  const auto* s = reinterpret_cast<const unsigned char*>(name.data());
  const size_t n = name.size();
  for (size_t i = 0; i < n;) {
    const unsigned char c = s[i];
    if (c < 0x80) {
      if (c == 0) return std::unexpected("holds a NUL byte");
      if (c < 0x20 || c == 0x7f) {
        return std::unexpected(
            fmt::format("holds a control character (byte {:#04x})", c));
      }
      ++i;
      continue;
    }
    // UTF-8: the lead byte gives the length; no overlong forms, no
    // surrogates, nothing above U+10FFFF.
    size_t len = 0;
    uint32_t code = 0, min = 0;
    if ((c & 0xe0) == 0xc0) {
      len = 2, code = c & 0x1f, min = 0x80;
    } else if ((c & 0xf0) == 0xe0) {
      len = 3, code = c & 0x0f, min = 0x800;
    } else if ((c & 0xf8) == 0xf0) {
      len = 4, code = c & 0x07, min = 0x10000;
    }
    bool ok = len > 0 && i + len <= n;
    for (size_t k = 1; ok && k < len; ++k) {
      ok = (s[i + k] & 0xc0) == 0x80;
      code = code << 6 | (s[i + k] & 0x3f);
    }
    ok = ok && code >= min && code <= 0x10ffff &&
         !(code >= 0xd800 && code <= 0xdfff);
    if (!ok) {
      return std::unexpected(
          fmt::format("is not valid UTF-8 (at byte {})", i + 1));
    }
    if (code >= 0x80 && code < 0xa0) {
      return std::unexpected(
          fmt::format("holds a control character (U+{:04X})", code));
    }
    i += len;
  }
  return {};
}

std::expected<uint32_t, std::string> NameTable::Intern(std::string_view name) {
  if (const auto it = ids_.find(name); it != ids_.end()) return it->second;
  if (auto ok = CheckName(name); !ok) return std::unexpected(ok.error());
  const auto id = static_cast<uint32_t>(names_.size());
  names_.emplace_back(name);
  ids_.emplace(names_.back(), id);
  return id;
}

int64_t NameTable::Find(std::string_view name) const {
  const auto it = ids_.find(name);
  return it == ids_.end() ? -1 : static_cast<int64_t>(it->second);
}

}  // namespace ratings
