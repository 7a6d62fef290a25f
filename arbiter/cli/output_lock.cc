#include "arbiter/cli/output_lock.h"

#include <CLI/CLI.hpp>
#include <cstdio>

#include "arbiter/cli/command.h"

namespace arbiter {

records::RunLock LockOutput(const std::string& command,
                            const std::string& output,
                            const std::filesystem::path& records, bool wait) {
  const std::string prefix = "arbiter " + command + ": " + output + ": ";
  auto lock = records::RunLock::Acquire(
      records, {.wait = wait, .on_wait = [&](const std::string& message) {
                  std::fprintf(stderr, "%s%s; waiting for it to end\n",
                               prefix.c_str(), message.c_str());
                }});
  if (!lock) {
    std::fprintf(stderr, "%s%s\n", prefix.c_str(),
                 lock.error().message.c_str());
    throw CLI::RuntimeError(
        lock.error().kind == records::LockError::Kind::kNoLock ? kExitFailed
                                                               : kExitUsage);
  }
  return std::move(*lock);
}

}  // namespace arbiter
