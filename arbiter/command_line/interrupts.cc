#include "arbiter/command_line/interrupts.h"

#include <signal.h>
#include <unistd.h>

#include <thread>

#include "arbiter/common/run_log.h"
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
    RunLog().warn(
        "signal {} (SIG{}) received: no new game starts, the running ones "
        "finish (another signal quits at once)",
        sig, ::sigabbrev_np(sig));
    // A second signal stays pending (blocked everywhere) until the cleanup
    // thread waits for it: none is lost in between.
    InstallInterruptCleanup(nullptr);
  }).detach();
}

}  // namespace arbiter
