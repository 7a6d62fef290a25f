#include "arbiter/command_line/interrupts.h"

#include <signal.h>
#include <unistd.h>

#include <thread>

#include "arbiter/process/bot_process.h"

namespace arbiter {

void WatchInterrupts(const std::string& command, std::atomic<bool>* stop) {
  const sigset_t set = BlockStopSignals();
  // Made before any signal: the watcher only writes it.
  const std::string message = "\narbiter " + command +
                              ": stopping after the running games "
                              "(Ctrl-C again to quit now)\n";
  std::thread([set, message, stop] {
    int sig = 0;
    sigwait(&set, &sig);
    *stop = true;
    (void)!write(STDERR_FILENO, message.data(), message.size());
    // A second signal stays pending (blocked everywhere) until the cleanup
    // thread waits for it: none is lost in between.
    InstallInterruptCleanup(nullptr);
  }).detach();
}

}  // namespace arbiter
