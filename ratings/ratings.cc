#include "ratings/ratings.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <unordered_map>

#include "ratings/bootstrap.h"
#include "ratings/dataset.h"
#include "ratings/fit.h"
#include "ratings/record_reader.h"
#include "ratings/stats.h"

namespace ratings {
namespace {

constexpr double kEloPerNat = 400 / std::numbers::ln10;

// Fits on the Elo scale: each pool is shifted so that its average is
// `average`, or so that the anchor (in its pool) is at `average`.
AnchorFn MakeAnchor(const Dataset& data, int anchor, double average) {
  return [&data, anchor, average](const FitResult& fit) {
    const size_t n = data.NumPlayers();
    std::vector<double> sum(data.num_components, 0.0);
    std::vector<double> count(data.num_components, 0.0);
    for (size_t p = 0; p < n; ++p) {
      sum[data.component[p]] += fit.theta[p];
      count[data.component[p]] += 1;
    }
    std::vector<double> offset(data.num_components);
    for (int c = 0; c < data.num_components; ++c) {
      offset[c] = average - kEloPerNat * sum[c] / count[c];
    }
    if (anchor >= 0) {
      offset[data.component[anchor]] = average - kEloPerNat * fit.theta[anchor];
    }
    std::vector<double> elo(n);
    for (size_t p = 0; p < n; ++p) {
      elo[p] = kEloPerNat * fit.theta[p] + offset[data.component[p]];
    }
    return elo;
  };
}

std::string ModelName(std::span<const Game> games, bool pairwise) {
  for (const Game& game : games) {
    std::vector<int> sides;
    for (const SeatResult& s : game.seats) {
      if (s.team < 0 ||
          std::find(sides.begin(), sides.end(), s.team) == sides.end()) {
        sides.push_back(s.team < 0 ? -1 - static_cast<int>(sides.size())
                                   : s.team);
      }
    }
    if (sides.size() > 2) return pairwise ? "pairwise" : "plackett-luce";
  }
  return "bradley-terry";
}

void AddNotes(const Dataset& data, const Prior& prior, int anchor,
              Report* report) {
  if (data.num_components > 1) {
    report->notes.push_back(fmt::format(
        "the games form {} disconnected pools; each is centred on its own "
        "average{}, so ratings of different pools do not compare",
        data.num_components,
        anchor >= 0 ? " (the anchor's pool on the anchor)" : ""));
  }
  for (int c = 0; c < data.num_components; ++c) {
    if (!prior.components[c]) continue;
    report->notes.push_back(fmt::format(
        "pool {}: no maximum-likelihood ratings exist (some players never "
        "scored against the others, or never lost to them); every player of "
        "the pool gets a prior of {} virtual draw against an average "
        "opponent",
        c + 1, kPriorDraws));
  }
  if (prior.advantage) {
    report->notes.push_back(fmt::format(
        "the first seat never lost or never won: its advantage has no "
        "maximum-likelihood estimate and gets a prior of {} virtual draw",
        kPriorDraws));
  }
}

}  // namespace

std::expected<Report, std::string> RateGames(std::span<const Game> games,
                                             const Options& options) {
  if (games.empty()) return std::unexpected("no games to rate");
  const Dataset data =
      BuildDataset(games, {.first_seat_advantage = options.first_seat_advantage,
                           .pairwise = options.pairwise});
  std::unordered_map<std::string, uint32_t> ids;
  for (uint32_t i = 0; i < data.NumPlayers(); ++i) ids[data.names[i]] = i;
  int anchor = -1;
  if (!options.anchor.empty()) {
    const auto it = ids.find(options.anchor);
    if (it == ids.end()) {
      return std::unexpected(
          fmt::format("anchor '{}' is not among the {} players", options.anchor,
                      data.NumPlayers()));
    }
    anchor = static_cast<int>(it->second);
  }
  Fitter fitter(data, {.first_seat_advantage = options.first_seat_advantage});
  Prior prior;
  const FitResult fit = fitter.FitWithNeededPrior(data.slot_y, &prior);
  const AnchorFn to_elo = MakeAnchor(data, anchor, options.average);
  const std::vector<double> elo = to_elo(fit);

  Report report;
  report.options = options;
  report.model = ModelName(games, options.pairwise);
  report.games = static_cast<int64_t>(games.size());
  report.resampling_units = static_cast<int64_t>(data.NumSamples());
  report.num_components = data.num_components;
  report.converged = fit.converged;
  if (!fit.converged) {
    report.notes.push_back(fmt::format(
        "the fit did not converge in {} iterations", fit.iterations));
  }
  AddNotes(data, prior, anchor, &report);
  if (options.first_seat_advantage) {
    report.first_seat_advantage = fit.advantage * kEloPerNat;
  }

  BootstrapResult boot;
  if (options.bootstrap > 0 && data.NumSamples() > 0) {
    boot = Bootstrap(data, fit, prior, to_elo,
                     {.replicates = options.bootstrap,
                      .seed = options.seed,
                      .threads = options.threads,
                      .first_seat_advantage = options.first_seat_advantage});
    report.bootstrap_replicates = boot.replicates;
    if (boot.with_prior > 0) {
      report.notes.push_back(fmt::format(
          "{} of {} bootstrap replicates had no maximum-likelihood estimate "
          "somewhere and used the prior there",
          boot.with_prior, boot.replicates));
    }
  }

  const size_t n = data.NumPlayers();
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return elo[a] > elo[b]; });
  std::vector<int> rank_of(n);
  const GameStats stats = ComputeStats(games, ids);
  auto column = [&](uint32_t p) {
    std::vector<double> values(boot.replicates);
    for (int r = 0; r < boot.replicates; ++r)
      values[r] = boot.ratings[r * n + p];
    return values;
  };
  for (size_t i = 0; i < n; ++i) {
    const uint32_t p = order[i];
    rank_of[p] = static_cast<int>(i);
    const BotStats& s = stats.bots[p];
    PlayerReport player{
        .name = data.names[p],
        .rank = static_cast<int>(i) + 1,
        .rating = elo[p],
        .component = static_cast<int>(data.component[p]) + 1,
        .games = s.games,
        .score = s.score,
        .encounters = s.encounters,
        .points = s.points,
        .faults = s.faults,
        .decisions = s.decisions,
        .mean_decision_ms =
            s.decisions ? s.decision_us_total / 1000.0 / s.decisions : 0.0,
        .max_decision_ms = s.decision_us_max / 1000.0};
    if (boot.replicates > 0) {
      const std::vector<double> values = column(p);
      player.interval =
          Interval{Quantile(values, 0.025), Quantile(values, 0.975)};
    }
    if (s.encounters == 0) {
      player.note = "no results against other players";
    } else if (s.score == s.encounters) {
      player.note = "all wins: rating bounded by the prior";
    } else if (s.score == 0) {
      player.note = "all losses: rating bounded by the prior";
    }
    report.players.push_back(std::move(player));
  }
  if (boot.replicates > 0) {
    for (size_t i = 0; i + 1 < n; ++i) {
      const uint32_t a = order[i], b = order[i + 1];
      double wins = 0;
      for (int r = 0; r < boot.replicates; ++r) {
        const double d = boot.ratings[r * n + a] - boot.ratings[r * n + b];
        wins += d > 0 ? 1.0 : (d == 0 ? 0.5 : 0.0);
      }
      report.players[i].los_next = wins / boot.replicates;
    }
    if (options.first_seat_advantage) {
      report.first_seat_interval = Interval{Quantile(boot.advantage, 0.025),
                                            Quantile(boot.advantage, 0.975)};
    }
  }
  for (const CrossCell& cell : stats.crosstable) {
    report.crosstable.push_back({.a = rank_of[cell.a],
                                 .b = rank_of[cell.b],
                                 .score = cell.score,
                                 .encounters = cell.encounters});
  }
  std::sort(report.crosstable.begin(), report.crosstable.end(),
            [](const CrossEntry& x, const CrossEntry& y) {
              return std::pair(x.a, x.b) < std::pair(y.a, y.b);
            });
  return report;
}

std::expected<Report, std::string> RateFiles(
    const std::vector<std::string>& paths, const Options& options) {
  auto games = ReadGameFiles(paths);
  if (!games) return std::unexpected(games.error());
  return RateGames(*games, options);
}

}  // namespace ratings
