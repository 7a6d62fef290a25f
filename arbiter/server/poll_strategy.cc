#include "arbiter/server/poll_strategy.h"

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
    grpc_init();
    if (ours) ::unsetenv(kVariable);
    // The matching shutdown, once everything else is gone.
    std::atexit([] { grpc_shutdown(); });
  });
}

}  // namespace arbiter
