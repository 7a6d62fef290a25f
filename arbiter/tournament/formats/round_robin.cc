// Round-robin: every combination of bots at a table, `rounds` times
// (schedule.h), one fixed schedule.
#include "arbiter/tournament/formats/fixed_schedule.h"
#include "arbiter/tournament/formats/registry.h"

namespace arbiter::tournament {

FormatEntry RoundRobinFormat() {
  return {.name = "round-robin",
          .described = "a round-robin",
          .keys = {},
          .check = [](TournamentConfig*, std::span<const std::string>)
              -> std::expected<void, std::string> { return {}; },
          .make =
              [](const TournamentConfig& config, const TeamLayout& layout,
                 const SipKey& key) {
                return MakeFixedSchedule(config, layout, key, "a round-robin");
              }};
}

}  // namespace arbiter::tournament
