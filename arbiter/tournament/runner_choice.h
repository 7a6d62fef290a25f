// THE place where bots meet match play, for every command that plays many
// games (`arbiter tournament`, `arbiter match`): `builtin:random` bots play
// in-process (no server, no processes); every other bot runs as a process
// through match play. One run uses one or the other.
#ifndef ARBITER_TOURNAMENT_RUNNER_CHOICE_H_
#define ARBITER_TOURNAMENT_RUNNER_CHOICE_H_

#include <expected>
#include <filesystem>
#include <memory>
#include <string>

#include "arbiter/game/game.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/runner.h"

namespace arbiter::tournament {

struct RunnerPlace {
  // Holds the records, the logs and the deal secret: no bot sees it.
  std::filesystem::path out_dir;
  // A secret given apart from out_dir ("": none); no bot sees it either.
  std::filesystem::path secret_file;
  int concurrency = 1;
};

struct ChosenRunner {
  std::unique_ptr<GameRunner> runner;
  // The sandbox's mode and what it does not guarantee here, for the
  // console (ProcessRunner::SandboxSummary, or that no bot process runs).
  std::string sandbox_summary;
};

// Bot processes start here (the arbiter becomes their child subreaper first,
// so that bots' own children never outlive it); an error names what could
// not start, or the bots that cannot play together.
std::expected<ChosenRunner, std::string> MakeGameRunner(
    const TournamentConfig& config,
    const std::shared_ptr<const game::Game>& game, const RunnerPlace& place);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_RUNNER_CHOICE_H_
