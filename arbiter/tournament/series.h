// A series (`arbiter play`): G games between the same bots, the seats
// rotating from game to game, played through the game pool (game_pool.h)
// like a tournament's games, and recorded in the background
// (background_writer.h). Game g (from 0) puts the g-th next bot in seat 0;
// with fewer bots than seats the bots fill the seats in turn, each seat its
// own process of its bot. Game ids are "<tag>-g<number>"
// (records/run_ids.h), deal seeds keyed hashes of the run's seed and the
// game's number (common/deal_secret.h).
#ifndef ARBITER_TOURNAMENT_SERIES_H_
#define ARBITER_TOURNAMENT_SERIES_H_

#include <expected>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "arbiter/common/deal_secret.h"
#include "arbiter/match/bot_runner.h"
#include "arbiter/tournament/background_writer.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/runner.h"

namespace arbiter::tournament {

struct Series {
  int bots = 2;     // how many: their indices in the runner's config
  int players = 2;  // seats per game
  int games = 1;
  std::string tag;  // of the game ids (RunTag of the secret and seed)
  SipKey key{};     // the run's secret, for the deal seeds
  uint64_t seed = 0;
};

// Game `g` (from 0) of the series: seat s holds bot ((s + g) % players) %
// bots. Its first dealer is drawn from its seed; it has no round, no
// duplicate group and no other id for its bots.
ScheduledGame SeriesGame(const Series& series, int g);

// What the runner needs of the series' bots (process_runner.h): no
// tournament name (records carry none), no CPU pinning, one game at a time.
TournamentConfig SeriesConfig(const std::vector<BotSpec>& bots,
                              sandbox::Mode sandbox_mode,
                              const TimeControl& time, FaultPolicy policy);

// One bot's tally over the series.
struct BotStats {
  int games = 0, wins = 0;
  long points = 0;
  std::map<int, int> faults;  // by FaultReason
  long decisions = 0;         // the decisions it was asked for
  double total_us = 0, max_us = 0;
  // The games in which it never started (a startup fault), and why the
  // first time.
  std::vector<std::string> never_started;
  std::string first_startup_fault;
};
using SeriesStats = std::map<std::string, BotStats>;  // by bot name

// Adds `record` to the tally of each bot in it.
void Tally(const arbiter::v1::GameRecord& record, SeriesStats* stats);

// Plays the series' games in order, appends each record to `writer` as its
// game ends, then calls `on_game` with its number (from 1) and record.
// Stops at the first game that cannot be played or record that cannot be
// written: the error names it; every record before it is written. Every
// record is durable when it returns.
std::expected<SeriesStats, std::string> PlaySeries(
    GameRunner& runner, const Series& series, BackgroundWriter& writer,
    const std::function<void(int number, const arbiter::v1::GameRecord&)>&
        on_game);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_SERIES_H_
