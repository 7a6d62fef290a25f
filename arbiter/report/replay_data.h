// What the replay viewer draws for one game, as JSON: the record replayed
// through its game (arbiter/replay/replay.h) with the game's table view,
// counters, scores and events taken at every position. It knows no game:
// everything comes from game.h, so every registered game gets a viewer.
//
// Position p is the state after p steps (0: as dealt). The JSON (format 1,
// docs/report.md):
//
//   id, game, ruleset, tournament, round, started_at, finished_at,
//   seats[{bot, version, team, restart_reason}], partnerships (some seats
//   share a team),  restart_reason: why the bot's process was restarted
//   before this game ("" when it was not)
//   score_unit                   the seat counter that equals the score at
//                                every position ("chips"), or ""
//   result{end, winner, scores, team_scores, places, hands, forfeit_seat},
//   faults[{seat, reason, step, detail}],
//   steps[{seat, action, us, cpu_us, strike, legal[]}]   legal: text indices
//   texts[]                      every event and legal-action text, once
//   zones[[name, owner, "cards", seen]]  each distinct zone content once;
//                                seen: a mask for every card, or one per card
//   views[p][]                   indices into zones, in the game's order
//   counter_keys[[name, owner]], counters[p][]   (null: absent there)
//   scores[p][], team_scores[p][]
//   events[]                     a text index, or one per viewer:
//                                [everyone, public, seat 0, seat 1, ...]
//   event_counts[p]              events that exist at position p
//   logs{seat: {lines[], steps[], source, dropped, dropped_at{step: n},
//        started}}       steps: per line, the step it was printed in
//                        (-1: before the bot's first step; its startup
//                        output when `started`, the process began then)
//   hand_starts[]                positions where a hand begins: 0, and each
//                                position where the hands played rose
//   duplicate_group              the deal's, for its other seatings
//   error                        when the record does not replay to its end
#ifndef ARBITER_REPORT_REPLAY_DATA_H_
#define ARBITER_REPORT_REPLAY_DATA_H_

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arbiter/v1/record.pb.h"

namespace arbiter::report {

// The lines a bot printed during one game, from its log.
struct SeatLog {
  std::vector<std::string> lines;
  // Per line: the step during which it was printed (from the request of
  // that step on); -1: before the bot's first step (its startup output
  // when `started`).
  std::vector<int> steps;
  std::string source;             // the log file
  int dropped = 0;                // lines left out (over a limit), in all
  std::map<int, int> dropped_at;  // of those, by step
  bool started = false;           // its process was started for this game
};
using GameLogs = std::map<int, SeatLog>;  // by seat

struct ReplayDataOptions {
  // The legal actions at every step (what the bot chose from).
  bool legal_actions = true;
};

// "target", "max hands", "forfeit", "complete" ("" when unspecified).
std::string EndReasonName(v1::EndReason reason);

// The viewer's data for `record`, as JSON text: the bytes
// ReplayData(...).dump(-1, ' ', false, replace) gives, written directly
// without building the json value (the report writes every game's).
struct ReplayText {
  std::string json;
  std::string error;       // its "error" ("" when it replays to its end)
  std::string score_unit;  // its "score_unit"
};
ReplayText ReplayDataText(const v1::GameRecord& record,
                          const GameLogs* logs = nullptr,
                          const ReplayDataOptions& options = {});

// The same as a json value. A record that cannot be replayed to its end
// still gives what could be (its error in "error").
nlohmann::json ReplayData(const v1::GameRecord& record,
                          const GameLogs* logs = nullptr,
                          const ReplayDataOptions& options = {});

}  // namespace arbiter::report

#endif  // ARBITER_REPORT_REPLAY_DATA_H_
