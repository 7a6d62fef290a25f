// The list of games `arbiter replay FILE` prints to pick one from: one line
// per game (players, points, places, how it ended, faults), as text for
// people or JSON for tools, filtered by bot and result.
#ifndef ARBITER_REPORT_GAME_LIST_H_
#define ARBITER_REPORT_GAME_LIST_H_

#include <nlohmann/json.hpp>
#include <string>

#include "arbiter/v1/record.pb.h"

namespace arbiter::report {

struct GameFilter {
  std::string bot;      // only the games this bot played (all when empty)
  bool won = false;     // ... and won (placed first)
  bool lost = false;    // ... and did not win
  bool faults = false;  // only the games with a fault
};

bool Listed(const GameFilter& filter, const arbiter::v1::GameRecord& record);

// "ID  GAME  BOT POINTS #PLACE ...  END  [BOT: N x REASON, first at step
// S]": every text of the record's made safe for a terminal (records may
// hold anything).
std::string GameLine(const arbiter::v1::GameRecord& record);

// The same as one JSON object: game_id, game, seats (seat, bot, team,
// score, place), end, winner, team_scores, steps, faults.
nlohmann::json GameLineJson(const arbiter::v1::GameRecord& record);

// Whether `name` names the game `id`: the id itself, or what follows its
// run's tag ("g3" names "s7-g3").
bool NamesGame(const std::string& id, const std::string& name);

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_GAME_LIST_H_
