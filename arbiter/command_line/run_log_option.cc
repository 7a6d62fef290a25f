#include "arbiter/command_line/run_log_option.h"

#include <cstdio>

#include "arbiter/command_line/usage.h"
#include "arbiter/common/run_log.h"

namespace arbiter {

void AddLogLevelOption(CLI::App* cmd, std::string* level) {
  cmd->add_option("--log-level", *level,
                  "what the arbiter's own log of the run (arbiter.log) "
                  "holds: trace, debug (every game), info (bots started, "
                  "restarted and stopped, the sandbox, resume), warn "
                  "(faults), error, or off (no file)")
      ->check(CLI::IsMember(LogLevelNames()));
}

void OpenCommandLog(const std::string& command,
                    const std::filesystem::path& file,
                    const std::string& level) {
  auto parsed = ParseLogLevel(level);
  if (parsed && *parsed == spdlog::level::off) return;
  auto opened = parsed ? OpenRunLog(file, *parsed, RunLogHeader(command))
                       : std::unexpected("--log-level: " + parsed.error());
  if (!opened) {
    std::fprintf(stderr, "arbiter %s: %s\n", command.c_str(),
                 opened.error().c_str());
    throw CLI::RuntimeError(kExitUsage);
  }
  std::fprintf(stderr, "arbiter %s: run log %s (level %s)\n", command.c_str(),
               file.c_str(), level.c_str());
}

}  // namespace arbiter
