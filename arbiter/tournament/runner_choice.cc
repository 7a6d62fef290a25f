#include "arbiter/tournament/runner_choice.h"

#include <fmt/format.h>

#include <vector>

#include "arbiter/process/bot_process.h"
#include "arbiter/tournament/builtin_runner.h"
#include "arbiter/tournament/process_runner.h"

namespace arbiter::tournament {

std::expected<ChosenRunner, std::string> MakeGameRunner(
    const TournamentConfig& config,
    const std::shared_ptr<const game::Game>& game, const RunnerPlace& place) {
  int builtin = 0;
  for (const auto& bot : config.bots) {
    builtin += bot.command == kBuiltinRandom ? 1 : 0;
  }
  if (builtin == int(config.bots.size())) {
    return ChosenRunner{std::make_unique<BuiltinRandomRunner>(config, game),
                        "no sandbox: builtin bots play inside the arbiter, "
                        "no bot process runs"};
  }
  if (builtin > 0) {
    return std::unexpected(fmt::format(
        "bots: \"{}\" bots cannot play bot processes; use a random bot "
        "process instead (e.g. sample-bots/random)",
        kBuiltinRandom));
  }
  BecomeChildSubreaper();  // bots' own children never outlive the arbiter
  // The output directory exists before any bot starts, so that every
  // sandbox covers it: bots never see records, logs or the deal secret (nor
  // a secret given apart, wherever it is).
  std::error_code ec;
  std::filesystem::create_directories(place.out_dir, ec);
  std::vector<std::string> hidden = {
      std::filesystem::absolute(place.out_dir).lexically_normal()};
  if (!place.secret_file.empty()) {
    hidden.push_back(
        std::filesystem::absolute(place.secret_file).lexically_normal());
  }
  auto runner = ProcessRunner::Start(config, game,
                                     {.log_dir = place.out_dir / "logs",
                                      .hidden = hidden,
                                      .concurrency = place.concurrency});
  if (!runner) return std::unexpected(runner.error());
  std::string summary = (*runner)->SandboxSummary();
  return ChosenRunner{std::move(*runner), std::move(summary)};
}

}  // namespace arbiter::tournament
