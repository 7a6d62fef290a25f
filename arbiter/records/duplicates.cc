#include "arbiter/records/duplicates.h"

#include <algorithm>

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
