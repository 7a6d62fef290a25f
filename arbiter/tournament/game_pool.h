// One way to play many games: `arbiter tournament` (the driver), `arbiter
// match` (A/B) and `arbiter play` (series.h) play their games through
// PlayGames, on N slots through a GameRunner (runner.h).
#ifndef ARBITER_TOURNAMENT_GAME_POOL_H_
#define ARBITER_TOURNAMENT_GAME_POOL_H_

#include <cstddef>
#include <expected>
#include <functional>
#include <string>

#include "arbiter/tournament/runner.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

// What the pool plays, and where results go. The pool calls `game` and
// `stop` under its own lock (so never at once), and `done` outside it from
// the slot that played the game (several slots at once): the feed guards
// its own state, and never calls into the pool.
struct GameFeed {
  // Games 0 .. count-1, taken in this order as far as the clash rule lets.
  size_t count = 0;
  // Game i, asked for once, in increasing i; the pointer lives until the
  // game's `done` returns (a game never played: until the pool returns),
  // so that a long feed need not hold every game at once. nullptr: game i
  // needs no play (the feed already counted it, e.g. from earlier
  // records).
  std::function<const ScheduledGame*(size_t i)> game;
  // No game starts once true (a failure, a verdict, Ctrl-C); the games in
  // progress finish.
  std::function<bool()> stop;
  // A game as played, or why it could not be played at all.
  std::function<void(const ScheduledGame& game,
                     std::expected<PlayedGame, std::string> played)>
      done;
};

// Two games that must not run at once: seatings of one duplicate deal that
// share a bot (two processes of one bot could share what they see).
bool Clash(const ScheduledGame& a, const ScheduledGame& b);

// Plays the feed's games on `slots` threads (at most one per game), each
// pinned to its CPU when `affinity` allows (placement.h), and returns when
// every game is played or once stop() holds and the running games ended.
// Every slot's first game is chosen before the slots start, and
// runner.Prepare gets them all at once.
void PlayGames(GameRunner& runner, const GameFeed& feed, int slots,
               bool affinity);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_GAME_POOL_H_
