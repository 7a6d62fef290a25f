// Tournament formats by name: the config's `format = "..."`, the keys each
// format adds to the config, and the factory that makes it. Adding a format
// is a file of its own with its FormatEntry, one line in registry.cc, and
// its docs (docs/architecture.md, "Adding a format").
#ifndef ARBITER_TOURNAMENT_FORMATS_REGISTRY_H_
#define ARBITER_TOURNAMENT_FORMATS_REGISTRY_H_

#include <expected>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/common/siphash.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/formats/format.h"
#include "arbiter/tournament/schedule.h"

namespace arbiter::tournament {

struct FormatEntry {
  std::string_view name;       // format = "round-robin"
  std::string_view described;  // "a round-robin", in messages
  // Config keys of its own, refused with any other format.
  std::vector<std::string_view> keys;
  // Checks (and completes) a parsed config of this format; `given` holds
  // the keys the file gave. The error names the key.
  std::function<std::expected<void, std::string>(
      TournamentConfig* config, std::span<const std::string> given)>
      check;
  // The format of a checked config (its seed is the run's) under the run's
  // key; the error names the key that makes the tournament impossible.
  std::function<std::expected<std::unique_ptr<TournamentFormat>, std::string>(
      const TournamentConfig& config, const TeamLayout& layout,
      const SipKey& key)>
      make;
};

// Every format, in the order the docs list them.
std::span<const FormatEntry> Formats();
// The format called `name`, or nullptr.
const FormatEntry* FindFormat(std::string_view name);
// "\"round-robin\", \"swiss\", ...": for errors.
std::string FormatNames();

// The format of `config` (its seed is the run's, 0 when none yet) under
// `key` (all zero to plan without a secret).
std::expected<std::unique_ptr<TournamentFormat>, std::string> MakeFormat(
    const TournamentConfig& config, const TeamLayout& layout,
    const SipKey& key = {});

// Format entries, each defined in its format's file.
FormatEntry RoundRobinFormat();
FormatEntry GauntletFormat();
FormatEntry SwissFormat();
FormatEntry KnockoutFormat();

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_FORMATS_REGISTRY_H_
