// Conversions between the engine's values and their zetema.v1 messages.
//
// Structured actions map one-to-one onto the docs/rules/zetema.md text:
// converting to the engine goes through the text, so that both answer forms are
// parsed and checked by the same code (ParseAction).
#ifndef ARBITER_MATCH_CONVERT_H_
#define ARBITER_MATCH_CONVERT_H_

#include <expected>
#include <string>

#include "arbiter/games/zetema/action.h"
#include "arbiter/games/zetema/events.h"
#include "arbiter/games/zetema/ruleset.h"
#include "zetema/v1/zetema.pb.h"

namespace arbiter {

// A viewer that is no seat: every draw is hidden (the public view).
inline constexpr int kPublicViewer = 1000;

zetema::v1::Ruleset RulesetToProto(const zetema::Ruleset& rules);
// Errors name the field; the result is validated (ValidateRuleset).
std::expected<zetema::Ruleset, std::string> RulesetFromProto(
    const zetema::v1::Ruleset& proto);

// Each ...ToProto fills a message in place (one that a request's arena
// owns, say) or returns a new one.
void ActionToProto(const zetema::Action& action, zetema::v1::Action* out);
inline zetema::v1::Action ActionToProto(const zetema::Action& action) {
  zetema::v1::Action out;
  ActionToProto(action, &out);
  return out;
}
// The docs/rules/zetema.md text of a structured action; errors name what is
// missing.
std::expected<std::string, std::string> ProtoActionToText(
    const zetema::v1::Action& action);
std::expected<zetema::Action, std::string> ActionFromProto(
    const zetema::v1::Action& action);

zetema::v1::MeldType MeldTypeToProto(zetema::MeldType type);

// The event as `viewer` sees it: a draw by another seat carries no card
// (kPublicViewer hides every draw; -1 shows every draw).
void EventToProto(const zetema::Event& event, int viewer,
                  zetema::v1::Event* out);
inline zetema::v1::Event EventToProto(const zetema::Event& event, int viewer) {
  zetema::v1::Event out;
  EventToProto(event, viewer, &out);
  return out;
}

void ObservationToProto(const zetema::Observation& obs, int num_players,
                        zetema::v1::Observation* out);

}  // namespace arbiter

#endif  // ARBITER_MATCH_CONVERT_H_
