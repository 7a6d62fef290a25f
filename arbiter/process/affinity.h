// CPU affinity: a game's thread and its bots on one CPU.
//
// A decision is a round trip between the arbiter's game thread and a bot.
// When the two run on different CPUs, every hand-over wakes a sleeping CPU
// with an inter-processor interrupt, which on a virtual machine costs about
// as much as the whole round trip; on one CPU the hand-over is a plain
// context switch (docs/performance.md, "Fourth profile").
#ifndef ARBITER_PROCESS_AFFINITY_H_
#define ARBITER_PROCESS_AFFINITY_H_

#include <vector>

namespace arbiter {

// The CPUs the calling thread may run on, in increasing order (a Slurm
// allocation or `taskset` narrows them).
std::vector<int> AllowedCpus();

// Keeps the calling thread on `cpu`; false when the kernel refuses.
bool PinThisThread(int cpu);

// The only CPU the calling thread may run on, or -1 when it may run on
// several.
int PinnedCpu();

// Moves every thread of the processes `pids` to `cpu`, or back to the
// calling thread's process's CPUs (AllowedCpus of the main thread) when
// `cpu` is -1. What the kernel refuses, or a process that ended, is left
// as it is: placement is a matter of speed, not a limit.
void MoveProcesses(const std::vector<int>& pids, int cpu);

}  // namespace arbiter

#endif  // ARBITER_PROCESS_AFFINITY_H_
