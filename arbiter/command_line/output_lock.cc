#include "arbiter/command_line/output_lock.h"

#include <CLI/CLI.hpp>
#include <cstdio>

#include "arbiter/command_line/usage.h"

namespace arbiter {

records::RunLock LockOutput(const std::string& command,
                            const std::string& option,
                            const std::string& output,
                            const std::filesystem::path& records, bool wait) {
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
    std::fprintf(stderr, "%s%s\n",
                 kind == records::LockError::Kind::kBusy
                     ? busy.c_str()
                     : (prefix + ": ").c_str(),
                 lock.error().message.c_str());
    throw CLI::RuntimeError(
        kind == records::LockError::Kind::kNoLock ? kExitFailed : kExitUsage);
  }
  return std::move(*lock);
}

}  // namespace arbiter
