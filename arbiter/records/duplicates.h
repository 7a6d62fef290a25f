// Duplicate game ids (docs/records.md, "Integrity"): one game id is one
// game. A second record with the same id and the same text is a copy (a
// shard merged twice, a file given twice): tools skip it. A different record
// under an id already seen is a conflict (a forged record, or runs that
// reused ids): every tool refuses it, naming both places.
#ifndef ARBITER_RECORDS_DUPLICATES_H_
#define ARBITER_RECORDS_DUPLICATES_H_

#include <cstdint>
#include <string_view>
#include <unordered_map>

namespace arbiter::records {

// 128-bit hashes (XXH3) of a record's id and of its whole text: equal ids
// and texts are told apart by these alone (a false match among a billion
// records has a chance near 2^-68).
struct Fingerprint {
  uint64_t id_high = 0, id_low = 0;
  uint64_t text_high = 0, text_low = 0;
};
Fingerprint FingerprintOf(std::string_view id, std::string_view text);

// Where a record is: a file (the caller's index) and its line.
struct RecordPlace {
  uint32_t file = 0;
  int64_t line = 0;
};

class DuplicateIds {
 public:
  enum class Seen { kNew, kCopy, kConflict };
  struct Verdict {
    Seen seen = Seen::kNew;
    RecordPlace first;  // the first record of this id (for kCopy, kConflict)
  };

  // Remembers the record; memory is about 64 bytes per game id.
  Verdict Add(std::string_view id, std::string_view text, RecordPlace place);
  size_t size() const { return first_.size(); }

 private:
  struct Key {
    uint64_t high, low;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const { return k.low; }
  };
  struct Entry {
    uint64_t text_high, text_low;
    RecordPlace place;
  };
  std::unordered_map<Key, Entry, KeyHash> first_;
};

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_DUPLICATES_H_
