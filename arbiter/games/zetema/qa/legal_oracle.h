// A second, deliberately naive reading of docs/rules/zetema.md, written apart
// from the engine, for the playout test and the fuzzer to compare against: the
// legal actions of a state by brute force over the hand, and the points of
// every declaration and zetema. Slow on purpose; never used in play.
#ifndef ZETEMA_LEGAL_ORACLE_H_
#define ZETEMA_LEGAL_ORACLE_H_

#include <string>
#include <vector>

#include "arbiter/games/zetema/action.h"
#include "arbiter/games/zetema/cards.h"
#include "arbiter/games/zetema/events.h"
#include "arbiter/games/zetema/ruleset.h"
#include "arbiter/games/zetema/state.h"

namespace zetema::playout {

// What `cards` are as a meld of length `meld_length` (kNone: no meld).
MeldType ClassifyMeld(const std::vector<Card>& cards, const Ruleset& rules,
                      int meld_length);

// Every legal action of the seat to act, by brute force: every discard, every
// meld with each discard the rules allow, every set of marriages.
std::vector<Action> OracleLegalActions(const State& state);

// Compares the engine's list with the oracle's (as sets).
std::string CheckAgainstOracle(const State& state,
                               const std::vector<Action>& legal);

// Follows the event stream and checks the points of every declaration and
// zetema, and that every seat's score is the sum of its points.
class EventAuditor {
 public:
  // Checks the events of `state` not seen yet.
  std::string Check(const State& state);

 private:
  std::string CheckOne(const State& state, const Event& e);

  size_t seen_ = 0;
  std::vector<int> points_;  // per seat, from the events
  bool assembly_declared_[kNumRanks] = {};
  int imperial_marriages_ = 0;  // this deal
};

}  // namespace zetema::playout

#endif  // ZETEMA_LEGAL_ORACLE_H_
