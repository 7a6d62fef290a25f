// What round-robin and gauntlet share: a schedule fixed by the config and
// the seed (schedule.h), played as one batch.
#ifndef ARBITER_TOURNAMENT_FORMATS_FIXED_SCHEDULE_H_
#define ARBITER_TOURNAMENT_FORMATS_FIXED_SCHEDULE_H_

#include <expected>
#include <memory>
#include <string>
#include <string_view>

#include "arbiter/common/siphash.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/formats/format.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

// The format of a fixed schedule; `described` is its name with its article
// ("a gauntlet"). The error names the key that makes the schedule
// impossible or too large to hold.
std::expected<std::unique_ptr<TournamentFormat>, std::string> MakeFixedSchedule(
    const TournamentConfig& config, const TeamLayout& layout, const SipKey& key,
    std::string_view described);

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_FORMATS_FIXED_SCHEDULE_H_
