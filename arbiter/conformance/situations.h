// The situations `arbiter check-bot` plays a bot through, in order: its
// Hello; for every game it is checked at, a request with little time left,
// every seat count of the game, many games on one stream, a restart after
// its process is killed; and the end of a stream (SHUTDOWN, then the bot
// must exit by itself).
#ifndef ARBITER_CONFORMANCE_SITUATIONS_H_
#define ARBITER_CONFORMANCE_SITUATIONS_H_

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "arbiter/game/game.h"
#include "arbiter/match/policy.h"

namespace arbiter::conformance {

// Games on one stream in the many-games situation.
inline constexpr int kManyGames = 20;
// time_left_ms of every request in the little-time situation.
inline constexpr int kLittleTimeMs = 50;
// The game of the restart situation whose first request finds the bot's
// process killed.
inline constexpr int kKilledGame = 2;

enum class Kind {
  kHello,
  kLittleTime,
  kSeats,
  kManyGames,
  kRestart,
  kShutdown
};

struct Situation {
  Kind kind = Kind::kHello;
  std::string name;                        // "zetema 4 seats (partnerships)"
  std::shared_ptr<const game::Game> game;  // null for the Hello
  int seats = 0;
  int games = 0;
  TimeControl time;  // the bot's clock
};

// The situations for `games` (each with its ruleset), in the order they are
// played. The bot sits at seat 0 in its first game of a situation, at the
// last seat in its second (BotSeat), so that it also plays a game it does
// not open.
std::vector<Situation> PlanSituations(
    std::span<const std::shared_ptr<const game::Game>> games);

// The bot's seat in game `game` (1-based) of a situation of `seats` seats:
// 0, seats-1, seats-2, ..., every seat in turn.
int BotSeat(int game, int seats);

}  // namespace arbiter::conformance

#endif  // ARBITER_CONFORMANCE_SITUATIONS_H_
