#include "arbiter/tournament/formats/registry.h"

#include <fmt/format.h>

namespace arbiter::tournament {

std::span<const FormatEntry> Formats() {
  static const std::vector<FormatEntry> kFormats = {
      RoundRobinFormat(), SwissFormat(), GauntletFormat(), KnockoutFormat()};
  return kFormats;
}

const FormatEntry* FindFormat(std::string_view name) {
  for (const FormatEntry& entry : Formats()) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

std::string FormatNames() {
  std::string list;
  for (const FormatEntry& entry : Formats()) {
    list += fmt::format("{}\"{}\"", list.empty() ? "" : ", ", entry.name);
  }
  return list;
}

std::expected<std::unique_ptr<TournamentFormat>, std::string> MakeFormat(
    const TournamentConfig& config, const TeamLayout& layout,
    const SipKey& key) {
  const FormatEntry* entry = FindFormat(config.format);
  if (entry == nullptr) {
    return std::unexpected(fmt::format("format: must be one of {}, got \"{}\"",
                                       FormatNames(), config.format));
  }
  return entry->make(config, layout, key);
}

std::expected<void, std::string> RefuseRounds(const RunSplit& split,
                                              std::string_view described) {
  if (split.round == 0 && !split.prior) return {};
  return std::unexpected(fmt::format(
      "--{}: only a Swiss tournament is played round by round; this one is "
      "{}",
      split.round != 0 ? "round" : "prior", described));
}

}  // namespace arbiter::tournament
