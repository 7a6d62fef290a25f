#include "arbiter/tournament/formats/fixed_schedule.h"

#include <algorithm>
#include <cmath>

#include "arbiter/tournament/tables.h"

namespace arbiter::tournament {
namespace {

// Tables a round, as FixedRounds makes them, without making them.
double TablesPerRound(const TournamentConfig& config,
                      const TeamLayout& layout) {
  const int units = UnitsPerTable(config, layout);
  const bool gauntlet = !config.gauntlet_bot.empty();
  const double pool = double(config.bots.size()) - (gauntlet ? 1 : 0);
  const int drawn = gauntlet ? units - 1 : units;
  double combinations = 1;
  for (int i = 0; i < drawn; ++i) combinations *= (pool - i) / (i + 1);
  if (drawn <= 1 || units == 2 || combinations <= kMaxTablesPerRound) {
    return combinations;
  }
  const double per_partition = std::floor(pool / drawn);
  return std::max(1.0, std::floor(kMaxTablesPerRound / per_partition)) *
         per_partition;
}

class FixedSchedule : public TournamentFormat {
 public:
  FixedSchedule(std::vector<ScheduledGame> games, int rounds, int bots,
                std::string_view described)
      : games_(std::move(games)),
        rounds_(rounds),
        bots_(bots),
        described_(described) {}

  std::expected<std::optional<Batch>, std::string> Next() override {
    if (given_) return std::nullopt;
    given_ = true;
    return Batch{.games = games_};
  }
  std::expected<void, std::string> Record(
      const ScheduledGame&, const records::RecordSummary*) override {
    return {};
  }
  bool Adaptive() const override { return false; }
  int Total() const override { return int(games_.size()); }
  Plan MakePlan() const override {
    Plan plan{.rounds = rounds_, .games = int(games_.size())};
    plan.games_per_bot.assign(size_t(bots_), 0);
    for (const ScheduledGame& g : games_) {
      std::vector<int> seen;  // a bot with several seats plays one game
      for (int bot : g.seat_bots) {
        if (std::find(seen.begin(), seen.end(), bot) != seen.end()) continue;
        seen.push_back(bot);
        ++plan.games_per_bot[bot];
      }
    }
    return plan;
  }
  std::expected<void, std::string> CheckSplit(
      const RunSplit& split) const override {
    return RefuseRounds(split, described_);
  }

 private:
  std::vector<ScheduledGame> games_;
  int rounds_, bots_;
  std::string described_;
  bool given_ = false;
};

}  // namespace

std::expected<std::unique_ptr<TournamentFormat>, std::string> MakeFixedSchedule(
    const TournamentConfig& config, const TeamLayout& layout, const SipKey& key,
    std::string_view described) {
  if (auto ok = CheckLayout(config, layout); !ok) {
    return std::unexpected(ok.error());
  }
  if (auto ok =
          CheckScheduleSize(config, layout, TablesPerRound(config, layout));
      !ok) {
    return std::unexpected(ok.error());
  }
  auto games = BuildSchedule(config, layout);
  if (!games) return std::unexpected(games.error());
  SealGames(*games, key, config.seed.value_or(0));
  return std::make_unique<FixedSchedule>(std::move(*games), config.rounds,
                                         int(config.bots.size()), described);
}

}  // namespace arbiter::tournament
