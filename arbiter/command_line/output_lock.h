// The lock every command that appends records holds on its output for its
// whole life (records/run_lock.h): a second run on the same output exits
// with status 2, naming the output and the run that holds it.
#ifndef ARBITER_COMMAND_LINE_OUTPUT_LOCK_H_
#define ARBITER_COMMAND_LINE_OUTPUT_LOCK_H_

#include <filesystem>
#include <string>

#include "arbiter/records/run_lock.h"

namespace arbiter {

// Locks `records`, the records file of the output given as `option` (e.g.
// "--out DIR", "-o FILE"), waiting for its holder to end when `wait`. On
// failure prints "arbiter COMMAND: --out DIR: in use by another run: pid
// ..." (or "arbiter COMMAND: --out: FILE: why") and throws
// CLI::RuntimeError: status 2 when another run holds it or it cannot be
// opened (a bad path), 1 when its file system refuses locks. A refusal is
// also noted in `run_log`, the run log of the output, if it exists.
records::RunLock LockOutput(const std::string& command,
                            const std::string& option,
                            const std::string& output,
                            const std::filesystem::path& records,
                            bool wait = false,
                            const std::filesystem::path& run_log = {});

}  // namespace arbiter

#endif  // ARBITER_COMMAND_LINE_OUTPUT_LOCK_H_
