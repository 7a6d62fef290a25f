#include "arbiter/records/duplicates.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace arbiter::records {

Fingerprint FingerprintOf(std::string_view id, std::string_view text) {
  const XXH128_hash_t i = XXH3_128bits(id.data(), id.size());
  const XXH128_hash_t t = XXH3_128bits(text.data(), text.size());
  return {i.high64, i.low64, t.high64, t.low64};
}

DuplicateIds::Verdict DuplicateIds::Add(std::string_view id,
                                        std::string_view text,
                                        RecordPlace place) {
  const Fingerprint f = FingerprintOf(id, text);
  const auto [it, inserted] = first_.try_emplace(
      Key{f.id_high, f.id_low}, Entry{f.text_high, f.text_low, place});
  if (inserted) return {};
  const Entry& e = it->second;
  const bool same = e.text_high == f.text_high && e.text_low == f.text_low;
  return {same ? Seen::kCopy : Seen::kConflict, e.place};
}

}  // namespace arbiter::records
