// The process-level entry points: options, error report, exit status.
#include <cstdio>

#include "zetema_bot/bot.h"

namespace zetema_bot {
namespace {

int Report(const BotInfo& info, const Error& error) {
  const std::string name = info.name.empty() ? "bot" : info.name;
  std::fprintf(stderr, "%s: %s error: %s\n", name.c_str(),
               std::string(ErrorCodeName(error.code)).c_str(),
               error.message.c_str());
  return ExitCode(error.code);
}

}  // namespace

int Run(const Options& options, Callback callback, BotInfo info, Hooks hooks) {
  if (options.help) {
    std::fputs(Usage(info.name.empty() ? "bot" : info.name).c_str(), stdout);
    return 0;
  }
  if (!options.args.empty()) {
    return Report(
        info, {ErrorCode::kUsage,
               "unknown argument '" + options.args.front() + "' (see --help)"});
  }
  const auto summary = RunSession(options, info, callback, hooks);
  if (!summary) return Report(info, summary.error());
  return 0;
}

int Run(int argc, char** argv, Callback callback, BotInfo info, Hooks hooks) {
  auto options = ParseOptions(argc, argv);
  if (!options) return Report(info, options.error());
  return Run(*options, std::move(callback), std::move(info), std::move(hooks));
}

}  // namespace zetema_bot
