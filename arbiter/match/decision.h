// One decision of one seat: send the request, wait for the answer within the
// seat's clock, check it. Every way a bot can go wrong comes back as a value.
#ifndef ARBITER_MATCH_DECISION_H_
#define ARBITER_MATCH_DECISION_H_

#include <google/protobuf/arena.h>

#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/game/game.h"
#include "arbiter/match/bot_channel.h"
#include "arbiter/match/clock.h"

namespace arbiter {

struct Decision {
  int action = 0;  // index into the legal actions
  uint32_t decision_us = 0;
  uint64_t request_id = 0;
};

struct DecisionFault {
  arbiter::v1::FaultReason reason = arbiter::v1::FAULT_REASON_UNSPECIFIED;
  std::string detail;
  uint32_t decision_us = 0;
  uint64_t request_id = 0;
};

// How a bot's process ended ("exit status 3", "killed by signal 11
// (SIGSEGV)"), waiting a moment for it; nullopt while it runs. Unset for a
// bot that runs elsewhere.
using ProcessEnded = std::function<std::optional<std::string>()>;

// The fault of a stream that closed `when` ("during the game", ...): a crash
// when the bot's process has ended (its detail says how), else a disconnect.
// docs/protocol.md defines both; every closed stream is judged here.
DecisionFault ClosedStreamFault(const ProcessEnded& process_ended,
                                const std::string& when);

// A fresh request id, unique in this process: an answer to an earlier
// request can never match a later one.
uint64_t NextRequestId();

// The request for the seat to act in `state`: its observation (events
// travel as GameEvent messages) and every legal action; filled into `out`
// (a new message, which may live on an arena) or returned.
void FillDecisionRequest(uint64_t id, const game::State& state,
                         const SeatClock& clock, const std::string& game_id,
                         v1::ArbiterMessage* out);
v1::ArbiterMessage MakeDecisionRequest(uint64_t id, const game::State& state,
                                       const SeatClock& clock,
                                       const std::string& game_id);

// The legal action `reply` denotes, or the fault it is.
std::expected<int, DecisionFault> CheckAnswer(const v1::ActionReply& reply,
                                              const game::State& state);

// Sends `events` (when not null: the GameEvent the seat has not seen yet)
// with the request: inside it for a bot that asked for that
// (Hello.events_in_request; `events` is then moved from), else as a message
// of its own written right before it, once both are built, so that the bot
// most often finds them together and wakes once for the decision rather
// than twice. The seat's clock runs from the request's sending. The
// request is built on `arena` (a decision's hundreds of small parts in a
// few blocks rather than as many allocations): `events`, when it is to be
// moved, belongs there too, or it is copied.
std::expected<Decision, DecisionFault> AskForDecision(
    BotChannel& channel, const game::State& state, SeatClock& clock,
    const std::string& game_id, const ProcessEnded& process_ended,
    v1::ArbiterMessage* events, google::protobuf::Arena& arena);

}  // namespace arbiter

#endif  // ARBITER_MATCH_DECISION_H_
