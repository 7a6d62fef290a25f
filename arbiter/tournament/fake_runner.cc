#include "arbiter/tournament/fake_runner.h"

#include <algorithm>
#include <thread>

#include "arbiter/tournament/tables.h"

namespace arbiter::tournament {

std::expected<PlayedGame, std::string> FakeRunner::Run(
    const ScheduledGame& game) {
  const int call = calls_.fetch_add(1);
  if (hook_) hook_(call);
  if (fail_from_ >= 0 && call >= fail_from_) {
    return std::unexpected("fake runner: match play crashed");
  }
  const int n = int(game.seat_bots.size());
  const int teams = *std::max_element(game.teams.begin(), game.teams.end()) + 1;
  std::vector<int> team_score(teams, 0);
  SplitMix64 rng(game.deal_seed);
  for (int s = 0; s < n; ++s) {
    // Luck of the seat plus skill of the bot.
    team_score[game.teams[s]] +=
        int(rng.Below(100)) +
        20 * (int(config_.bots.size()) - game.seat_bots[s]);
  }
  arbiter::v1::GameRecord record;
  record.set_game_id(game.game_id);
  record.set_game("fake");
  record.set_num_players(n);
  record.set_seed(game.deal_seed);
  record.set_first_dealer(game.first_dealer);
  record.set_tournament_id(config_.name);
  record.set_round(game.round);
  record.set_duplicate_group(game.duplicate_group);
  auto& result = *record.mutable_result();
  for (int s = 0; s < n; ++s) {
    const std::string& name = config_.bots[game.seat_bots[s]].name;
    auto& seat = *record.add_seats();
    seat.set_seat(s);
    seat.set_bot_name(name);
    seat.set_bot_version("1");
    seat.set_team(game.teams[s]);
    int place = 1;
    for (int t = 0; t < teams; ++t) {
      if (team_score[t] > team_score[game.teams[s]]) ++place;
    }
    result.add_places(place);
    result.add_scores(team_score[game.teams[s]]);
    if (name.find("faulty") != std::string::npos) {
      auto& fault = *result.add_faults();
      fault.set_seat(s);
      fault.set_reason(arbiter::v1::FAULT_REASON_TIMEOUT);
      fault.set_step(3);
      fault.set_detail("fake");
    }
  }
  return PlayedGameOf(std::move(record));
}

std::expected<PlayedGame, std::string> WatchingRunner::Run(
    const ScheduledGame& game) {
  {
    std::lock_guard lock(mu_);
    for (int bot : game.seat_bots) {
      if (!playing_.insert({game.duplicate_group, bot}).second) ++overlaps_;
    }
    max_running_ = std::max(max_running_, ++running_);
  }
  std::this_thread::sleep_for(game_time_);
  auto played = fake_.Run(game);
  std::lock_guard lock(mu_);
  for (int bot : game.seat_bots) playing_.erase({game.duplicate_group, bot});
  --running_;
  return played;
}

}  // namespace arbiter::tournament
