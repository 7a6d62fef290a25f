// A tournament format: what to play next, given what has been played.
//
// The driver (driver.h) asks a format for a batch of games, plays the batch
// through the game pool (game_pool.h), hands every result back, and asks
// again until the format has no more: a round-robin or a gauntlet gives its
// whole fixed schedule as one batch; a Swiss one round at a time, paired
// from the standings; a knockout the deal sets of the ties that are ready;
// an A/B match one open batch whose games stream until its test decides.
// Games are numbered on from one batch to the next (ScheduledGame::index),
// and a batch depends only on the config, the secret and the results before
// it, so that a run resumed from its records asks for the same games.
//
// Formats are chosen by name from the config (registry.h); docs/
// architecture.md says how to add one.
#ifndef ARBITER_TOURNAMENT_FORMATS_FORMAT_H_
#define ARBITER_TOURNAMENT_FORMATS_FORMAT_H_

#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/records/record_view.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

// What a tournament plays, for --plan and the dry run. A Swiss round always
// has the same number of games.
struct Plan {
  int rounds = 0;
  int games = 0;            // all of them, or at most this many
  int games_per_round = 0;  // formats played round by round with fixed rounds
  int byes_per_round = 0;   // Swiss
  // Games of each bot (by config index), or at most this many.
  std::vector<int> games_per_bot;
  // After the number of games in the dry run: " (4 a round, 1 byes a round)".
  std::string detail;
  // The heading of games_per_bot in the dry run.
  std::string per_bot_heading = "Games per bot";
};

// Games that a format gives one at a time while they are played, for as
// long as it needs them (A/B: deal sets until the test decides). The driver
// asks for the next game whenever a slot is free, so that no slot waits for
// a batch's end, hands every result back (Record) as soon as it is in, and
// starts no game once `enough` holds: the games running then finish and
// are recorded.
struct GameStream {
  int most = 0;  // games at most
  // Game i (0, 1, 2, ...: each asked for once, in order), sealed.
  std::function<ScheduledGame(int i)> game;
  // Asked under the lock that Record is called under.
  std::function<bool()> enough;
};

// Games to play next.
struct Batch {
  int round = 0;  // shown in progress lines ("round 3 ..."); 0: none
  std::vector<ScheduledGame> games;  // sealed (SealGames)
  // Told to the progress listener before the batch is played (Swiss).
  std::optional<Round> pairings;
  // An open batch: its games come from here (`games` is empty). A format
  // that streams is played whole by one run (CheckSplit).
  std::optional<GameStream> stream;
};

// How a run may split a format's games (RunOptions).
struct RunSplit {
  int round = 0;       // --round R: play batch R only; 0: every batch
  bool prior = false;  // --prior files given
  int shards = 1;
};

// A file of a format's results: its name in the output directory, its text.
struct ResultFile {
  std::string name;
  std::string text;
};

class TournamentFormat {
 public:
  virtual ~TournamentFormat() = default;

  // The next games, from every result handed back (Record) so far; nullopt
  // when the tournament is over.
  virtual std::expected<std::optional<Batch>, std::string> Next() = 0;
  // The result of a game of the last batch, once the batch is played: its
  // record's summary, or nullptr when its record is unreadable (warned
  // about, scores nothing). A game of a stream: as soon as it is in, never
  // nullptr (an unreadable record stops the run).
  virtual std::expected<void, std::string> Record(
      const ScheduledGame& game, const records::RecordSummary* summary) = 0;
  // Whether a record (kept, or just played) is the game `game` it claims to
  // be, before it counts; the error names `where`, the game and what
  // differs. By default its seats hold the scheduled bots of `config` and
  // its deal seed is the game's (CheckAgainstSchedule).
  virtual std::expected<void, std::string> CheckRecord(
      const ScheduledGame& game, const records::RecordSummary& summary,
      const TournamentConfig& config, std::string_view where) const;
  // True: games depend on results. The first batch of a format that is not
  // adaptive is its whole schedule, known before any game.
  virtual bool Adaptive() const = 0;
  // Games of the whole tournament, or an upper bound while it depends on
  // results not yet in.
  virtual int Total() const = 0;
  virtual Plan MakePlan() const = 0;
  // Refuses a split of the run that the format cannot play; the error names
  // the option.
  virtual std::expected<void, std::string> CheckSplit(
      const RunSplit& split) const = 0;
  // The format's own results (a knockout's bracket and placings), as text
  // for a person, once its games are played; "" when it has none.
  virtual std::string ResultText() const { return {}; }
  // The same as a JSON object's text, for the results files; "" for none.
  virtual std::string ResultJson() const { return {}; }
  // More results files (a Swiss table's CSV): name and text; none by
  // default.
  virtual std::vector<ResultFile> ResultFiles() const { return {}; }
};

// The error of a format that is played whole (no --round, no --prior):
// "--round: only a Swiss tournament is played round by round; this one is
// a gauntlet". `described` is the format's name with its article.
std::expected<void, std::string> RefuseRounds(const RunSplit& split,
                                              std::string_view described);
// The same, and no --shard either: "--shard: WHY, so DESCRIBED is played
// by one run".
std::expected<void, std::string> RefuseSplit(const RunSplit& split,
                                             std::string_view described,
                                             std::string_view why);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_FORMATS_FORMAT_H_
