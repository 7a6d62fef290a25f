// An A/B match: bot A against bot B on duplicate deal sets, scored as
// pentanomial pairs, with an optional sequential test (sprt.h) that stops it
// as soon as it decides.
//
// A match is of any registered game (TournamentConfig::game), at any seat
// count of its range. A deal set is one deal played twice: A and B in two
// adjacent seats, then in each other's seats; at 3 seats or more every other
// seat holds a copy of a fixed opponent bot, the same in both games. The
// game's teams must put adjacent seats on different teams (CheckPairSeats):
// partners sit 2 or 3 apart in every game of the arbiter, so with
// partnerships A and B each partner an opponent copy. The pair of seats moves
// round the table from one deal set to the next (deal set k starts at seat (k -
// 1) mod n), so that no seat order favours either bot. A game scores for A 1
// when A's team places ahead of B's, 1/2 when level, 0 behind; a deal set's two
// games make one pentanomial pair.
//
// Results count in deal-set order: a deal set counts once it and every one
// before it are complete, so the verdict does not depend on which games
// finish first, and a run with the same seed, secret, bots and records is
// the same match. The two games of a deal set are never played at once (the
// same bots play both). Deal seeds come from the run's secret, like a
// tournament's.
#ifndef ARBITER_TOURNAMENT_AB_MATCH_H_
#define ARBITER_TOURNAMENT_AB_MATCH_H_

#include <atomic>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "arbiter/common/siphash.h"
#include "arbiter/records/record_view.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/tournament/kept_records.h"
#include "arbiter/tournament/runner.h"
#include "arbiter/tournament/schedule.h"
#include "arbiter/tournament/sprt.h"

namespace arbiter::tournament {

// Bot indices in the match's TournamentConfig.
inline constexpr int kBotA = 0;
inline constexpr int kBotB = 1;
inline constexpr int kOpponent = 2;

// Fails, naming the seats, when two adjacent seats of `layout` are
// partners: A and B would then play on one team, and every game would be a
// draw between them.
std::expected<void, std::string> CheckPairSeats(const TeamLayout& layout);

// The two games of deal set `deal_set` (1-based) at a table of `layout`:
// ids "TAG-p{seats}-d{k}-ab" (A in the first of the pair's seats) and
// "...-ba", TAG being the run's (RunTag of key and seed), so that records of
// another match setting are never taken for this one's; one deal seed under
// the key. A game other than the default one (`game`: its name, or "" for
// the default) is named in the ids too ("TAG-pontoon-p4-d1-ab"), so that a
// match of another game under the same --out never takes these records;
// the default game's ids are those of matches before there were others.
// Their bots are told opaque ids (BotGameId), and no process plays both.
std::vector<ScheduledGame> DealSetGames(const TeamLayout& layout,
                                        const SipKey& key, uint64_t seed,
                                        int deal_set,
                                        std::string_view game = "");

// A's score in one game (1, 1/2 or 0) from its record; the error says what
// in the record does not fit the scheduled game.
std::expected<double, std::string> ScoreOfA(
    const ScheduledGame& game, const records::RecordSummary& summary,
    const std::string& name_a, const std::string& name_b);

struct MatchStatus {
  int deal_sets = 0;  // counted
  int games = 0;      // counted
  Pentanomial pairs{};
  EloEstimate elo;
  std::optional<double> llr;  // with a sequential test
  Verdict verdict = Verdict::kContinue;
  int faults_a = 0, faults_b = 0;  // in counted games
};

// "games 124  score 58.1%  Elo +56.6 [+20.1, +93.2]  LLR 1.23 [-2.94,
// 2.94]  pairs 2-10-25-17-8".
std::string StatusLine(const MatchStatus& status,
                       const std::optional<SprtParams>& sprt);

class MatchListener {
 public:
  virtual ~MatchListener() = default;
  // After every deal set counted; calls never overlap.
  virtual void OnDealSet(const MatchStatus& status) = 0;
};

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
  records::RecordWriter* writer = nullptr;  // new records, as games end
};

struct MatchResult {
  MatchStatus status;
  bool stopped = false;  // the stop flag ended it before a verdict or the end
  int played = 0;        // games played by this run (some maybe not counted)
  int reused = 0;        // games taken from `recorded`
};

// Plays deal sets through `runner` until the test decides, max_deal_sets
// are counted, or the stop flag is raised; games running then still finish
// and are recorded. The error names a game that could not be played or
// scored.
std::expected<MatchResult, std::string> RunMatch(const TournamentConfig& config,
                                                 const TeamLayout& layout,
                                                 GameRunner& runner,
                                                 const MatchOptions& options);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_AB_MATCH_H_
