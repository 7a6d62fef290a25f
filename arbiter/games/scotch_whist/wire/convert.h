// Conversions between the engine's values and their scotch_whist.v1
// messages. A structured action maps one-to-one onto its text ("play 9H").
#ifndef SCOTCH_WHIST_WIRE_CONVERT_H_
#define SCOTCH_WHIST_WIRE_CONVERT_H_

#include <expected>
#include <string>

#include "arbiter/games/scotch_whist/ruleset.h"
#include "arbiter/games/scotch_whist/state.h"
#include "scotch_whist/v1/scotch_whist.pb.h"

namespace scotch_whist::wire {

namespace pb = ::scotch_whist::v1;

pb::Ruleset RulesetToProto(const Ruleset& rules);
// Errors name the field; the result is validated.
std::expected<Ruleset, std::string> RulesetFromProto(const pb::Ruleset& proto);

// Each ...ToProto fills a message in place (one that a request's arena
// owns, say) or returns a new one.
void ActionToProto(Card card, pb::Action* out);
inline pb::Action ActionToProto(Card card) {
  pb::Action out;
  ActionToProto(card, &out);
  return out;
}
// The card a structured action plays; errors say what is missing or wrong.
std::expected<Card, std::string> CardFromProto(const pb::Action& action);

pb::ScoreItem ScoreItemToProto(ScoreItem item);

// The event as `viewer` sees it (text.h's viewers): the deal carries the
// viewer's own hand, every other event is public.
void EventToProto(const State& s, const Event& e, int viewer, pb::Event* out);
inline pb::Event EventToProto(const State& s, const Event& e, int viewer) {
  pb::Event out;
  EventToProto(s, e, viewer, &out);
  return out;
}

// What `seat` sees now.
void ObservationToProto(const State& s, int seat, pb::Observation* out);

}  // namespace scotch_whist::wire

#endif  // SCOTCH_WHIST_WIRE_CONVERT_H_
