// Runs a tournament: the schedule's games on a pool of threads, each record
// appended to DIR/games.jsonl (or games.jsonl.zst) and fsynced as its game
// ends, by a thread of its own while the next games play; every record is
// durable when RunTournament returns. Deal seeds come from the secret in
// DIR/secret (made on the first run, or copied from --secret), so no bot can
// predict a deal; the two seatings of one duplicate deal are never played at
// once by the same bot.
//
// Resuming is running again: games already recorded are kept (game ids come
// from the schedule) once each is checked against the schedule, every other
// game is played from its seed, so no game is lost or played twice. The stop
// flag (Ctrl-C) lets running games finish and starts no new one.
//
// The games come from the config's format (formats/format.h), batch by
// batch. A Swiss tournament can also be played one round at a time, each
// round sharded (RunOptions::swiss_round): round R is paired from the
// records of rounds 1..R-1, which other runs (shards, cluster jobs) made.
#ifndef ARBITER_TOURNAMENT_DRIVER_H_
#define ARBITER_TOURNAMENT_DRIVER_H_

#include <atomic>
#include <expected>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "arbiter/records/record_writer.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/formats/format.h"
#include "arbiter/tournament/kept_records.h"
#include "arbiter/tournament/runner.h"
#include "arbiter/tournament/schedule.h"
#include "arbiter/tournament/standings.h"

namespace arbiter::tournament {

struct Progress {
  int round = 0;   // the round being played (Swiss), else 0
  int done = 0;    // games of this shard recorded, earlier runs included
  int total = 0;   // games in this shard
  int played = 0;  // games recorded by this run
  int faults = 0;  // faults in recorded games
  double elapsed_s = 0;
  double games_per_s = 0;  // this run's
  double eta_s = -1;       // -1 while unknown
};

// "123/400 games  2.5 games/s  ETA 1:50  faults 3"; after a resume
// "123/400 games (100 kept, 23 this run)  2.5 games/s ...": the rate and
// the ETA are this run's.
std::string ProgressLine(const Progress& progress);

// What a run is about to play, once its secret and records are read.
struct RunStart {
  uint64_t seed = 0;
  bool seed_drawn = false;  // drawn at random by this run: say so
  std::filesystem::path records;
  std::filesystem::path secret;
  int found = 0;  // records in the files, earlier runs' (and --prior's)
  int total = 0;  // games of this run (Progress::total)
  int kept = -1;  // of those, already recorded; -1 until rounds are paired
};

// "new run: 480 games to play", "resuming: 122 of 480 games recorded by
// earlier runs are kept, 358 to play", or for a Swiss, whose games are
// known round by round, how many records were found.
std::string ResumeLine(const RunStart& start);

class ProgressListener {
 public:
  virtual ~ProgressListener() = default;
  // Before the first game.
  virtual void OnStart(const RunStart& /*start*/) {}
  // After each recorded game; calls never overlap.
  virtual void OnGame(const Progress& progress, const Standings& standings) = 0;
  // After each Swiss round.
  virtual void OnRound(int /*round*/, const Standings& /*standings*/) {}
  // Before each Swiss round is played (with --round R, round R only): its
  // tables (bot indices in seat order) and byes.
  virtual void OnPairings(const Round& /*round*/) {}
};

struct RunOptions {
  std::filesystem::path out_dir;
  int concurrency = 0;  // 0: the config's, and 0 there: the number of cores
  int shard_index = 0;  // 0-based
  int shard_count = 1;
  // Swiss only: play round `swiss_round` (1-based) and stop; 0 plays every
  // round. Every game of the rounds before must be recorded already, in
  // out_dir's records or in `prior_records`.
  int swiss_round = 0;
  // Swiss only: record files of earlier rounds (e.g. every shard's), read and
  // never written. Their games count as played.
  std::vector<std::filesystem::path> prior_records;
  const std::atomic<bool>* stop = nullptr;
  ProgressListener* progress = nullptr;
  // A secret file to use (--secret): shards of one league share one. Empty:
  // DIR/secret, made with a fresh key on the first run.
  std::filesystem::path secret_file;
  // Play nothing (--tables-only): the whole tournament's results from the
  // records in out_dir and prior_records, every round paired again as the
  // run that played it did; a game not recorded is an error naming it.
  // Nothing is written: no record file, no secret (secret_file, else
  // out_dir/secret, is read: kept_records.h, ReadRunSecret). No shard, no
  // swiss_round.
  bool tables_only = false;
};

struct RunResult {
  bool complete = false;  // every game of the shard is recorded
  bool stopped = false;   // the stop flag ended the run early
  int total = 0;
  int already_done = 0;  // recorded by earlier runs
  int played = 0;        // recorded by this run
  // Games that ended in a fault after the stop flag was set: not recorded,
  // played again by the next run. A scheduler that stops a job signals every
  // process of it, bots included, which is no fault of theirs.
  int interrupted = 0;
  std::vector<std::string> warnings;  // records that were skipped, and why
  Standings standings{{}};
  std::filesystem::path records;  // the record file
  uint64_t seed = 0;
  // The format's own results once every game is played (a knockout's
  // bracket): for a person, and a JSON object's text; "" when none.
  std::string format_text, format_json;
  std::vector<ResultFile> format_files;  // more of them (a Swiss's CSV)
};

// The error names the key that makes the schedule impossible, or too large
// to hold (more than kMaxScheduledGames).
std::expected<Plan, std::string> PlanTournament(const TournamentConfig& config,
                                                const TeamLayout& layout);

// Why a run stopped, naming the failed game or what does not fit.
struct RunError {
  std::string message;
  // True: what the run was given does not fit, whatever is played (an
  // option, the config, the records or secret found in the directory: a
  // config changed since its records were made). False: a game could not be
  // played, or a file could not be written.
  bool bad_setup = true;
};
std::ostream& operator<<(std::ostream& out, const RunError& error);

std::expected<RunResult, RunError> RunTournament(const TournamentConfig& config,
                                                 const TeamLayout& layout,
                                                 GameRunner& runner,
                                                 const RunOptions& options);

// What RunTournament does once it has opened its directory, for a caller
// that opens its own (`arbiter match`): plays `format`'s batches, the
// games of `kept` counted and not played again, new records appended to
// `writer` (none: not written). Of `options`, only concurrency, stop and
// progress count. Kept records that no game claims are left alone.
std::expected<RunResult, RunError> PlayFormat(
    const TournamentConfig& config, TournamentFormat& format,
    GameRunner& runner, const KeptRecords& kept,
    std::optional<records::RecordWriter> writer, const RunOptions& options);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_DRIVER_H_
