// Invariants of a game state, checked after every step of random playouts by
// the playout test and the fuzzer. Every check returns an empty string when it
// holds and otherwise says what broke, with enough of the state to reproduce
// it; the callers decide how to fail.
#ifndef ZETEMA_PLAYOUT_CHECKS_H_
#define ZETEMA_PLAYOUT_CHECKS_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/games/zetema/action.h"
#include "arbiter/games/zetema/cards.h"
#include "arbiter/games/zetema/events.h"
#include "arbiter/games/zetema/qa/playout_inputs.h"
#include "arbiter/games/zetema/state.h"

namespace zetema::playout {

// Everything observable about a state, to prove that a refused action left it
// unchanged.
struct Snapshot {
  std::array<CardSet, 6> hands{};
  std::array<CardSet, 6> known{};
  CardSet piles;
  CardSet waste;
  std::array<int, 6> scores{};
  std::array<int, 6> team_scores{};
  int stock_size = 0;
  int current = 0;
  int hand_number = 0;
  int dealer = 0;
  int winner = 0;
  size_t num_events = 0;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};
Snapshot TakeSnapshot(const State& state);

// Hands, piles, waste, stock, scores and the seat to act, for failure
// messages.
std::string DescribeState(const State& state);

// Card conservation: hands + rank piles + waste + the rest of the stock is
// exactly the 65-card pack; plus hand sizes, pile sizes, known cards, team
// scores, the target and the seat to act.
std::string CheckState(const State& state);

// `legal` is LegalActions() of `state`: non-empty exactly when a seat must
// act, pairwise distinct, each with a meld type when it is a meld, each
// printing to text that parses back to itself and that Legalize() accepts.
std::string CheckLegalList(const State& state,
                           const std::vector<Action>& legal);

// Apply() on a copy accepts every listed action.
std::string CheckAllApply(const State& state, const std::vector<Action>& legal);

// The contract for any action at all: Apply() succeeds exactly when the
// action equals a listed one, and a refused action leaves the state
// unchanged. Legalize() agrees with Apply().
std::string CheckApplyMatchesList(const State& state,
                                  const std::vector<Action>& legal,
                                  const Action& action);

// Every seat's observation with history: its own hand, everyone's hand sizes,
// shown cards and scores, and every event, with the cards other seats drew
// hidden.
std::string CheckObservations(const State& state);

// Standings agree with the winner and the team scores.
std::string CheckStandings(const State& state);

// Scores never fall: `previous` holds every seat's score before the step and
// is updated.
std::string CheckScoresRise(const State& state, std::vector<int>* previous);

bool SameEvent(const Event& a, const Event& b);

// A 64-bit FNV-1a digest of an event stream; stable across refactors as long
// as the events are the same.
uint64_t HashEvents(const std::vector<Event>& events, uint64_t hash);

}  // namespace zetema::playout

#endif  // ZETEMA_PLAYOUT_CHECKS_H_
