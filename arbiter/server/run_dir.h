// The private directory of one arbiter run: its sockets (the shared one for
// bots that connect by themselves, one per spawned bot) live in
// $TMPDIR/arbiter-XXXXXX, made 0700 (only this user, or a bot's own user
// for its seat's directory, can reach a socket in it). An `owner` file holds
// the arbiter's pid and start time, so that a later run can tell the
// directories of arbiters that are gone (killed with SIGKILL) and remove
// them.
#ifndef ARBITER_SERVER_RUN_DIR_H_
#define ARBITER_SERVER_RUN_DIR_H_

#include <expected>
#include <string>
#include <vector>

namespace arbiter {

// Makes this run's directory, after removing the stale directories of
// earlier runs (owned by this user) in the same parent.
std::expected<std::string, std::string> CreateRunDir();

// Removes every arbiter-* directory (and zetema-*, the name older versions
// used) in `parent` owned by this user whose
// owner file names a process that no longer runs (or another process with
// the same pid). Returns the paths removed.
std::vector<std::string> RemoveStaleRunDirs(const std::string& parent);

// $TMPDIR, or /tmp.
std::string TempParent();

}  // namespace arbiter

#endif  // ARBITER_SERVER_RUN_DIR_H_
