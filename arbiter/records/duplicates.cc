#include "arbiter/records/duplicates.h"

#include <algorithm>
#include <array>
#include <bit>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace arbiter::records {

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

}  // namespace arbiter::records
