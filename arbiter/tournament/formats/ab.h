// The A/B format: bot A against bot B on duplicate deal sets until the
// sequential test (sprt.h) decides or the last deal set is counted. Its
// games stream (GameStream): the driver asks for the next one whenever a
// slot is free and stops starting games at the verdict, so that no slot
// waits for a batch's end and the match stops at once.
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
#ifndef ARBITER_TOURNAMENT_FORMATS_AB_H_
#define ARBITER_TOURNAMENT_FORMATS_AB_H_

#include <expected>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/common/siphash.h"
#include "arbiter/records/record_view.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/formats/format.h"
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

class MatchListener {
 public:
  virtual ~MatchListener() = default;
  // After every deal set counted; calls never overlap.
  virtual void OnDealSet(const MatchStatus& status) = 0;
};

struct AbSettings {
  SipKey key{};  // the secret's (deal_secret.h)
  uint64_t seed = 0;
  int max_deal_sets = 0;  // > 0
  std::optional<SprtParams> sprt;
  MatchListener* listener = nullptr;
};

class AbFormat : public TournamentFormat {
 public:
  // `config` holds bots A, B and, at 3 seats or more, the opponent; it and
  // `layout` outlive the format.
  AbFormat(const TournamentConfig& config, const TeamLayout& layout,
           const AbSettings& settings);

  // One open batch: deal sets 1, 2, ... until the verdict.
  std::expected<std::optional<Batch>, std::string> Next() override;
  std::expected<void, std::string> Record(
      const ScheduledGame& game,
      const records::RecordSummary* summary) override;
  // A record's A and B seats and deal seed (ScoreOfA), not every seat's:
  // the opponent's copies may go by any name.
  std::expected<void, std::string> CheckRecord(
      const ScheduledGame& game, const records::RecordSummary& summary,
      const TournamentConfig& config, std::string_view where) const override;
  bool Adaptive() const override { return true; }
  int Total() const override { return 2 * settings_.max_deal_sets; }
  Plan MakePlan() const override;
  std::expected<void, std::string> CheckSplit(
      const RunSplit& split) const override;

  // The deal sets counted so far and the verdict.
  const MatchStatus& status() const { return status_; }

 private:
  ScheduledGame Game(int index);
  void CountCompleteDealSets();

  struct Outcome {
    double score = 0;
    int faults_a = 0, faults_b = 0;
  };

  const TournamentConfig& config_;
  const TeamLayout& layout_;
  const AbSettings settings_;
  bool given_ = false;
  std::vector<ScheduledGame> deal_set_;  // the last one asked for
  std::map<int, Outcome> outcomes_;      // by game index, not yet counted
  MatchStatus status_;
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_FORMATS_AB_H_
