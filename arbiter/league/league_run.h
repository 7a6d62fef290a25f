// `arbiter league run`: plays a league batch after batch until it is told
// to stop. Each batch rereads the roster (bots added or retired meanwhile),
// asks the scheduler (scheduler.h) for tables of active bots from the
// ratings of every recorded game, plays each table (a whole duplicate deal
// set when the league is duplicate) through the tournament's driver and
// game pool, records every game in DIR/games.jsonl.zst (each record
// synced as its game ends: a kill loses no recorded game), refits the
// ratings, appends them to DIR/ratings-history.jsonl and refreshes the
// report. A run started again rebuilds everything from the records and goes
// on with the next batch.
#ifndef ARBITER_LEAGUE_LEAGUE_RUN_H_
#define ARBITER_LEAGUE_LEAGUE_RUN_H_

#include <atomic>
#include <cstdint>
#include <expected>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "arbiter/league/slurm_batch.h"

namespace arbiter::league {

inline constexpr char kStateFile[] = "state.json";

struct LeagueRunOptions {
  std::filesystem::path dir;
  int concurrency = 0;       // games at once; 0: the config's, then the cores
  int tables_per_batch = 0;  // 0: twice the games at once, at least 4
  int64_t games = 0;         // stop once this run recorded this many; 0: no
  double until_width = 0;    // stop once every active bot's 95% interval is
                             // narrower than this (Elo); 0: never
  uint64_t seed = 0;         // of the scheduler's choices (with the batch)
  bool report = true;        // refresh DIR/report after every batch
  // Each batch a Slurm job array (slurm_batch.h); none: played here.
  std::optional<SlurmOptions> slurm;
  const std::atomic<bool>* stop = nullptr;
  std::function<void(const std::string&)> say;  // a line for the console
};

struct LeagueRunResult {
  int batches = 0;
  int64_t played = 0;    // games recorded by this run
  int64_t total = 0;     // games recorded in the league
  bool stopped = false;  // by the stop flag
  std::string why;       // why the run ended ("--games 40 reached", ...)
};

struct LeagueRunError {
  std::string message;
  bool bad_setup = true;  // the folder, its config or a bot (else a game)
};

std::expected<LeagueRunResult, LeagueRunError> RunLeague(
    const LeagueRunOptions& options);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_LEAGUE_RUN_H_
