// Replaying game records through their game: verification and printing.
// Works for every registered game (the record names it).
#ifndef ARBITER_REPLAY_REPLAY_H_
#define ARBITER_REPLAY_REPLAY_H_

#include <expected>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "arbiter/game/game.h"
#include "arbiter/v1/record.pb.h"

namespace arbiter {

// The state at the start of a recorded game (its game, ruleset, seed, first
// dealer and recorded decks).
std::expected<std::unique_ptr<game::State>, std::string> InitialState(
    const v1::GameRecord& record);

// Re-derives the game from its ruleset, seed, decks and steps, and lists
// every difference from the record (empty: the record holds).
std::vector<std::string> VerifyRecord(const v1::GameRecord& record);

// Prints the game step by step as `seat` saw it (its own cards, public
// events), or as everyone saw it with `seat` = -1 (every hand and card).
// Every hand's start shows the cards dealt, every hand's end the running
// scores; every line names the bot.
std::expected<void, std::string> PrintGame(const v1::GameRecord& record,
                                           int seat, std::ostream& out);

// The same steps as JSON lines, one object per step (seat, bot, action,
// decision time, strike, the events it caused as `seat` saw them, the
// scores after it), then one for the result.
std::expected<void, std::string> PrintGameJson(const v1::GameRecord& record,
                                               int seat, std::ostream& out);

}  // namespace arbiter

#endif  // ARBITER_REPLAY_REPLAY_H_
