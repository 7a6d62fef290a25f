// Gauntlet: one bot (gauntlet_bot) at every table, the others drawn from
// the rest as a round-robin draws them (schedule.h), one fixed schedule.
#include <fmt/format.h>

#include "arbiter/tournament/formats/fixed_schedule.h"
#include "arbiter/tournament/formats/registry.h"

namespace arbiter::tournament {
namespace {

std::expected<void, std::string> CheckGauntlet(
    TournamentConfig* config, std::span<const std::string> /*given*/) {
  if (!config->format_options.contains("gauntlet_bot")) {
    return std::unexpected(
        "gauntlet_bot: missing (needed by format = \"gauntlet\")");
  }
  auto bot = OptionString(*config, "gauntlet_bot", "");
  if (!bot) return std::unexpected(bot.error());
  if (config->BotIndex(*bot) < 0) {
    return std::unexpected(
        fmt::format("gauntlet_bot: no bot named \"{}\"", *bot));
  }
  config->gauntlet_bot = *bot;
  return {};
}

}  // namespace

FormatEntry GauntletFormat() {
  return {.name = "gauntlet",
          .described = "a gauntlet",
          .keys = {"gauntlet_bot"},
          .check = CheckGauntlet,
          .make = [](const TournamentConfig& config, const TeamLayout& layout,
                     const SipKey& key) {
            return MakeFixedSchedule(config, layout, key, "a gauntlet");
          }};
}

}  // namespace arbiter::tournament
