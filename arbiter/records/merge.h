// Merging record files (the shards of a tournament, or any files): every
// game once, in input order. Streams in two passes over the inputs, with
// memory bounded whatever the number of games (fingerprints are sorted in
// bounded runs on disk: external_sort.h). Idempotent: a copy of a record
// already taken (a shard merged twice, the output merged again) is skipped,
// so merging the result with any of its inputs gives the same records. Two
// different records under one game id are refused before anything is
// written: the merge cannot know which one is the game.
#ifndef ARBITER_RECORDS_MERGE_H_
#define ARBITER_RECORDS_MERGE_H_

#include <cstdint>
#include <expected>
#include <filesystem>
#include <string>
#include <vector>

#include "arbiter/records/record_writer.h"

namespace arbiter::records {

struct MergeOptions {
  // Fingerprints held in memory at once (48 bytes each).
  size_t max_in_memory = size_t{1} << 19;
  // Where sorted runs go when there are more (empty: the system's temporary
  // directory).
  std::filesystem::path temp_dir;
  size_t max_notes = 50;  // skipped records listed one by one
};

struct MergeReport {
  int64_t written = 0;
  int64_t copies = 0;  // identical records of a game id already taken
  int64_t torn = 0;
  int64_t malformed = 0;
  // "FILE:LINE: skipped, ..." for the first max_notes skipped records.
  std::vector<std::string> notes;
  // Game ids with different records, each naming two places; when not
  // empty, nothing was written.
  std::vector<std::string> conflicts;
};

// Reads every input (JSON lines or zstd) and appends each game's first
// record to `out`, then syncs it. An error (an unreadable input, a failed
// write) names the file.
std::expected<MergeReport, std::string> MergeRecordFiles(
    const std::vector<std::filesystem::path>& inputs, RecordWriter& out,
    const MergeOptions& options = {});

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_MERGE_H_
