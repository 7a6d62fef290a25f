#include "arbiter/command_line/run_output.h"

#include <system_error>

#include "arbiter/common/run_log.h"

namespace arbiter {
namespace fs = std::filesystem;

void RunOutput::Watch(const fs::path& dir, const std::string& prefix) {
  Place place{.dir = dir.empty() ? "." : dir, .prefix = prefix};
  std::error_code ec;
  // The outermost of dir and its parents that does not exist yet.
  for (fs::path p = fs::absolute(place.dir, ec).lexically_normal();
       !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
    place.made = p;
    if (p == p.parent_path()) break;
  }
  if (place.made.empty()) {
    for (const auto& entry : fs::directory_iterator(place.dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.starts_with(prefix)) place.names.insert(name);
    }
  }
  places_.push_back(std::move(place));
}

void RunOutput::Hold(records::RunLock lock, fs::path records) {
  lock_.emplace(std::move(lock));
  records_ = std::move(records);
}

void RunOutput::Undo() {
  std::error_code ec;
  if (lock_ && fs::file_size(records_, ec) > 0 && !ec) return;
  CloseRunLog();
  for (const Place& place : places_) UndoPlace(place);
  places_.clear();
}

void RunOutput::UndoPlace(const Place& place) const {
  std::error_code ec;
  if (!place.made.empty()) {
    const fs::path dir = fs::absolute(place.dir, ec).lexically_normal();
    if (lock_) fs::remove_all(dir, ec);
    // Each folder the run made, from the innermost out, while empty: one
    // that is not holds another's files.
    for (fs::path p = dir;; p = p.parent_path()) {
      if (fs::exists(p, ec) && !fs::remove(p, ec)) break;
      if (p == place.made || p == p.parent_path()) break;
    }
    return;
  }
  if (!lock_) return;
  std::vector<fs::path> made;
  for (const auto& entry : fs::directory_iterator(place.dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(place.prefix) && !place.names.contains(name)) {
      made.push_back(entry.path());
    }
  }
  for (const fs::path& path : made) fs::remove_all(path, ec);
}

}  // namespace arbiter
