// Plays one game between connected bots: the engine, the seats' clocks and
// the fault policy, producing the game's record.
//
//   auto game = (*game::FindGame(game_name))->Load(ruleset);
//   GameSetup setup{.game_id = "g1", .game = *game, .deal = {.num_seats = 2}};
//   std::vector<SeatPlayer> seats = {{.name = "a", .channel = a.get()}, ...};
//   auto played = PlayGame(setup, seats);   // blocks until the game ends
//
// PlayGame is reentrant: several games may run at once on different threads,
// each with its own channels. It never throws because of a bot and never
// waits on a bot beyond its clock: timeouts, illegal actions, malformed
// messages, crashes and disconnects become faults in the record. Under the
// forfeit policy the first fault ends the game (the seat's team is placed
// last); under the default-action policy the arbiter plays the first legal
// action for the seat and marks the step as a strike (a seat whose bot
// crashed or disconnected is no longer asked and strikes every turn).
#ifndef ARBITER_MATCH_MATCH_H_
#define ARBITER_MATCH_MATCH_H_

#include <cstdint>
#include <expected>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "arbiter/common/version.h"
#include "arbiter/game/game.h"
#include "arbiter/match/clock.h"
#include "arbiter/match/decision.h"
#include "arbiter/match/policy.h"
#include "arbiter/process/container.h"
#include "arbiter/v1/record.pb.h"

namespace arbiter {

struct GameSetup {
  std::string game_id;  // the record's
  // The id the bots are told in every message of the game; "": game_id.
  // Tournaments and matches tell an opaque one (BotGameId in
  // arbiter/common/deal_secret.h), so that a bot cannot tell which deal or
  // seating it plays.
  std::string bot_game_id;
  std::shared_ptr<const game::Game> game;  // the game and its ruleset
  game::Setup deal;  // seats, seed, first dealer, explicit decks
  TimeControl time;
  FaultPolicy policy = FaultPolicy::kForfeit;
  std::string arbiter_version = kArbiterVersion;
  std::string tournament_id;
  int round = 0;
  std::string duplicate_group;
  // The bot name recorded for every seat (PlayGame takes them from its
  // SeatPlayers).
  std::vector<std::string> seat_names;
};

struct SeatPlayer {
  std::string name;  // recorded as the seat's bot_name
  // The seat's bot; null when it never connected (a startup fault), or when
  // the seat plays in-process (`policy`).
  BotChannel* channel = nullptr;
  // An in-process bot (a tournament's builtin bots): picks the index of a
  // legal action; no messages, no clock, no faults.
  std::function<int(const game::State&)> policy;
  std::string version;  // recorded as bot_version when there is no channel
  // Why the bot's process was restarted since its previous game (recorded
  // as Seat.restart_reason); "" when it was not.
  std::string restart_reason;
  std::string startup_detail;  // why `channel` is null
  // The fault that `channel` being null is: STARTUP (the bot never
  // connected), or CRASH / DISCONNECT (it left between games).
  arbiter::v1::FaultReason absent_reason = arbiter::v1::FAULT_REASON_STARTUP;
  // Asked when the stream closes: how the bot's process ended (a crash), or
  // nullopt when it lives on (a disconnect). Unset: the bot runs elsewhere,
  // and a closed stream is a disconnect.
  ProcessEnded process_ended;
  // The counters of the bot's sandbox (CPU time, limit breaches); unset or
  // nullopt: not measured.
  std::function<std::optional<ResourceUsage>()> usage;
  // Called with the record's step index before the bot is asked for that
  // step (the bot's log marks it: the bot's lines after it belong to that
  // step); unset: nothing to mark.
  std::function<void(int step)> mark_step;
};

// A fault's detail is kept to this many bytes (then "..."), printable: it
// may quote what a bot sent (arbiter/common/printable.h).
inline constexpr size_t kMaxFaultDetailBytes = 512;

struct MatchResult {
  arbiter::v1::GameRecord record;
  // Per seat: the reason of its first fault, or FAULT_REASON_UNSPECIFIED.
  std::vector<arbiter::v1::FaultReason> faults;
};

// Fails only on a bad setup (seat count, decks, dealer).
std::expected<MatchResult, std::string> PlayGame(const GameSetup& setup,
                                                 std::span<SeatPlayer> seats);

// The start of a game's record: everything the setup decides.
v1::GameRecord StartRecord(const GameSetup& setup, const game::State& state);

// Fills what the game decides of a record: the result (all but faults), and
// the game's own part (ruleset, decks, public events, first dealer and
// mover). `forfeit_seat` is -1 unless a seat forfeited. Replay verification
// rebuilds these and compares.
void FillOutcome(const game::State& state, int forfeit_seat,
                 v1::GameRecord* record);

// Places per seat (1 = first, ties share) when `forfeit_seat` forfeits: its
// team is last, the other teams go by team score.
std::vector<int> ForfeitPlaces(const std::vector<int>& team_of,
                               const std::vector<int>& team_scores,
                               int forfeit_seat);

// RFC 3339 UTC time of now, e.g. "2026-11-22T03:04:05.123Z".
std::string NowRfc3339();

}  // namespace arbiter

#endif  // ARBITER_MATCH_MATCH_H_
