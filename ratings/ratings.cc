#include "ratings/ratings.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "ratings/anchor.h"
#include "ratings/bootstrap.h"
#include "ratings/collector.h"
#include "ratings/game_sink.h"
#include "ratings/rate_steps.h"
#include "ratings/record_reader.h"
#include "ratings/solve.h"

namespace ratings {

std::string ModelName(int max_sides, bool pairwise) {
  if (max_sides <= 2) return "bradley-terry";
  return pairwise ? "pairwise" : "plackett-luce";
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The q-quantile of sorted values, linearly interpolated; infinite when a
// neighbour is.
double Quantile(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  const double a = sorted[lo], b = sorted[hi];
  if (pos == static_cast<double>(lo)) return a;
  if (a == -kInf) return a;
  if (b == kInf) return b;
  return a + (pos - static_cast<double>(lo)) * (b - a);
}

struct Bounds {
  Interval interval;
  bool widened = false;    // moved to contain the estimate
  bool unbounded = false;  // a bound infinite without the prior
};

// The 95% interval from replicate values (NaN: undetermined, which counts
// against both bounds).
Bounds IntervalOf(std::span<const float> values, double estimate,
                  Standing standing) {
  Bounds b;
  Interval& i = b.interval;
  i.upper_prior = standing == Standing::kAbove || standing == Standing::kApart;
  i.lower_prior = standing == Standing::kBelow || standing == Standing::kApart;
  std::vector<double> v(values.size());
  for (size_t r = 0; r < values.size(); ++r) {
    v[r] = std::isnan(values[r]) ? -kInf : values[r];
  }
  std::sort(v.begin(), v.end());
  i.lower = Quantile(v, 0.025);
  for (size_t r = 0; r < values.size(); ++r) {
    v[r] = std::isnan(values[r]) ? kInf : values[r];
  }
  std::sort(v.begin(), v.end());
  i.upper = Quantile(v, 0.975);
  b.unbounded = (std::isinf(i.lower) && !i.lower_prior) ||
                (std::isinf(i.upper) && !i.upper_prior);
  if (i.lower_prior) i.lower = -kInf;
  if (i.upper_prior) i.upper = kInf;
  if (i.lower > estimate || i.upper < estimate) b.widened = true;
  i.lower = std::min(i.lower, estimate);
  i.upper = std::max(i.upper, estimate);
  return b;
}

std::string StandingNote(Standing s, const BotStats& stats) {
  switch (s) {
    case Standing::kAbove:
      return stats.score == stats.encounters
                 ? "all wins: rating bounded by the prior"
                 : "no upper bound from the data: rating bounded by the prior";
    case Standing::kBelow:
      return stats.score == 0
                 ? "all losses: rating bounded by the prior"
                 : "no lower bound from the data: rating bounded by the prior";
    case Standing::kApart:
      return "no bound from the data: rating set by the prior";
    default:
      return "";
  }
}

// Everything a table needs from one fit and its bootstrap.
struct Rated {
  std::vector<PlayerReport> players;
  std::vector<uint32_t> order;  // player ids in table order
  int widened = 0, unbounded = 0;
};

Rated RatePlayers(const Dataset& data, const std::vector<std::string>& names,
                  const Solution& full, const Anchor& anchor,
                  const BootstrapResult& boot) {
  Rated out;
  const size_t n = data.num_players;
  const std::vector<double>& elo = anchor.ratings();
  for (uint32_t p = 0; p < n; ++p) {
    if (full.pools.of[p] >= 0) out.order.push_back(p);
  }
  std::stable_sort(out.order.begin(), out.order.end(),
                   [&](uint32_t a, uint32_t b) {
                     if (full.pools.of[a] != full.pools.of[b]) {
                       return full.pools.of[a] < full.pools.of[b];
                     }
                     return elo[a] > elo[b];
                   });
  const int reps = boot.replicates;
  std::vector<float> column(reps);
  auto fill_column = [&](uint32_t p) {
    for (int r = 0; r < reps; ++r) {
      column[r] = static_cast<float>(boot.values[size_t(r) * n + p]);
    }
  };
  int rank = 0;
  for (size_t i = 0; i < out.order.size(); ++i) {
    const uint32_t p = out.order[i];
    rank = i > 0 && full.pools.of[out.order[i - 1]] == full.pools.of[p]
               ? rank + 1
               : 1;
    PlayerReport player{.name = names[p],
                        .rank = rank,
                        .rating = elo[p],
                        .component = full.pools.of[p] + 1};
    if (reps > 0) {
      fill_column(p);
      Bounds b = IntervalOf(column, 0.0, full.standings.of[p]);
      b.interval.lower += elo[p];
      b.interval.upper += elo[p];
      player.interval = b.interval;
      out.widened += b.widened;
      out.unbounded += b.unbounded;
    }
    out.players.push_back(std::move(player));
  }
  if (reps > 0) {
    for (size_t i = 0; i + 1 < out.order.size(); ++i) {
      const uint32_t a = out.order[i], b = out.order[i + 1];
      if (full.pools.of[a] != full.pools.of[b]) continue;
      double wins = 0;
      for (int r = 0; r < reps; ++r) {
        const double va = elo[a] + boot.values[size_t(r) * n + a];
        const double vb = elo[b] + boot.values[size_t(r) * n + b];
        wins += std::isnan(va) || std::isnan(vb) ? 0.5
                : va > vb                        ? 1.0
                : va == vb                       ? 0.5
                                                 : 0.0;
      }
      out.players[i].los_next = wins / reps;
    }
  }
  return out;
}

// LevelWeights over the collected games whose key is up to `max_key`.
std::vector<double> LevelWeightsOf(const Collected& c, const Solution& full,
                                   uint32_t max_key) {
  return LevelWeights(
      c.data.num_players, full, c.game_player_begin, c.game_players,
      [&](size_t g) {
        return c.game_keys.empty() || c.game_keys[g] <= max_key ? 1.0 : 0.0;
      });
}

}  // namespace

std::expected<int64_t, std::string> AnchorId(
    const std::vector<std::string>& names, const Options& options) {
  if (options.anchor.empty()) return -1;
  const auto it = std::find(names.begin(), names.end(), options.anchor);
  if (it == names.end()) {
    return std::unexpected(
        fmt::format("--anchor: '{}' is not among the {} players",
                    options.anchor, names.size()));
  }
  return it - names.begin();
}

namespace {

std::string FileList(const std::vector<std::string>& paths) {
  std::string out;
  for (size_t i = 0; i < paths.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == paths.size() ? " and " : ", ") + paths[i];
  }
  return out;
}

// The bootstrap of the fit `full` of `data`, when asked for: over the
// dataset's contributions, or `weights`.
BootstrapResult BootstrapOf(const Dataset& data, const Solution& full,
                            const Anchor& anchor, const Options& options,
                            const ReplicateWeights* weights) {
  if (options.bootstrap <= 0 || data.num_samples == 0) return {};
  const BootstrapOptions boot{.replicates = options.bootstrap,
                              .seed = options.seed,
                              .threads = options.threads};
  return weights ? Bootstrap(data, full, anchor, boot, *weights)
                 : Bootstrap(data, full, anchor, boot);
}

}  // namespace

std::vector<PlayerReport> RatePoint(const Dataset& data,
                                    std::span<const double> y,
                                    const std::vector<std::string>& names,
                                    int64_t anchor_id, const Options& options,
                                    const LevelFunction& level,
                                    const ReplicateWeights& weights) {
  Solver solver(data);
  const Solution full = solver.Solve(y, nullptr);
  const Anchor anchor(data, full, anchor_id, options.average, level(full));
  const BootstrapResult boot =
      BootstrapOf(data, full, anchor, options, &weights);
  return RatePlayers(data, names, full, anchor, boot).players;
}

std::expected<Report, std::string> RateCollected(
    const Collected& c, const Options& options, const LevelFunction& level,
    const ReplicateWeights* weights) {
  const auto anchor_id = AnchorId(c.names, options);
  if (!anchor_id) return std::unexpected(anchor_id.error());
  const Dataset& data = c.data;
  Solver solver(data);
  const Solution full = solver.Solve(data.slot_y, nullptr);
  const Anchor anchor(data, full, *anchor_id, options.average, level(full));
  const BootstrapResult boot =
      BootstrapOf(data, full, anchor, options, weights);
  Rated rated = RatePlayers(data, c.names, full, anchor, boot);

  Report report;
  report.options = options;
  report.model = ModelName(c.max_sides, options.pairwise);
  report.games = c.games;
  report.resampling_units = data.num_samples;
  report.num_components = full.pools.count;
  report.converged = full.converged;
  report.bootstrap_replicates = boot.replicates;
  report.widened_intervals = rated.widened;
  if (!full.converged) report.notes.push_back("the fit did not converge");
  if (full.pools.count > 1) {
    report.notes.push_back(fmt::format(
        "the games form {} disconnected pools: each is centred on its own "
        "average{} and ranked on its own; ratings of different pools do not "
        "compare",
        full.pools.count,
        *anchor_id >= 0 ? " (the anchor's pool on the anchor)" : ""));
  }
  for (int pool = 0; pool < full.pools.count; ++pool) {
    int without = 0;
    for (size_t p = 0; p < data.num_players; ++p) {
      without +=
          full.pools.of[p] == pool && full.standings.of[p] != Standing::kCore;
    }
    if (without == 0) continue;
    const std::string which =
        full.pools.count > 1 ? fmt::format("pool {}: ", pool + 1) : "";
    if (!full.standings.pool_has_core[pool]) {
      report.notes.push_back(fmt::format(
          "{}no maximum-likelihood ratings exist (every group of players "
          "either never lost to the others or never beat them): every player "
          "gets a prior of {} virtual draw against the average; bounds marked "
          "inf are open",
          which, kPriorDraws));
    } else {
      report.notes.push_back(fmt::format(
          "{}{} player{} no maximum-likelihood rating (never lost to the "
          "others, or never beat them): each gets a prior of {} virtual draw "
          "against the average of the others, who are rated without {}; "
          "open bounds are marked inf",
          which, without, without == 1 ? " has" : "s have", kPriorDraws,
          without == 1 ? "it" : "them"));
    }
  }
  if (full.advantage_prior && options.first_seat_advantage) {
    report.notes.push_back(fmt::format(
        "the first seat never lost or never won: its advantage has no "
        "maximum-likelihood estimate and gets a prior of {} virtual draw",
        kPriorDraws));
  }
  if (full.prior_everywhere) {
    report.notes.push_back(
        "the staged fit failed: every rating got the prior, and every bound "
        "is open");
  }
  if (rated.unbounded > 0) {
    report.notes.push_back(fmt::format(
        "{} player{} an interval open without the prior: in more than 2.5% "
        "of the bootstrap replicates {} no games, or only wins or only "
        "losses, which a handful of games cannot rule out",
        rated.unbounded, rated.unbounded == 1 ? " has" : "s have",
        rated.unbounded == 1 ? "it had" : "they had"));
  }
  if (rated.widened > 0) {
    report.notes.push_back(
        fmt::format("{} interval{} widened to hold {} estimate (the bootstrap "
                    "distribution lay to one side of it)",
                    rated.widened, rated.widened == 1 ? " was" : "s were",
                    rated.widened == 1 ? "its" : "their"));
  }
  if (options.first_seat_advantage) {
    report.first_seat_advantage = anchor.advantage();
    if (boot.replicates > 0) {
      std::vector<float> adv(boot.advantage);
      const Standing s = !full.advantage_prior     ? Standing::kCore
                         : anchor.advantage() >= 0 ? Standing::kAbove
                                                   : Standing::kBelow;
      report.first_seat_interval =
          IntervalOf(adv, anchor.advantage(), s).interval;
    }
  }
  std::vector<int> row_of(data.num_players, -1);
  for (size_t i = 0; i < rated.order.size(); ++i) {
    const uint32_t p = rated.order[i];
    row_of[p] = static_cast<int>(i);
    PlayerReport& player = rated.players[i];
    const BotStats& s = c.bots[p];
    player.note = StandingNote(full.standings.of[p], s);
    player.games = s.games;
    player.score = s.score;
    player.encounters = s.encounters;
    player.points = s.points;
    player.faults = s.faults;
    player.decisions = s.decisions;
    player.mean_decision_ms =
        s.decisions ? s.decision_us_total / 1000.0 / s.decisions : 0.0;
    player.max_decision_ms = s.decision_us_max / 1000.0;
  }
  report.players = std::move(rated.players);
  for (const CrossCell& cell : c.crosstable) {
    report.crosstable.push_back({.a = row_of[cell.a],
                                 .b = row_of[cell.b],
                                 .score = cell.score,
                                 .encounters = cell.encounters});
  }
  std::sort(report.crosstable.begin(), report.crosstable.end(),
            [](const CrossEntry& x, const CrossEntry& y) {
              return std::pair(x.a, x.b) < std::pair(y.a, y.b);
            });
  return report;
}

CollectorOptions CollectorOptionsOf(const Options& options,
                                    HistoryKey history) {
  return {.first_seat_advantage = options.first_seat_advantage,
          .pairwise = options.pairwise,
          .crosstable = options.crosstable,
          .history = history};
}

std::expected<void, std::string> CheckOptions(const Options& options) {
  if (!std::isfinite(options.average)) {
    return std::unexpected(fmt::format(
        "--average: expected a finite number, got {}", options.average));
  }
  if (std::abs(options.average) > 1e9) {
    return std::unexpected(
        fmt::format("--average: {} is out of range (at most 1e9 either way)",
                    options.average));
  }
  if (options.bootstrap < 0 || options.bootstrap > kMaxBootstrap) {
    return std::unexpected(fmt::format("--bootstrap: expected 0 to {}, got {}",
                                       kMaxBootstrap, options.bootstrap));
  }
  if (options.threads < 0) {
    return std::unexpected(
        fmt::format("--threads: expected 0 or more, got {}", options.threads));
  }
  return {};
}

namespace {

// Adds `games` to `collector`; the error names the game and the field.
std::expected<void, std::string> CollectGames(std::span<const Game> games,
                                              Collector& collector) {
  GameViewStorage storage;
  for (size_t i = 0; i < games.size(); ++i) {
    const Game& game = games[i];
    if (auto added = collector.Add(storage.View(game)); !added) {
      const GameError& e = added.error();
      const std::string where =
          game.source.empty() ? fmt::format("game {}", i + 1) : game.source;
      if (e.field == GameField::kGame) {
        return std::unexpected(fmt::format("{}: {}", where, e.message));
      }
      return std::unexpected(fmt::format(
          "{}: field 'seats[{}].{}': {}", where, e.seat,
          e.field == GameField::kPlayer ? "player" : "place", e.message));
    }
  }
  return {};
}

std::expected<void, std::string> CheckHistory(const Options& options,
                                              const HistoryOptions& step) {
  if (auto ok = CheckOptions(options); !ok) return std::unexpected(ok.error());
  if (!step.by_round && step.every < 1) {
    return std::unexpected(
        fmt::format("--history: expected 'round' or a number of games, got {}",
                    step.every));
  }
  return {};
}

CollectorOptions HistoryCollectorOptions(const Options& options,
                                         const HistoryOptions& step) {
  Options opts = options;
  opts.crosstable = false;
  return CollectorOptionsOf(
      opts, step.by_round ? HistoryKey::kRound : HistoryKey::kGameIndex);
}

// The ratings after every cutoff of the collected games.
std::expected<History, std::string> HistoryOf(
    Collected c, const Options& options, const HistoryOptions& step,
    std::vector<std::string> skipped) {
  const auto anchor_id = AnchorId(c.names, options);
  if (!anchor_id) return std::unexpected(anchor_id.error());
  std::vector<uint32_t> cutoffs;
  if (step.by_round) {
    cutoffs = c.game_keys;
    std::sort(cutoffs.begin(), cutoffs.end());
    cutoffs.erase(std::unique(cutoffs.begin(), cutoffs.end()), cutoffs.end());
  } else {
    const auto games = static_cast<uint32_t>(c.games);
    for (int64_t k = step.every; k < c.games; k += step.every) {
      cutoffs.push_back(static_cast<uint32_t>(k - 1));
    }
    cutoffs.push_back(games - 1);
  }
  History history;
  history.model = ModelName(c.max_sides, options.pairwise);
  history.step = step;
  history.options = options;
  history.notes = std::move(skipped);
  const Dataset& data = c.data;
  std::vector<double> y;
  for (uint32_t cutoff : cutoffs) {
    ResampledWeights(
        data, [](uint32_t) { return 1u; }, &y, cutoff);
    const uint64_t seed = options.seed;
    HistoryPoint point;
    point.players = RatePoint(
        data, y, c.names, *anchor_id, options,
        [&](const Solution& full) { return LevelWeightsOf(c, full, cutoff); },
        [&](int r, std::vector<double>* out) {
          const uint64_t key = ReplicateKey(seed, r);
          ResampledWeights(
              data,
              [key](uint32_t sample) { return PoissonCount(key ^ sample); },
              out, cutoff);
        });
    history.bootstrap_replicates = std::max(0, options.bootstrap);
    point.games = std::count_if(c.game_keys.begin(), c.game_keys.end(),
                                [&](uint32_t k) { return k <= cutoff; });
    point.round = step.by_round ? cutoff : 0;
    history.points.push_back(std::move(point));
  }
  return history;
}

// The report of games collected with every game kept.
std::expected<Report, std::string> RateKept(const Collected& c,
                                            const Options& options) {
  return RateCollected(
      c, options,
      [&](const Solution& full) {
        return LevelWeightsOf(c, full, ~uint32_t{0});
      },
      nullptr);
}

}  // namespace

std::expected<Report, std::string> RateGames(std::span<const Game> games,
                                             const Options& options) {
  if (auto ok = CheckOptions(options); !ok) return std::unexpected(ok.error());
  Collector collector(CollectorOptionsOf(options, HistoryKey::kNone));
  if (auto ok = CollectGames(games, collector); !ok) {
    return std::unexpected(ok.error());
  }
  if (collector.games() == 0) return std::unexpected("no games to rate");
  return RateKept(collector.Finish(), options);
}

std::expected<Report, std::string> RateFiles(
    const std::vector<std::string>& paths, const Options& options) {
  if (auto ok = CheckOptions(options); !ok) return std::unexpected(ok.error());
  Collector collector(CollectorOptionsOf(options, HistoryKey::kNone));
  std::vector<std::string> skipped;
  if (auto ok = ReadGameFiles(paths, collector, &skipped); !ok) {
    return std::unexpected(ok.error());
  }
  if (collector.games() == 0) {
    return std::unexpected(FileList(paths) + ": no games to rate");
  }
  auto report = RateKept(collector.Finish(), options);
  if (report) {
    report->notes.insert(report->notes.begin(), skipped.begin(), skipped.end());
  }
  return report;
}

std::expected<History, std::string> RateHistory(
    const std::vector<std::string>& paths, const Options& options,
    const HistoryOptions& step) {
  if (auto ok = CheckHistory(options, step); !ok) {
    return std::unexpected(ok.error());
  }
  Collector collector(HistoryCollectorOptions(options, step));
  std::vector<std::string> skipped;
  if (auto ok = ReadGameFiles(paths, collector, &skipped); !ok) {
    return std::unexpected(ok.error());
  }
  if (collector.games() == 0) {
    return std::unexpected(FileList(paths) + ": no games to rate");
  }
  return HistoryOf(collector.Finish(), options, step, std::move(skipped));
}

std::expected<History, std::string> RateHistory(std::span<const Game> games,
                                                const Options& options,
                                                const HistoryOptions& step) {
  if (auto ok = CheckHistory(options, step); !ok) {
    return std::unexpected(ok.error());
  }
  Collector collector(HistoryCollectorOptions(options, step));
  if (auto ok = CollectGames(games, collector); !ok) {
    return std::unexpected(ok.error());
  }
  if (collector.games() == 0) return std::unexpected("no games to rate");
  return HistoryOf(collector.Finish(), options, step, {});
}

}  // namespace ratings
