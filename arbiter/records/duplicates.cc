#include "arbiter/records/duplicates.h"

#include <algorithm>
#include <array>
#include <bit>
#include <tuple>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace arbiter::records {
namespace {

bool Before(const RecordPlace& a, const RecordPlace& b) {
  return std::tie(a.file, a.line) < std::tie(b.file, b.line);
}

}  // namespace

Fingerprint FingerprintOf(std::string_view id, std::string_view text) {
  const XXH128_hash_t i = XXH3_128bits(id.data(), id.size());
  const XXH128_hash_t t = XXH3_128bits(text.data(), text.size());
  return {i.high64, i.low64, t.high64, t.low64};
}

uint64_t Hash64(std::string_view bytes) {
  return XXH3_64bits(bytes.data(), bytes.size());
}

std::vector<uint64_t> RepeatedHashes(std::span<uint64_t> hashes) {
  // In place, by the top byte (an American flag sort): 256 parts, so that
  // the places written to stay in cache.
  std::array<size_t, 257> start{};
  for (const uint64_t h : hashes) ++start[(h >> 56) + 1];
  for (size_t b = 0; b < 256; ++b) start[b + 1] += start[b];
  std::array<size_t, 256> next;
  std::copy(start.begin(), start.end() - 1, next.begin());
  for (size_t b = 0; b < 256; ++b) {
    while (next[b] < start[b + 1]) {
      uint64_t v = hashes[next[b]];
      for (size_t d = v >> 56; d != b; d = v >> 56) {
        std::swap(v, hashes[next[d]++]);
      }
      hashes[next[b]++] = v;
    }
  }
  // Each part through an open-addressing table of twice its size, indexed
  // by the low bits; 0 marks an empty slot, so a hash of 0 is counted apart.
  std::vector<uint64_t> repeated;
  std::vector<uint64_t> table;
  size_t zeros = 0;
  for (size_t b = 0; b < 256; ++b) {
    const std::span<uint64_t> part =
        hashes.subspan(start[b], start[b + 1] - start[b]);
    if (part.size() < 2) {
      zeros += !part.empty() && part[0] == 0;
      continue;
    }
    const size_t size = std::bit_ceil(2 * part.size());
    table.assign(size, 0);
    const size_t mask = size - 1;
    for (const uint64_t h : part) {
      if (h == 0) {
        ++zeros;
        continue;
      }
      size_t i = size_t(h) & mask;
      while (table[i] != 0 && table[i] != h) i = (i + 1) & mask;
      if (table[i] == h) {
        repeated.push_back(h);
      } else {
        table[i] = h;
      }
    }
  }
  if (zeros > 1) repeated.push_back(0);
  std::sort(repeated.begin(), repeated.end());
  repeated.erase(std::unique(repeated.begin(), repeated.end()), repeated.end());
  return repeated;
}

DuplicateIds::Verdict DuplicateIds::Add(std::string_view id,
                                        std::string_view text,
                                        RecordPlace place) {
  if (4 * (size_ + 1) > 3 * slots_.size()) Grow();
  uint64_t h = XXH3_64bits(id.data(), id.size());
  if (h == 0) h = 1;
  const uint64_t t = XXH3_64bits(text.data(), text.size());
  const size_t mask = slots_.size() - 1;
  for (size_t i = size_t(h) & mask;; i = (i + 1) & mask) {
    Slot& slot = slots_[i];
    if (slot.id == 0) {
      slot = {h, t};
      if (keep_places_) places_[i] = place;
      ++size_;
      return {};
    }
    if (slot.id == h) {
      Verdict v{slot.text == t ? Seen::kCopy : Seen::kConflict, std::nullopt};
      if (keep_places_) v.first = places_[i];
      return v;
    }
  }
}

void DuplicateIds::Grow() {
  std::vector<Slot> old = std::move(slots_);
  std::vector<RecordPlace> old_places = std::move(places_);
  const size_t capacity = std::max<size_t>(1024, old.size() * 2);
  slots_.assign(capacity, Slot{});
  if (keep_places_) places_.assign(capacity, RecordPlace{});
  const size_t mask = capacity - 1;
  for (size_t k = 0; k < old.size(); ++k) {
    if (old[k].id == 0) continue;
    size_t i = size_t(old[k].id) & mask;
    while (slots_[i].id != 0) i = (i + 1) & mask;
    slots_[i] = old[k];
    if (keep_places_) places_[i] = old_places[k];
  }
}

bool CopyFinder::ById::operator()(const Entry& a, const Entry& b) const {
  return std::tie(a.f.id_high, a.f.id_low, a.file, a.line) <
         std::tie(b.f.id_high, b.f.id_low, b.file, b.line);
}

bool CopyFinder::ByPlace::operator()(const Repeat& a, const Repeat& b) const {
  return Before(a.place, b.place);
}

CopyFinder::CopyFinder(size_t max_in_memory, std::filesystem::path temp_dir)
    : by_id_(max_in_memory, temp_dir), copies_(max_in_memory, temp_dir) {}

std::expected<void, std::string> CopyFinder::Add(std::string_view id,
                                                 std::string_view text,
                                                 RecordPlace place,
                                                 uint32_t tag) {
  return by_id_.Add({.f = FingerprintOf(id, text),
                     .file = place.file,
                     .tag = tag,
                     .line = place.line});
}

std::expected<std::vector<CopyFinder::Repeat>, std::string> CopyFinder::Finish(
    size_t max_conflicts, const std::function<void(const Repeat&)>& copy) {
  if (auto ok = by_id_.Finish(); !ok) return std::unexpected(ok.error());
  // The conflicts kept: a max-heap by place of the first ones so far.
  std::vector<Repeat> conflicts;
  auto later = [](const Repeat& a, const Repeat& b) {
    return Before(a.place, b.place);
  };
  Entry first{}, entry{};
  bool have_first = false;
  for (;;) {
    auto more = by_id_.Next(&entry);
    if (!more) return std::unexpected(more.error());
    if (!*more) break;
    if (!have_first || entry.f.id_high != first.f.id_high ||
        entry.f.id_low != first.f.id_low) {
      first = entry;
      have_first = true;
      continue;
    }
    const Repeat repeat{.place = {entry.file, entry.line},
                        .first = {first.file, first.line},
                        .tag = entry.tag};
    if (entry.f.text_high == first.f.text_high &&
        entry.f.text_low == first.f.text_low) {
      if (copy) copy(repeat);
      if (auto ok = copies_.Add(repeat); !ok)
        return std::unexpected(ok.error());
    } else if (max_conflicts > 0) {
      conflicts.push_back(repeat);
      std::push_heap(conflicts.begin(), conflicts.end(), later);
      if (conflicts.size() > max_conflicts) {
        std::pop_heap(conflicts.begin(), conflicts.end(), later);
        conflicts.pop_back();
      }
    }
  }
  std::sort_heap(conflicts.begin(), conflicts.end(), later);
  if (auto ok = copies_.Finish(); !ok) return std::unexpected(ok.error());
  return conflicts;
}

}  // namespace arbiter::records
