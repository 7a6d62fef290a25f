// Ctrl-C twice, for the commands that play many games (`arbiter tournament`,
// `arbiter match`).
#ifndef ARBITER_COMMAND_LINE_INTERRUPTS_H_
#define ARBITER_COMMAND_LINE_INTERRUPTS_H_

#include <atomic>
#include <string>

namespace arbiter {

// The first SIGINT, SIGTERM or SIGHUP sets `*stop` (the games in progress
// finish, their records stay whole) and says so on stderr as "arbiter
// COMMAND: stopping..."; from then on InstallInterruptCleanup owns those
// signals, so a second one stops every bot process group at once and exits
// 128 + signal. Both use sigwait on signals blocked in every thread: call
// before any thread starts (the gRPC server's, the game slots'), so that all
// of them inherit the mask and no signal handler ever runs in a thread that
// holds a lock.
void WatchInterrupts(const std::string& command, std::atomic<bool>* stop);

}  // namespace arbiter

#endif  // ARBITER_COMMAND_LINE_INTERRUPTS_H_
