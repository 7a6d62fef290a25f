// Replaying game records through the engine: verification and printing.
#ifndef ARBITER_MATCH_REPLAY_H_
#define ARBITER_MATCH_REPLAY_H_

#include <expected>
#include <ostream>
#include <string>
#include <vector>

#include "arbiter/games/zetema/state.h"
#include "arbiter/v1/record.pb.h"

namespace arbiter {

// The engine state at the start of a recorded game (ruleset, seed, first
// dealer and the recorded decks).
std::expected<zetema::State, std::string> InitialState(
    const arbiter::v1::GameRecord& record);

// Re-derives the game from its ruleset, seed, decks and steps, and lists
// every difference from the record (empty: the record holds).
std::vector<std::string> VerifyRecord(const arbiter::v1::GameRecord& record);

// Prints the game step by step as `seat` saw it (its hand, public events,
// its own draws), or as everyone saw it with `seat` = -1 (every hand and
// every draw).
std::expected<void, std::string> PrintGame(const arbiter::v1::GameRecord& record,
                                           int seat, std::ostream& out);

}  // namespace arbiter

#endif  // ARBITER_MATCH_REPLAY_H_
