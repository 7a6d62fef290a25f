#include "arbiter/tournament/placement.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "arbiter/common/plural.h"
#include "arbiter/process/affinity.h"

namespace arbiter::tournament {

int Concurrency(int option, int configured) {
  if (option > 0) return option;
  if (configured > 0) return configured;
  return std::max(1, int(AllowedCpus().size()));
}

std::vector<int> GameCpus(bool affinity, int slots) {
  if (!affinity || slots < 1) return {};
  std::vector<int> cpus = AllowedCpus();
  if (int(cpus.size()) < slots) return {};
  cpus.resize(slots);
  return cpus;
}

std::string PlacementText(bool affinity, int slots) {
  const std::string games =
      slots == 1 ? "1 game at a time" : Count(slots, "game") + " at once";
  const std::vector<int> cpus = GameCpus(affinity, slots);
  if (!cpus.empty()) {
    return fmt::format("{}, each game and its bots on a CPU of its own ({} {})",
                       games, cpus.size() == 1 ? "CPU" : "CPUs",
                       fmt::join(cpus, ", "));
  }
  if (!affinity) return games + ", placed by the kernel (affinity off)";
  return fmt::format(
      "{}, placed by the kernel (more games than the {} this run may use)",
      games, Count(int64_t(AllowedCpus().size()), "CPU"));
}

}  // namespace arbiter::tournament
