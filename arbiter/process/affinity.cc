#include "arbiter/process/affinity.h"

#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace arbiter {

std::vector<int> AllowedCpus() {
  std::vector<int> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  }
  return cpus;
}

bool PinThisThread(int cpu) {
  if (cpu < 0 || cpu >= CPU_SETSIZE) return false;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return ::pthread_setaffinity_np(::pthread_self(), sizeof set, &set) == 0;
}

int PinnedCpu() {
  const std::vector<int> cpus = AllowedCpus();
  return cpus.size() == 1 ? cpus[0] : -1;
}

void MoveProcesses(const std::vector<int>& pids, int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (cpu >= 0 && cpu < CPU_SETSIZE) {
    CPU_SET(cpu, &set);
  } else if (::sched_getaffinity(::getpid(), sizeof set, &set) != 0) {
    return;
  }
  for (int pid : pids) {
    // Every thread: a process's affinity is its threads' own.
    const std::string tasks = "/proc/" + std::to_string(pid) + "/task";
    DIR* dir = ::opendir(tasks.c_str());
    if (dir == nullptr) continue;
    while (const dirent* e = ::readdir(dir)) {
      const int tid = std::atoi(e->d_name);
      if (tid > 0) ::sched_setaffinity(tid, sizeof set, &set);
    }
    ::closedir(dir);
  }
}

}  // namespace arbiter
