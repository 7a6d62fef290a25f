// What a run makes in its output before it records anything, undone when
// the run is refused (a bad config or bot, its output locked by another
// run): a refused run leaves its output as it found it, never an empty
// folder behind.
//
//   RunOutput output;
//   output.Watch(dir);                 // before anything is made there
//   ... create dir, lock its records ...
//   output.Hold(std::move(lock), records);
//   ... on a refusal: output.Undo(); ...
//
// Only what appeared since Watch is removed, and only while the run holds
// its lock (without it, the folders the run made, when empty): what
// another run makes meanwhile is never touched. Nothing is undone once
// the records file holds a record.
#ifndef ARBITER_COMMAND_LINE_RUN_OUTPUT_H_
#define ARBITER_COMMAND_LINE_RUN_OUTPUT_H_

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "arbiter/records/run_lock.h"

namespace arbiter {

class RunOutput {
 public:
  // Notes what `dir` holds now, of the entries whose names start with
  // `prefix` (`play`'s files beside its records: "games.jsonl" and
  // "games.jsonl.logs"...), or which of its folders do not exist yet.
  void Watch(const std::filesystem::path& dir, const std::string& prefix = "");
  // The run's lock on `records`, held until this is destroyed.
  void Hold(records::RunLock lock, std::filesystem::path records);
  // Removes what appeared in the watched places since Watch (see above),
  // the run log among them: it is closed first.
  void Undo();

 private:
  struct Place {
    std::filesystem::path dir;
    std::string prefix;
    std::filesystem::path made;  // the outermost folder Watch did not find
    std::set<std::string> names;
  };
  void UndoPlace(const Place& place) const;

  std::vector<Place> places_;
  std::optional<records::RunLock> lock_;
  std::filesystem::path records_;
};

}  // namespace arbiter

#endif  // ARBITER_COMMAND_LINE_RUN_OUTPUT_H_
