// How long `arbiter report` takes and how big its page is. Prints one line
// per figure (docs/report.md, "Size and speed"):
//   report.ms_per_1000_games             writing report.html from a record
//                                        file (read, replay every game,
//                                        ratings with 200 bootstrap
//                                        replicates, gzip), per 1000 games
//   report.bytes_per_game                the page's size per game
//   report.no_replays_ms_per_1000_games  the same with --no-replays
//   report.no_replays_bytes_per_game
// The games: a round robin of ten builtin random bots, Zetema, 495 games.
// Times are CPU seconds of the process, median of 3 (the machine is
// shared).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

#include "arbiter/report/report_writer.h"
#include "arbiter/tournament/builtin_runner.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/ruleset_link.h"

namespace {

namespace fs = std::filesystem;
namespace tour = arbiter::tournament;
namespace report = arbiter::report;

double CpuNow() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "report_bench: %s\n", message.c_str());
  std::exit(1);
}

// A round robin of builtin bots, recorded in `dir`.
void PlayTournament(const fs::path& dir) {
  tour::TournamentConfig config;
  config.name = "bench";
  config.seed = 11;
  config.deals_per_pairing = 11;
  config.concurrency = 1;
  for (int i = 0; i < 10; ++i) {
    config.bots.push_back(
        {.name = "bot" + std::to_string(i), .command = "builtin:random"});
  }
  auto resolved = tour::ResolveRuleset(config);
  if (!resolved) Die(resolved.error());
  tour::BuiltinRandomRunner runner(config, resolved->game);
  auto result =
      tour::RunTournament(config, resolved->layout, runner, {.out_dir = dir});
  if (!result) Die(result.error().message);
  if (!result->complete) Die("the tournament did not finish");
}

struct Figures {
  double ms_per_1000_games = 0;
  double bytes_per_game = 0;
};

Figures Measure(const fs::path& dir, bool replays) {
  auto sources = report::FindSources({dir.string()});
  if (!sources) Die(sources.error());
  std::vector<double> seconds;
  report::ReportResult last;
  for (int run = 0; run < 3; ++run) {
    const double start = CpuNow();
    auto written = report::WriteReport(*sources, {.replays = replays},
                                       dir / "report.html");
    seconds.push_back(CpuNow() - start);
    if (!written) Die(written.error());
    last = *written;
  }
  if (last.games == 0 || (replays && last.replays != last.games)) {
    Die("the report lost games");
  }
  return {.ms_per_1000_games = Median(seconds) * 1e6 / last.games,
          .bytes_per_game = double(last.bytes) / last.games};
}

}  // namespace

int main() {
  char tmpl[] = "/tmp/report_bench.XXXXXX";
  const fs::path dir = ::mkdtemp(tmpl);
  PlayTournament(dir);
  const Figures full = Measure(dir, true);
  const Figures bare = Measure(dir, false);
  fs::remove_all(dir);
  std::printf("report.ms_per_1000_games %.0f ms\n", full.ms_per_1000_games);
  std::printf("report.bytes_per_game %.0f bytes\n", full.bytes_per_game);
  std::printf("report.no_replays_ms_per_1000_games %.0f ms\n",
              bare.ms_per_1000_games);
  std::printf("report.no_replays_bytes_per_game %.0f bytes\n",
              bare.bytes_per_game);
  return 0;
}
