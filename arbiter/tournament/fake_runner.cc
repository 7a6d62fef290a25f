#include "arbiter/tournament/fake_runner.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "arbiter/tournament/tables.h"

namespace arbiter::tournament {

std::expected<std::string, std::string> FakeRunner::Run(
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
  nlohmann::json seats = nlohmann::json::array();
  nlohmann::json places = nlohmann::json::array();
  nlohmann::json faults = nlohmann::json::array();
  for (int s = 0; s < n; ++s) {
    const std::string& name = config_.bots[game.seat_bots[s]].name;
    seats.push_back({{"seat", s},
                     {"bot_name", name},
                     {"bot_version", "1"},
                     {"team", game.teams[s]}});
    int place = 1;
    for (int t = 0; t < teams; ++t) {
      if (team_score[t] > team_score[game.teams[s]]) ++place;
    }
    places.push_back(place);
    if (name.find("faulty") != std::string::npos) {
      faults.push_back({{"seat", s},
                        {"reason", "FAULT_REASON_TIMEOUT"},
                        {"step", 3},
                        {"detail", "fake"}});
    }
  }
  nlohmann::json record = {{"game_id", game.game_id},
                           {"game", "fake"},
                           {"num_players", n},
                           {"seed", std::to_string(game.deal_seed)},
                           {"first_dealer", game.first_dealer},
                           {"seats", seats},
                           {"result", {{"places", places}, {"faults", faults}}},
                           {"tournament_id", config_.name},
                           {"round", game.round},
                           {"duplicate_group", game.duplicate_group}};
  return record.dump();
}

}  // namespace arbiter::tournament
