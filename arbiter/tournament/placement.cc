#include "arbiter/tournament/placement.h"

#include <algorithm>

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

}  // namespace arbiter::tournament
