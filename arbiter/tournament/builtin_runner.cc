#include "arbiter/tournament/builtin_runner.h"

#include <fmt/format.h>

#include <vector>

#include "arbiter/games/zetema/state.h"
#include "arbiter/games/zetema/wire/convert.h"
#include "arbiter/match/match.h"
#include "arbiter/records/game_record.h"
#include "arbiter/tournament/tables.h"

namespace arbiter::tournament {

BuiltinRandomRunner::BuiltinRandomRunner(const TournamentConfig& config,
                                         zetema::Ruleset rules)
    : config_(config),
      rules_(std::make_shared<const zetema::Ruleset>(std::move(rules))) {}

std::expected<std::string, std::string> BuiltinRandomRunner::Run(
    const ScheduledGame& game) {
  const int n = int(game.seat_bots.size());
  for (int s = 0; s < n; ++s) {
    const BotConfig& bot = config_.bots[game.seat_bots[s]];
    if (bot.command != kBuiltinRandom) {
      return std::unexpected(
          fmt::format("bot \"{}\": the builtin runner only plays \"{}\" bots",
                      bot.name, kBuiltinRandom));
    }
  }
  zetema::GameConfig setup;
  setup.rules = rules_;
  setup.num_players = n;
  setup.seed = game.deal_seed;
  setup.first_dealer = game.first_dealer;
  auto state = zetema::State::New(setup);
  if (!state) return std::unexpected(state.error());

  arbiter::v1::GameRecord record;
  record.set_game_id(game.game_id);
  record.set_arbiter_version(kArbiterVersion);
  record.set_game("zetema");
  *record.mutable_ruleset() = RulesetToProto(*rules_);
  record.set_num_players(n);
  record.set_seed(game.deal_seed);
  record.set_first_dealer(game.first_dealer);
  record.set_tournament_id(config_.name);
  record.set_round(game.round);
  record.set_duplicate_group(game.duplicate_group);
  record.set_started_at(NowRfc3339());
  for (int s = 0; s < n; ++s) {
    auto* seat = record.add_seats();
    seat->set_seat(s);
    seat->set_bot_name(config_.bots[game.seat_bots[s]].name);
    seat->set_bot_version("builtin");
    seat->set_team(state->TeamOf(s));
  }
  // The moves depend on the game, not only on the deal, so that the seat
  // rotations of a duplicate set are different games.
  SplitMix64 rng(game.deal_seed ^ (uint64_t(game.rotation + 1) << 56));
  std::vector<zetema::Action> legal;
  uint64_t request = 0;
  while (!state->IsTerminal()) {
    const int seat = state->CurrentPlayer();
    state->LegalActions(&legal);
    const zetema::Action& action = legal[rng.Below(legal.size())];
    auto* step = record.add_steps();
    step->set_seat(seat);
    step->set_action(zetema::ActionToString(action));
    step->set_request_id(++request);
    state->ApplyLegal(action);
  }
  FillOutcome(*state, /*forfeit_seat=*/-1, &record);
  record.set_finished_at(NowRfc3339());
  return records::RecordToJson(record);
}

}  // namespace arbiter::tournament
