// The games of a tournament, fixed by its configuration and seed.
//
// A round is a list of tables; a table is an ordered list of bots ("units":
// one bot per team with partnership_fill = "team", one bot per seat
// otherwise). Each table plays `deals_per_pairing` deals; a deal is played
// once in one seat rotation, or, with duplicate deals, once in every seat
// rotation from the same deal seed. Game ids come from this structure,
// after the run's tag (SealGames): "3fa9c2d1-r3-t12-d1-s2" is round 3,
// table 12, deal 1, seats rotated by 2. Deal seeds come from the run's
// secret: nothing in an id lets a bot predict a deal.
#ifndef ARBITER_TOURNAMENT_SCHEDULE_H_
#define ARBITER_TOURNAMENT_SCHEDULE_H_

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "arbiter/common/siphash.h"
#include "arbiter/tournament/config.h"

namespace arbiter::tournament {

// Team of every seat, teams numbered in order of their lowest seat (the
// engine's Ruleset::Teams).
struct TeamLayout {
  std::vector<int> team_of;

  int NumSeats() const { return int(team_of.size()); }
  int NumTeams() const;
};

struct ScheduledGame {
  int index = 0;  // position in the schedule; sharding splits on it
  std::string game_id;
  int round = 1;     // 1-based
  int table = 1;     // 1-based within the round
  int deal = 1;      // 1-based within the table
  int rotation = 0;  // seats shifted by this much from the table's order
  std::vector<int> seat_bots;  // index into TournamentConfig::bots, per seat
  std::vector<int> teams;      // team per seat
  // Shared by every game of a duplicate group; 0 until SealGames.
  uint64_t deal_seed = 0;
  int first_dealer = 0;  // seats - 1, so that seat 0 moves first
  // "TAG-r3-t12-d1" with duplicate deals, else "".
  std::string duplicate_group;
  // The games of its duplicate group (its seatings), 1 without one.
  int seatings = 1;
  // The id its bots are told (BotGameId of game_id under the run's key; ""
  // until SealGames): unlike game_id, it names neither the deal nor the
  // seating.
  std::string bot_game_id;
  friend bool operator==(const ScheduledGame&, const ScheduledGame&) = default;
};

using Table = std::vector<int>;  // bot indices, in table order

struct Round {
  int number = 1;
  std::vector<Table> tables;
  std::vector<int> byes;  // bots that sit this round out
};

// Bots per table: the number of teams with partnership_fill = "team", the
// number of seats otherwise.
int UnitsPerTable(const TournamentConfig& config, const TeamLayout& layout);

// Tables of 3 or more units play every combination of bots while there are
// at most this many; beyond, a balanced design (see tables.h).
inline constexpr int kMaxTablesPerRound = 200;

struct ScheduleOptions {
  int max_tables_per_round = kMaxTablesPerRound;
};

// A schedule may hold at most this many games (a bigger one would not fit in
// memory): split it into several tournaments, or lower rounds or deals.
inline constexpr double kMaxScheduledGames = 10'000'000;

// Refuses, before anything is built, a schedule too large to hold in memory
// (rounds = 100000 with deals_per_pairing = 100000, say), of
// `tables_per_round` tables a round.
std::expected<void, std::string> CheckScheduleSize(
    const TournamentConfig& config, const TeamLayout& layout,
    double tables_per_round);

// The rounds of a round-robin or gauntlet tournament (a gauntlet: the
// config names its gauntlet_bot). Errors name the key
// (too few bots for the tables, a layout that does not match `seats`).
std::expected<std::vector<Round>, std::string> FixedRounds(
    const TournamentConfig& config, const TeamLayout& layout,
    const ScheduleOptions& options = {});

// The games of one round, numbered from `first_index`, with the ids and
// groups of their place in the schedule ("r3-t12-d1-s2") and no deal seed:
// SealGames gives them the run's. `offset` shifts which
// seat rotation and partnership each deal starts from (round-robin cycles
// use it so that an odd number of deals still evens out over cycles).
std::vector<ScheduledGame> ExpandRound(const TournamentConfig& config,
                                       const TeamLayout& layout,
                                       const Round& round, int first_index,
                                       int offset = 0);

// Every game of a round-robin or gauntlet tournament (Swiss rounds depend on
// results: see swiss.h).
std::expected<std::vector<ScheduledGame>, std::string> BuildSchedule(
    const TournamentConfig& config, const TeamLayout& layout,
    const ScheduleOptions& options = {});

// Makes games the run's: ids and duplicate groups get the run's tag
// (RunTag of `key` and `seed`) in front, every game the deal seed of its
// (round, table, deal) under the key (DealSeedOf), and the id its bots are
// told (BotGameId). Rotations of one deal share the deal seed.
void SealGames(std::vector<ScheduledGame>& games, const SipKey& key,
               uint64_t seed);

// Checks a layout against `seats`; the error names the key.
std::expected<void, std::string> CheckLayout(const TournamentConfig& config,
                                             const TeamLayout& layout);

// A round's pairings, one line per table and one for the byes:
//   "  table 1: greedy v random" (2 bots), "  table 2: a, b, c, d",
//   "  bye: e".
std::string PairingsText(const Round& round,
                         const std::vector<std::string>& names);

// Shards: game `index` belongs to shard index % count (0-based).
bool InShard(const ScheduledGame& game, int shard_index, int shard_count);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_SCHEDULE_H_
