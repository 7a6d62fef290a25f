// Where a tournament's games run: how many at once, and on which CPUs.
#ifndef ARBITER_TOURNAMENT_PLACEMENT_H_
#define ARBITER_TOURNAMENT_PLACEMENT_H_

#include <string>
#include <vector>

namespace arbiter::tournament {

// The games played at once: `option` (a command line's --concurrency) when
// positive, else `configured` when positive, else one per CPU the arbiter
// may use.
int Concurrency(int option, int configured);

// One CPU per game slot, when `affinity` is on and the slots are no more
// than the CPUs the arbiter may use: slot i plays its games on the i-th of
// those CPUs, and its bots run there too (arbiter/process/affinity.h).
// Empty, and nothing pinned, otherwise: with more slots than CPUs, the
// kernel places games better than a fixed share would.
std::vector<int> GameCpus(bool affinity, int slots);

// How a run places its `slots` games at once, for its start line: "2 games
// at once, each game and its bots on a CPU of its own (CPUs 0, 1)", or
// placed by the kernel, saying why.
std::string PlacementText(bool affinity, int slots);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_PLACEMENT_H_
