#include "arbiter/cli/command.h"

#include <vector>

namespace arbiter {
namespace {

// A function-local static: registration runs during static initialisation of
// the command files, whose order is unspecified.
std::vector<CommandAdder>& Adders() {
  static std::vector<CommandAdder> adders;
  return adders;
}

}  // namespace

bool RegisterCommand(CommandAdder adder) {
  Adders().push_back(std::move(adder));
  return true;
}

void AddRegisteredCommands(CLI::App& app) {
  for (const auto& add : Adders()) add(app);
}

}  // namespace arbiter
