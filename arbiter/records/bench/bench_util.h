// What the record benchmarks share: CPU time (the machine is shared) and
// records of games played by the builtin random bots.
#ifndef ARBITER_RECORDS_BENCH_BENCH_UTIL_H_
#define ARBITER_RECORDS_BENCH_BENCH_UTIL_H_

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "arbiter/tournament/builtin_runner.h"
#include "arbiter/tournament/ruleset_link.h"

namespace arbiter::records::bench {

// CPU seconds of the process: on a shared machine, wall time also counts
// other people's work.
inline double CpuNow() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}
inline double Since(double start) { return CpuNow() - start; }

inline double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

[[noreturn]] inline void Die(const std::string& message) {
  std::fprintf(stderr, "bench: %s\n", message.c_str());
  std::exit(1);
}

// Two-player games (the default game) of the builtin random bots, as their
// record lines.
inline std::vector<std::string> PlayGames(int games) {
  namespace tour = arbiter::tournament;
  tour::TournamentConfig config;
  config.bots = {{.name = "a", .command = "builtin:random"},
                 {.name = "b", .command = "builtin:random"}};
  auto resolved = tour::ResolveRuleset(config);
  if (!resolved) Die(resolved.error());
  tour::BuiltinRandomRunner runner(config, resolved->game);
  std::vector<std::string> lines;
  for (int g = 0; g < games; ++g) {
    tour::ScheduledGame game;
    game.game_id = fmt::format("g{}", g);
    game.seat_bots = {g % 2, 1 - g % 2};
    game.teams = {0, 1};
    game.deal_seed = uint64_t(g) * 7919 + 1;
    game.first_dealer = 1;
    auto played = runner.Run(game);
    if (!played) Die(played.error());
    lines.push_back(std::move(played->line));
  }
  return lines;
}

}  // namespace arbiter::records::bench

#endif  // ARBITER_RECORDS_BENCH_BENCH_UTIL_H_
