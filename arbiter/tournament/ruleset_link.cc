#include "arbiter/tournament/ruleset_link.h"

#include "arbiter/games/zetema/ruleset_file.h"

namespace arbiter::tournament {

std::expected<ResolvedRuleset, std::string> ResolveRuleset(
    const TournamentConfig& config) {
  // The config already made a relative file path absolute.
  auto rules = zetema::LoadRuleset(config.ruleset);
  if (!rules) return std::unexpected("ruleset: " + rules.error());
  ResolvedRuleset out{*rules, {rules->Teams(config.seats)}};
  if (auto ok = CheckLayout(config, out.layout); !ok) {
    return std::unexpected(ok.error());
  }
  return out;
}

}  // namespace arbiter::tournament
