// Swiss: round R paired from the results of rounds 1..R-1 (swiss.h), one
// round a batch; a run may play one round only (--round R), sharded.
#include "arbiter/tournament/swiss.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>

#include "arbiter/common/plural.h"
#include "arbiter/tournament/formats/registry.h"
#include "arbiter/tournament/standings.h"
#include "arbiter/tournament/swiss_table.h"
#include "arbiter/tournament/swiss_table_text.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;

class Swiss : public TournamentFormat {
 public:
  Swiss(const TournamentConfig& config, const TeamLayout& layout,
        const SipKey& key)
      : config_(config),
        layout_(layout),
        key_(key),
        units_(UnitsPerTable(config, layout)),
        history_(int(config.bots.size())),
        table_(Names(config)) {}

  std::expected<std::optional<Batch>, std::string> Next() override {
    if (round_.number > 0) CloseRound();
    if (round_.number == config_.rounds) return std::nullopt;
    const uint64_t seed = config_.seed.value_or(0);
    round_ = PairSwissRound(history_, units_, round_.number + 1, seed);
    table_.AddRound(round_);
    Batch batch{.round = round_.number,
                .games = ExpandRound(config_, layout_, round_, index_),
                .pairings = round_};
    SealGames(batch.games, key_, seed);
    index_ += int(batch.games.size());
    return batch;
  }

  std::expected<void, std::string> Record(
      const ScheduledGame& game,
      const records::RecordSummary* summary) override {
    history_.AddGame(game.seat_bots);
    // An unreadable record (nullptr) was warned about and scores nothing.
    return table_.AddGame(game.table, summary);
  }

  bool Adaptive() const override { return true; }
  int Total() const override { return config_.rounds * GamesPerRound(); }

  Plan MakePlan() const override {
    Plan plan{.rounds = config_.rounds,
              .games = Total(),
              .games_per_round = GamesPerRound(),
              .byes_per_round = int(config_.bots.size()) % units_};
    const int tables = int(config_.bots.size()) / units_;
    plan.games_per_bot.assign(config_.bots.size(), plan.games / tables);
    plan.detail = fmt::format(" ({} a round, {} a round)", plan.games_per_round,
                              Count(plan.byes_per_round, "bye"));
    if (plan.rounds > 0) {
      plan.per_bot_heading =
          fmt::format("Games per bot (with no bye; each bye is {} fewer)",
                      Count(plan.games_per_bot[0] / plan.rounds, "game"));
    }
    return plan;
  }

  std::string ResultText() const override { return SwissText(table_.Json()); }
  std::string ResultJson() const override {
    return table_.Json().dump(2, ' ', /*ensure_ascii=*/true);
  }
  std::vector<ResultFile> ResultFiles() const override {
    const nlohmann::json table = table_.Json();
    return {{"swiss.csv", SwissCsv(table)},
            {"swiss_rounds.csv", SwissRoundsCsv(table)}};
  }

  std::expected<void, std::string> CheckSplit(
      const RunSplit& split) const override {
    if (split.shards > 1 && split.round == 0) {
      return Error(
          "--shard: a Swiss round is paired from the results of the rounds "
          "before, so a Swiss tournament is sharded one round at a time: add "
          "--round R");
    }
    if (split.round < 0 || split.round > config_.rounds) {
      return Error(
          fmt::format("--round: {} is not a round of this tournament (1..{})",
                      split.round, config_.rounds));
    }
    return {};
  }

 private:
  // Games a round: the same every round.
  int GamesPerRound() const {
    Round round;
    Table table(units_);
    for (int u = 0; u < units_; ++u) table[u] = u;
    round.tables.assign(config_.bots.size() / units_, table);
    return int(ExpandRound(config_, layout_, round, 0).size());
  }

  static std::vector<std::string> Names(const TournamentConfig& config) {
    std::vector<std::string> names;
    for (const auto& bot : config.bots) names.push_back(bot.name);
    return names;
  }

  // The round's results (Record) pair the next one, on the Swiss score
  // that the table ranks by.
  void CloseRound() {
    for (const Table& table : round_.tables) history_.AddTable(table);
    const std::vector<double> scores = table_.LastRoundScores();
    for (size_t b = 0; b < scores.size(); ++b) {
      history_.AddScore(int(b), scores[b]);
    }
    for (int bot : round_.byes) {
      history_.AddBye(bot);
      history_.AddScore(bot, kByePoints);
    }
  }

  const TournamentConfig config_;
  const TeamLayout layout_;
  const SipKey key_;
  const int units_;
  SwissHistory history_;
  SwissTable table_;          // every result, for the final table
  Round round_{.number = 0};  // the last round given
  int index_ = 0;             // of the next game
};

std::expected<std::unique_ptr<TournamentFormat>, std::string> MakeSwiss(
    const TournamentConfig& config, const TeamLayout& layout,
    const SipKey& key) {
  if (auto ok = CheckLayout(config, layout); !ok) return Error(ok.error());
  const int units = UnitsPerTable(config, layout);
  if (auto ok = CheckScheduleSize(
          config, layout, std::floor(double(config.bots.size()) / units));
      !ok) {
    return Error(ok.error());
  }
  if (int(config.bots.size()) < units) {
    return Error(fmt::format("bots: {} bots cannot fill one table of {} seats",
                             config.bots.size(), config.seats));
  }
  return std::make_unique<Swiss>(config, layout, key);
}

}  // namespace

FormatEntry SwissFormat() {
  return {
      .name = "swiss",
      .described = "a Swiss",
      .keys = {},
      .check = [](TournamentConfig* config, std::span<const std::string> given)
          -> std::expected<void, std::string> {
        if (std::find(given.begin(), given.end(), "rounds") == given.end()) {
          // Enough rounds for a clear winner: ceil(log2(bots)).
          config->rounds =
              std::max(1, int(std::bit_width(config->bots.size() - 1)));
        }
        return {};
      },
      .make = MakeSwiss};
}

}  // namespace arbiter::tournament
