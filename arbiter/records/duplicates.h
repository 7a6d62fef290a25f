// Duplicate game ids (docs/records.md, "Integrity"): one game id is one
// game. A second record with the same id and the same text is a copy (a
// shard merged twice, a file given twice): tools skip it. A different record
// under an id already seen is a conflict (a forged record, or runs that
// reused ids): every tool refuses it, naming both places.
#ifndef ARBITER_RECORDS_DUPLICATES_H_
#define ARBITER_RECORDS_DUPLICATES_H_

#include <cstdint>
#include <expected>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/records/external_sort.h"

namespace arbiter::records {

// 128-bit hashes (XXH3) of a record's id and of its whole text: equal ids
// and texts are told apart by these alone (a false match among a billion
// records has a chance near 2^-68).
struct Fingerprint {
  uint64_t id_high = 0, id_low = 0;
  uint64_t text_high = 0, text_low = 0;
};
Fingerprint FingerprintOf(std::string_view id, std::string_view text);

// 64-bit hashes (XXH3) of an id and of a text, for a cheap first look.
uint64_t Hash64(std::string_view bytes);

// The values that appear more than once in `hashes` (64-bit hashes such as
// Hash64's, whose bits are uniform), each once, in no particular order.
// Reorders `hashes`. For callers that keep one hash a record and check once
// at the end: a partition on the top byte, then a small table per part that
// stays in cache, several times faster than a sort (no comparisons to
// mispredict) and with no memory beyond the hashes.
std::vector<uint64_t> RepeatedHashes(std::span<uint64_t> hashes);

// Where a record is: a file (the caller's index) and its line.
struct RecordPlace {
  uint32_t file = 0;
  int64_t line = 0;
};

// A flat hash table of 64-bit hashes of ids and texts (16 bytes a game, or
// 32 with the places kept): fast enough to check a million records read in
// well under a second. Two different ids with one 64-bit hash are unlikely
// (a chance near 3e-8 among a million ids) but would read as a conflict:
// callers that must never refuse a good file on that chance check a
// conflict against the ids themselves.
class DuplicateIds {
 public:
  enum class Seen { kNew, kCopy, kConflict };
  struct Verdict {
    Seen seen = Seen::kNew;
    // The first record of this id (for kCopy, kConflict), when places are
    // kept.
    std::optional<RecordPlace> first;
  };

  explicit DuplicateIds(bool keep_places = true) : keep_places_(keep_places) {}

  Verdict Add(std::string_view id, std::string_view text, RecordPlace place);
  size_t size() const { return size_; }

 private:
  struct Slot {
    uint64_t id = 0;  // 0: empty (a hash of 0 is stored as 1)
    uint64_t text = 0;
  };
  void Grow();

  bool keep_places_;
  std::vector<Slot> slots_;
  std::vector<RecordPlace> places_;  // parallel to slots_, when kept
  size_t size_ = 0;
};

// The copies and conflicts among any number of records, exactly and in
// bounded memory (`arbiter merge`, the report's first pass): a fingerprint
// of every record (its id and its text, 128 bits each) is sorted by id in
// runs on disk (external_sort.h), then read back in id order, where each
// record after the first of its id is a copy (the same text) or a conflict.
class CopyFinder {
 public:
  // A record that repeats a game id: where it is, where the id's first
  // record is, and the tag the record was added with.
  struct Repeat {
    RecordPlace place, first;
    uint32_t tag = 0;
  };

  // At most `max_in_memory` fingerprints (48 bytes each) are held at once;
  // more go to sorted runs in `temp_dir` (removed when closed).
  CopyFinder(size_t max_in_memory, std::filesystem::path temp_dir);

  // Every record, in reading order.
  std::expected<void, std::string> Add(std::string_view id,
                                       std::string_view text, RecordPlace place,
                                       uint32_t tag = 0);
  // Once, after the last Add: the first `max_conflicts` conflicts in
  // reading order (of the later record). `copy` sees every copy, in no
  // particular order.
  std::expected<std::vector<Repeat>, std::string> Finish(
      size_t max_conflicts,
      const std::function<void(const Repeat&)>& copy = nullptr);
  // After Finish: the copies in reading order; false after the last.
  std::expected<bool, std::string> NextCopy(Repeat* copy) {
    return copies_.Next(copy);
  }

 private:
  struct Entry {
    Fingerprint f;
    uint32_t file = 0, tag = 0;
    int64_t line = 0;
  };
  struct ById {
    bool operator()(const Entry& a, const Entry& b) const;
  };
  struct ByPlace {
    bool operator()(const Repeat& a, const Repeat& b) const;
  };
  ExternalSorter<Entry, ById> by_id_;
  ExternalSorter<Repeat, ByPlace> copies_;
};

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_DUPLICATES_H_
