#include "arbiter/server/poll_strategy.h"

#include <absl/synchronization/mutex.h>
#include <grpc/grpc.h>

#include <cstdlib>
#include <mutex>

namespace arbiter {

void InitGrpcPollStrategy() {
  static std::once_flag once;
  std::call_once(once, [] {
    constexpr char kVariable[] = "GRPC_POLL_STRATEGY";
    const bool ours = std::getenv(kVariable) == nullptr;
    if (ours) ::setenv(kVariable, "poll", 1);
    // Debian builds Abseil without NDEBUG, which leaves the deadlock
    // detector on: every lock of gRPC's mutexes then goes through a global
    // graph of lock orders (2% of the arbiter's time per decision).
    absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
    grpc_init();
    if (ours) ::unsetenv(kVariable);
    // The matching shutdown, once everything else is gone.
    std::atexit([] { grpc_shutdown(); });
  });
}

}  // namespace arbiter
