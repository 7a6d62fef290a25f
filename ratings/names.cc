#include "ratings/names.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

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

size_t NameTable::Probe(std::string_view name, uint64_t hash) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = size_t(hash) & mask;; i = (i + 1) & mask) {
    const Slot& slot = slots_[i];
    if (slot.id == kEmpty || (slot.hash == hash && names_[slot.id] == name)) {
      return i;
    }
  }
}

void NameTable::Grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(std::max<size_t>(64, 2 * old.size()), Slot{});
  const size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.id == kEmpty) continue;
    size_t i = size_t(slot.hash) & mask;
    while (slots_[i].id != kEmpty) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

std::expected<uint32_t, std::string> NameTable::Intern(std::string_view name) {
  if (2 * (names_.size() + 1) > slots_.size()) Grow();
  const uint64_t hash = std::hash<std::string_view>{}(name);
  const size_t i = Probe(name, hash);
  if (slots_[i].id != kEmpty) return slots_[i].id;
  if (auto ok = CheckName(name); !ok) return std::unexpected(ok.error());
  const auto id = static_cast<uint32_t>(names_.size());
  names_.emplace_back(name);
  slots_[i] = {hash, id};
  return id;
}

int64_t NameTable::Find(std::string_view name) const {
  if (slots_.empty()) return -1;
  const Slot& slot = slots_[Probe(name, std::hash<std::string_view>{}(name))];
  return slot.id == kEmpty ? -1 : static_cast<int64_t>(slot.id);
}

}  // namespace ratings
