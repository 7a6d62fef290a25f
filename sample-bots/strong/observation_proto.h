// The engine's view of a zetema.v1.Observation: what the search reads.
#ifndef SAMPLE_BOTS_STRONG_OBSERVATION_PROTO_H_
#define SAMPLE_BOTS_STRONG_OBSERVATION_PROTO_H_

#include <expected>
#include <string>

#include "arbiter/games/zetema/events.h"
#include "zetema/v1/zetema.pb.h"

namespace strong {

// Converts every field the belief uses. Only the events of the hand in
// progress are kept (from its DEAL event on), with the fields the belief
// reads (type, seat, card, points, value, the declared action). Errors name
// the field that does not parse.
std::expected<zetema::Observation, std::string> ObservationFromProto(
    const zetema::v1::Observation& proto);

}  // namespace strong

#endif  // SAMPLE_BOTS_STRONG_OBSERVATION_PROTO_H_
