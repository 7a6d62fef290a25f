#include "arbiter/tournament/schedule.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <set>

#include "arbiter/common/deal_secret.h"
#include "arbiter/records/run_ids.h"
#include "arbiter/tournament/tables.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;

// Seat -> unit maps for one table: one per way of splitting the units into
// teams (only individual fill with partnerships has more than one).
using Arrangement = std::vector<int>;

// Every split of units 0..k-1 into the layout's teams (all of one size), in
// a fixed order: the block holding the lowest unplaced unit is filled first,
// its other members in lexicographic order. Block b takes team b's seats in
// increasing order.
void SplitInto(const TeamLayout& layout, int team_size,
               std::vector<std::vector<int>>& blocks, std::vector<bool>& used,
               std::vector<Arrangement>& out) {
  const int k = layout.NumSeats();
  int first = 0;
  while (first < k && used[first]) ++first;
  if (first == k) {
    Arrangement seat_to_unit(k);
    for (int b = 0; b < int(blocks.size()); ++b) {
      int member = 0;
      for (int s = 0; s < k; ++s) {
        if (layout.team_of[s] == b) seat_to_unit[s] = blocks[b][member++];
      }
    }
    out.push_back(std::move(seat_to_unit));
    return;
  }
  // Choose the other team_size - 1 members of first's block, in order.
  std::vector<int> block = {first};
  used[first] = true;
  auto extend = [&](auto&& self, int from) -> void {
    if (int(block.size()) == team_size) {
      blocks.push_back(block);
      SplitInto(layout, team_size, blocks, used, out);
      blocks.pop_back();
      return;
    }
    for (int u = from; u < k; ++u) {
      if (used[u]) continue;
      used[u] = true;
      block.push_back(u);
      self(self, u + 1);
      block.pop_back();
      used[u] = false;
    }
  };
  extend(extend, first + 1);
  used[first] = false;
}

std::vector<Arrangement> Arrangements(const TournamentConfig& config,
                                      const TeamLayout& layout) {
  const int k = layout.NumSeats();
  const int teams = layout.NumTeams();
  Arrangement natural(k);
  for (int s = 0; s < k; ++s) natural[s] = s;
  if (teams == k) return {natural};
  if (config.partnership_fill == PartnershipFill::kTeam) {
    return {layout.team_of};  // unit t fills every seat of team t
  }
  std::vector<Arrangement> out;
  std::vector<std::vector<int>> blocks;
  std::vector<bool> used(k, false);
  SplitInto(layout, k / teams, blocks, used, out);
  return out;
}

// The smallest shift that maps the arrangement onto itself: the number of
// distinct seat rotations.
int RotationPeriod(const Arrangement& a) {
  const int k = int(a.size());
  for (int r = 1; r < k; ++r) {
    bool same = true;
    for (int s = 0; s < k && same; ++s) same = a[s] == a[(s + r) % k];
    if (same) return r;
  }
  return k;
}

}  // namespace

int TeamLayout::NumTeams() const {
  return team_of.empty()
             ? 0
             : *std::max_element(team_of.begin(), team_of.end()) + 1;
}

int UnitsPerTable(const TournamentConfig& config, const TeamLayout& layout) {
  return config.partnership_fill == PartnershipFill::kTeam ? layout.NumTeams()
                                                           : layout.NumSeats();
}

void SealGames(std::vector<ScheduledGame>& games, const SipKey& key,
               uint64_t seed) {
  const std::string tag = RunTag(key, seed);
  for (ScheduledGame& game : games) {
    game.game_id = records::RunGameId(tag, game.game_id);
    if (!game.duplicate_group.empty()) {
      game.duplicate_group = records::RunGameId(tag, game.duplicate_group);
    }
    const uint64_t place[] = {uint64_t(game.round), uint64_t(game.table),
                              uint64_t(game.deal)};
    game.deal_seed = DealSeedOf(key, seed, place);
    game.bot_game_id = BotGameId(key, game.game_id);
  }
}

bool InShard(const ScheduledGame& game, int shard_index, int shard_count) {
  return game.index % shard_count == shard_index;
}

std::expected<void, std::string> CheckLayout(const TournamentConfig& config,
                                             const TeamLayout& layout) {
  if (layout.NumSeats() != config.seats) {
    return Error(fmt::format("seats: the team layout has {} seats, not {}",
                             layout.NumSeats(), config.seats));
  }
  const int teams = layout.NumTeams();
  std::vector<int> size(teams, 0);
  for (int t : layout.team_of) {
    if (t < 0) return Error("ruleset: negative team in the team layout");
    ++size[t];
  }
  for (int t = 0; t < teams; ++t) {
    if (size[t] != config.seats / teams || config.seats % teams != 0) {
      return Error("ruleset: teams of unequal size are not supported");
    }
  }
  return {};
}

std::vector<ScheduledGame> ExpandRound(const TournamentConfig& config,
                                       const TeamLayout& layout,
                                       const Round& round, int first_index,
                                       int offset) {
  const std::vector<Arrangement> arrangements = Arrangements(config, layout);
  const int k = layout.NumSeats();
  std::vector<ScheduledGame> games;
  int index = first_index;
  for (int t = 0; t < int(round.tables.size()); ++t) {
    const Table& units = round.tables[t];
    for (int d = 0; d < config.deals_per_pairing; ++d) {
      const Arrangement& arrangement =
          arrangements[(d + offset) % arrangements.size()];
      const int period = RotationPeriod(arrangement);
      const int first = config.duplicate ? 0 : (d + offset) % period;
      const int last = config.duplicate ? period : first + 1;
      for (int r = first; r < last; ++r) {
        ScheduledGame game;
        game.index = index++;
        game.round = round.number;
        game.table = t + 1;
        game.deal = d + 1;
        game.rotation = r;
        game.game_id = fmt::format("r{}-t{}-d{}-s{}", game.round, game.table,
                                   game.deal, r);
        for (int s = 0; s < k; ++s) {
          // Rotating by r moves the unit of seat s to seat s + r.
          const int unit = arrangement[((s - r) % k + k) % k];
          assert(unit < int(units.size()));
          game.seat_bots.push_back(units[unit]);
        }
        game.teams = layout.team_of;
        game.first_dealer = k - 1;
        if (config.duplicate) {
          game.duplicate_group =
              fmt::format("r{}-t{}-d{}", game.round, game.table, game.deal);
          game.seatings = period;
        }
        games.push_back(std::move(game));
      }
    }
  }
  return games;
}

std::expected<std::vector<Round>, std::string> FixedRounds(
    const TournamentConfig& config, const TeamLayout& layout,
    const ScheduleOptions& options) {
  if (auto ok = CheckLayout(config, layout); !ok) {
    return std::unexpected(ok.error());
  }
  const int units = UnitsPerTable(config, layout);
  const int n = int(config.bots.size());
  // A gauntlet seats its bot at every table and draws the others from the
  // rest; a round-robin draws all units from every bot.
  const bool gauntlet = !config.gauntlet_bot.empty();
  const int pool = gauntlet ? n - 1 : n;
  const int drawn = gauntlet ? units - 1 : units;
  if (pool < drawn) {
    return Error(fmt::format(
        "bots: {} bots cannot fill tables of {} seats ({} bots per table "
        "with partnership_fill = \"{}\")",
        n, config.seats, units, ToString(config.partnership_fill)));
  }
  std::vector<int> others;  // bot index of every pool member
  const int hero = gauntlet ? config.BotIndex(config.gauntlet_bot) : -1;
  for (int b = 0; b < n; ++b) {
    if (b != hero) others.push_back(b);
  }
  std::vector<std::vector<Table>> per_round;
  const bool all = drawn <= 1 || units == 2 ||
                   Binomial(pool, drawn) <= options.max_tables_per_round;
  if (all) {
    per_round.assign(config.rounds, AllCombinations(pool, drawn));
  } else {
    per_round =
        BalancedRounds(pool, drawn, config.rounds, options.max_tables_per_round,
                       config.seed.value_or(0));
  }
  std::vector<Round> rounds;
  for (int r = 0; r < config.rounds; ++r) {
    Round round;
    round.number = r + 1;
    for (const Table& combination : per_round[r]) {
      Table table;
      if (gauntlet) table.push_back(hero);
      for (int member : combination) table.push_back(others[member]);
      round.tables.push_back(std::move(table));
    }
    rounds.push_back(std::move(round));
  }
  return rounds;
}

std::expected<std::vector<ScheduledGame>, std::string> BuildSchedule(
    const TournamentConfig& config, const TeamLayout& layout,
    const ScheduleOptions& options) {
  auto rounds = FixedRounds(config, layout, options);
  if (!rounds) return std::unexpected(rounds.error());
  std::vector<ScheduledGame> games;
  for (const Round& round : *rounds) {
    // Each cycle starts one rotation later, so that cycles even out seats.
    auto more = ExpandRound(config, layout, round, int(games.size()),
                            /*offset=*/round.number - 1);
    for (auto& g : more) games.push_back(std::move(g));
  }
  return games;
}

std::expected<void, std::string> CheckScheduleSize(
    const TournamentConfig& config, const TeamLayout& layout,
    double tables_per_round) {
  const double games = double(config.rounds) * tables_per_round *
                       config.deals_per_pairing *
                       (config.duplicate ? UnitsPerTable(config, layout) : 1);
  if (games > kMaxScheduledGames) {
    return Error(fmt::format(
        "rounds, deals_per_pairing, bots: the schedule would have {:.3g} "
        "games, more than {}",
        games, kMaxScheduledGames));
  }
  return {};
}

std::string PairingsText(const Round& round,
                         const std::vector<std::string>& names) {
  std::string out;
  int number = 0;
  for (const Table& table : round.tables) {
    std::string bots;
    for (int bot : table) {
      bots += (bots.empty()        ? ""
               : table.size() == 2 ? " v "
                                   : ", ") +
              names[bot];
    }
    out += fmt::format("  table {}: {}\n", ++number, bots);
  }
  if (!round.byes.empty()) {
    std::string byes;
    for (int bot : round.byes) byes += (byes.empty() ? "" : ", ") + names[bot];
    out += fmt::format("  bye: {}\n", byes);
  }
  return out;
}

}  // namespace arbiter::tournament
