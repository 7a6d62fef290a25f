// `arbiter rules run FILE.toml...`: the scenario runner (docs/scenarios.md).
// `arbiter rules show [--game GAME] NAME|FILE`: a ruleset with every knob,
// as TOML.
#include <iostream>

#include "arbiter/cli/command.h"
#include "arbiter/game/registry.h"
#include "arbiter/scenario/scenario.h"

namespace arbiter {
namespace {

// Exit codes: 1 when an expectation does not hold or an action is refused,
// 2 when a file cannot be read or is malformed.
int RunScenarios(const std::vector<std::string>& files, bool quiet) {
  int code = 0;
  for (const std::string& file : files) {
    const auto result = RunScenarioFile(file);
    if (!result) {
      std::cerr << "error: " << result.error() << "\n";
      code = 2;
      continue;
    }
    if (!quiet) std::cout << result->final_state.dump(2) << "\n";
    for (const std::string& failure : result->failures) {
      std::cerr << file << ": FAIL " << failure << "\n";
    }
    if (!result->failures.empty() && code == 0) code = 1;
  }
  return code;
}

void AddRulesCommand(CLI::App& app) {
  CLI::App* rules =
      app.add_subcommand("rules", "Rules of the games: scenarios, rulesets");
  rules->require_subcommand(1);

  CLI::App* run = rules->add_subcommand(
      "run", "Play scripted games from TOML scenario files and check [expect]");
  static std::vector<std::string> files;
  static bool quiet = false;
  run->add_option("FILE", files, "scenario files")
      ->required()
      ->check(CLI::ExistingFile);
  run->add_flag("-q,--quiet", quiet,
                "print failures only, not the final state");
  run->callback([] {
    if (const int code = RunScenarios(files, quiet); code != 0) {
      throw CLI::RuntimeError(code);
    }
  });

  CLI::App* show = rules->add_subcommand(
      "show", "Print a preset or ruleset file with every knob, as TOML");
  static std::string name;
  static std::string game_name(game::DefaultGame().Name());
  show->add_option("RULESET", name, "preset name or ruleset file")->required();
  show->add_option("--game", game_name, "the game")->capture_default_str();
  show->callback([] {
    const auto loaded = game::LoadGame(game_name, name);
    if (!loaded) {
      std::cerr << "arbiter rules show: " << loaded.error() << "\n";
      throw CLI::RuntimeError(kExitUsage);
    }
    std::cout << (*loaded)->RulesetToml();
  });
}

const bool kRegistered = RegisterCommand(AddRulesCommand);

}  // namespace
}  // namespace arbiter
