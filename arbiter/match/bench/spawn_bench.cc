// arbiter_spawn_bench: how long a bot takes from its start to its Hello
// (BotRunner::Seat(): spawn, connect, Hello, Welcome), as a plain process
// and in a sandbox, taking turns. Prints "name value unit" lines:
//
//   sandbox.spawn_plain_ms     p50, a plain process
//   sandbox.spawn_ms           p50, in a sandbox (target: at most 50 ms over
//                              the plain spawn)
//   sandbox.spawn_overhead_ms  the difference of the two
//
// Usage: arbiter_spawn_bench [--bot COMMAND] [--spawns N]
// The default bot is the C++ SDK's random bot when it was built, else the
// in-tree test bot.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "arbiter/match/bot_runner.h"

namespace arbiter {
namespace {

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Milliseconds from the start of Seat() to a connected seat.
double OneSpawn(Server& server, const std::string& command,
                sandbox::Sandbox* box) {
  BotRunner runner(server, {.name = "bench", .command = command},
                   {.sandbox = box});
  const auto start = Clock::now();
  const SeatPlayer seat = runner.Seat();
  const double ms =
      std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (seat.channel == nullptr) {
    std::fprintf(stderr, "arbiter_spawn_bench: the bot did not start: %s\n",
                 seat.startup_detail.c_str());
    std::exit(1);
  }
  runner.Stop();
  return ms;
}

}  // namespace
}  // namespace arbiter

int main(int argc, char** argv) {
  std::string command = ARBITER_RANDOM_BOT_PATH;
  if (command.empty() || ::access(command.c_str(), X_OK) != 0) {
    command = ARBITER_TEST_BOT_PATH;
  }
  int spawns = 40;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--bot")) command = argv[i + 1];
    if (!std::strcmp(argv[i], "--spawns")) spawns = std::atoi(argv[i + 1]);
  }
  arbiter::BecomeChildSubreaper();
  auto box = arbiter::sandbox::Sandbox::Start(
      {.mode = arbiter::sandbox::Mode::kReduced});
  if (!box) {
    std::fprintf(stderr, "arbiter_spawn_bench: no sandbox here: %s\n",
                 box.error().c_str());
    return 1;
  }
  auto server = arbiter::Server::Start({});
  if (!server) {
    std::fprintf(stderr, "%s\n", server.error().c_str());
    return 1;
  }
  std::vector<double> plain, boxed;
  for (int i = 0; i < spawns; ++i) {
    plain.push_back(arbiter::OneSpawn(**server, command, nullptr));
    boxed.push_back(arbiter::OneSpawn(**server, command, box->get()));
  }
  const double p = arbiter::Median(plain), b = arbiter::Median(boxed);
  std::printf("sandbox.spawn_plain_ms %.1f ms\n", p);
  std::printf("sandbox.spawn_ms %.1f ms\n", b);
  std::printf("sandbox.spawn_overhead_ms %.1f ms\n", b - p);
  std::fprintf(stderr, "(%d spawns each, bot: %s; %s)\n", spawns,
               command.c_str(), (*box)->Describe().c_str());
  return 0;
}
