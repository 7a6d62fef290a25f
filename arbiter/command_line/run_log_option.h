// The run log (arbiter/common/run_log.h) of the commands that run games
// (`arbiter play`, `tournament`, `match`): their --log-level, and the log
// opened once the run holds its output.
#ifndef ARBITER_COMMAND_LINE_RUN_LOG_OPTION_H_
#define ARBITER_COMMAND_LINE_RUN_LOG_OPTION_H_

#include <CLI/CLI.hpp>
#include <filesystem>
#include <string>

namespace arbiter {

inline constexpr char kDefaultLogLevel[] = "info";

// Adds --log-level (trace, debug, info, warn, error, off) into `level`.
void AddLogLevelOption(CLI::App* cmd, std::string* level);

// Opens `file` as the run log of `arbiter COMMAND` at `level`, its header
// naming this process, and says where it is on stderr. A file that cannot
// be written stops the command: "arbiter COMMAND: FILE: cannot write the
// run log: why", exit status 2.
void OpenCommandLog(const std::string& command,
                    const std::filesystem::path& file,
                    const std::string& level);

}  // namespace arbiter

#endif  // ARBITER_COMMAND_LINE_RUN_LOG_OPTION_H_
