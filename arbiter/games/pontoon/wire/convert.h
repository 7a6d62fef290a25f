// Pontoon's engine values as pontoon.v1 messages (proto/pontoon/v1), and
// back. What a viewer may not see is never copied: a card hidden from it is
// the empty string.
#ifndef PONTOON_WIRE_CONVERT_H_
#define PONTOON_WIRE_CONVERT_H_

#include <expected>
#include <string>

#include "arbiter/games/pontoon/action.h"
#include "arbiter/games/pontoon/events.h"
#include "arbiter/games/pontoon/ruleset.h"
#include "arbiter/games/pontoon/state.h"
#include "pontoon/v1/pontoon.pb.h"

namespace pontoon::wire {

v1::Ruleset RulesetToProto(const Ruleset& rules);
// Every knob checked; the error names the field.
std::expected<Ruleset, std::string> RulesetFromProto(const v1::Ruleset& rules);

// Each ...ToProto fills a message in place (one that a request's arena
// owns, say).
void ActionToProto(const Action& action, v1::Action* out);
std::expected<Action, std::string> ActionFromProto(const v1::Action& action);

// Event `e` of `state` as `viewer` (a seat, kEveryone or kPublicOnly) sees it.
void EventToProto(const State& state, const Event& e, int viewer,
                  v1::Event* out);

// What `seat` sees now (history left empty: events are streamed).
void ObservationToProto(const State& state, int seat, v1::Observation* out);

// Whether `viewer` may see card `i` of `hand` of `owner`.
bool CardVisible(const Hand& hand, int i, int owner, int viewer);

}  // namespace pontoon::wire

#endif  // PONTOON_WIRE_CONVERT_H_
