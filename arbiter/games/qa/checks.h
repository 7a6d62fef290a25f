// Invariants every game must hold through the game interface, checked after
// every step of seeded random playouts (playout_test.cc, label sim), by the
// fuzzer and by new games' own tests:
// - every card is in exactly one zone of the table view, and the multiset of
//   cards never changes;
// - the legal list is non-empty exactly when a seat must act; every listed
//   action's text parses back to its own index; every listed action applies;
// - an unlisted answer is refused and leaves the state unchanged;
// - the same setup and the same choices give the same game; every game ends;
// - viewers of one EventViewerClass see an event in the same text;
// - information hiding: nothing a seat is sent (its decision request, the
//   events as it sees them, its observation text, the game start) names a
//   card hidden from it at that moment, judged by the table view.
#ifndef ARBITER_GAMES_QA_CHECKS_H_
#define ARBITER_GAMES_QA_CHECKS_H_

#include <google/protobuf/message.h>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/game/game.h"

namespace game::qa {

struct PlayoutOptions {
  // Off: only card conservation, a non-empty legal list and the end (the
  // outcome, and the record replaying to the same game) are checked, for
  // many games at little cost.
  bool every_check = true;
  int max_steps = 100000;  // far above any real game
};

struct PlayoutResult {
  std::string error;               // empty when every check held
  std::vector<int> choices;        // the index played at every step
  std::vector<std::string> texts;  // the action played at every step
  Outcome outcome;
};

// Plays `setup` choosing uniformly among the legal actions with a generator
// seeded by `choice_seed`, checking every invariant above after every step.
PlayoutResult CheckedPlayout(const Game& game, const Setup& setup,
                             uint64_t choice_seed,
                             const PlayoutOptions& options = {});

// Tokens of `text` that are cards in the common notation (rank 2-9, T, 10,
// J, Q, K, A then suit S, H, D, C; a trailing '*' or punctuation ignored).
std::vector<std::string> CardsInText(std::string_view text);
// Every card named in any string field of `message`, recursively.
std::vector<std::string> CardsInMessage(
    const google::protobuf::Message& message);

// The cards `seat` may see in `view` (normalized: "10H" reads "TH"); seat -1:
// the cards every seat sees.
std::set<std::string> VisibleTo(const TableView& view, int seat);
// Every card of the view, sorted: the multiset that must never change.
std::vector<std::string> AllCards(const TableView& view);

}  // namespace game::qa

#endif  // ARBITER_GAMES_QA_CHECKS_H_
