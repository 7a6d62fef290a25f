// An A/B match: bot A against bot B on duplicate deal sets, scored as
// pentanomial pairs, with an optional sequential test (sprt.h) that stops it
// as soon as it decides. The match is the A/B format (formats/ab.h: its deal
// sets, seats, scoring and counting) played by the tournament's driver
// (driver.h, PlayFormat) through the game pool.
#ifndef ARBITER_TOURNAMENT_AB_MATCH_H_
#define ARBITER_TOURNAMENT_AB_MATCH_H_

#include <atomic>
#include <expected>
#include <optional>
#include <string>

#include "arbiter/common/siphash.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/tournament/formats/ab.h"
#include "arbiter/tournament/kept_records.h"
#include "arbiter/tournament/runner.h"
#include "arbiter/tournament/schedule.h"
#include "arbiter/tournament/sprt.h"

namespace arbiter::tournament {

// "games 124  score 58.1%  Elo +56.6 [+20.1, +93.2]  LLR 1.23 [-2.94,
// 2.94]  pairs 2-10-25-17-8".
std::string StatusLine(const MatchStatus& status,
                       const std::optional<SprtParams>& sprt);

struct MatchOptions {
  SipKey key{};  // the secret's (deal_secret.h)
  uint64_t seed = 0;
  int max_deal_sets = 0;  // > 0
  std::optional<SprtParams> sprt;
  int concurrency = 1;
  const std::atomic<bool>* stop = nullptr;
  MatchListener* listener = nullptr;
  // Records of earlier runs: these games are not played again.
  const KeptRecords* kept = nullptr;
  // New records, as games end; the match takes the writer over (moves it).
  records::RecordWriter* writer = nullptr;
};

struct MatchResult {
  MatchStatus status;
  bool stopped = false;  // the stop flag ended it before a verdict or the end
  int played = 0;        // games played by this run (some maybe not counted)
  int reused = 0;        // games taken from `recorded`
};

// Plays deal sets through `runner` until the test decides, max_deal_sets
// are counted, or the stop flag is raised; games running then still finish
// and are recorded (as in a tournament, but for one that ends in a fault
// after the stop flag: it is played again on the next run). The error names
// a game that could not be played or scored.
std::expected<MatchResult, std::string> RunMatch(const TournamentConfig& config,
                                                 const TeamLayout& layout,
                                                 GameRunner& runner,
                                                 const MatchOptions& options);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_AB_MATCH_H_
