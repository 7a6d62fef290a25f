#include "arbiter/command_line/output_lock.h"

#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>

#include "arbiter/command_line/usage.h"
#include "arbiter/common/run_log.h"

namespace arbiter {

records::RunLock LockOutput(const std::string& command,
                            const std::string& option,
                            const std::string& output,
                            const std::filesystem::path& records, bool wait,
                            const std::filesystem::path& run_log) {
  // "--out DIR: in use ...", but "--out: FILE: cannot open: ..." (the
  // message names its file).
  const std::string prefix = "arbiter " + command + ": " + option;
  const std::string busy = prefix + " " + output + ": ";
  auto lock = records::RunLock::Acquire(
      records, {.wait = wait, .on_wait = [&](const std::string& message) {
                  std::fprintf(stderr, "%s%s; waiting for it to end\n",
                               busy.c_str(), message.c_str());
                }});
  if (!lock) {
    const auto kind = lock.error().kind;
    const std::string message =
        (kind == records::LockError::Kind::kBusy ? busy : prefix + ": ") +
        lock.error().message;
    std::fprintf(stderr, "%s\n", message.c_str());
    // The holder's log says that another run came and was refused.
    if (!run_log.empty()) {
      NoteInExistingLog(run_log,
                        fmt::format("another run (pid {}) was refused: {}",
                                    ::getpid(), message));
    }
    throw CLI::RuntimeError(
        kind == records::LockError::Kind::kNoLock ? kExitFailed : kExitUsage);
  }
  return std::move(*lock);
}

}  // namespace arbiter
