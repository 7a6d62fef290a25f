#include "ratings/incremental.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "ratings/anchor.h"
#include "ratings/collector.h"
#include "ratings/dataset.h"
#include "ratings/names.h"
#include "ratings/solve.h"

namespace ratings {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A pivot of the information below this share of its diagonal is a
// direction the data do not bend: the ratings along it are not bounded.
constexpr double kSingularPivot = 1e-14;
// Standard errors above this (nats; 17,000 Elo) come from such a direction.
constexpr double kUnboundedSd = 100;

// A game's sides as the fit sees them: distinct players (sorted ids),
// places ranked densely from 1, and whether the side moved first.
struct Side {
  std::vector<uint32_t> players;
  int place = 1;
  bool first = false;
};

// Dense places (1, 2, ...): games whose places differ only in the numbers
// they use are one comparison.
void RankPlaces(std::vector<Side>* sides) {
  std::vector<int> places;
  for (const Side& s : *sides) places.push_back(s.place);
  std::sort(places.begin(), places.end());
  places.erase(std::unique(places.begin(), places.end()), places.end());
  for (Side& s : *sides) {
    s.place = static_cast<int>(
        std::lower_bound(places.begin(), places.end(), s.place) -
        places.begin() + 1);
  }
}

// Side index per seat (partners share one; -1 is alone), or an error.
std::expected<std::vector<size_t>, std::string> SideOfSeat(const Game& game) {
  const size_t n = game.seats.size();
  if (n < 2) return std::unexpected(fmt::format("{} seat; at least 2", n));
  if (n > static_cast<size_t>(kMaxSeats)) {
    return std::unexpected(fmt::format("{} seats; at most {}", n, kMaxSeats));
  }
  std::vector<size_t> side(n);
  std::vector<int> team_of_side;
  for (size_t s = 0; s < n; ++s) {
    const SeatResult& seat = game.seats[s];
    if (auto ok = CheckName(seat.player); !ok) {
      return std::unexpected(
          fmt::format("seat {}: the name {}", s, ok.error()));
    }
    if (seat.place < 1) {
      return std::unexpected(
          fmt::format("seat {}: place {}; places start at 1", s, seat.place));
    }
    const auto it = seat.team < 0 ? team_of_side.end()
                                  : std::find(team_of_side.begin(),
                                              team_of_side.end(), seat.team);
    side[s] = it - team_of_side.begin();
    if (it == team_of_side.end()) team_of_side.push_back(seat.team);
  }
  if (team_of_side.size() < 2) {
    return std::unexpected("every seat is on one team: no opponents");
  }
  // Tied sides are expanded into every order of them (dataset.h).
  std::vector<int> place(team_of_side.size(), std::numeric_limits<int>::max());
  for (size_t s = 0; s < n; ++s) {
    place[side[s]] = std::min(place[side[s]], game.seats[s].place);
  }
  for (size_t s = 0; s < n; ++s) {
    const auto tied = std::count(place.begin(), place.end(), place[side[s]]);
    if (tied > kMaxTiedSides) {
      return std::unexpected(
          fmt::format("seat {}: {} sides tie for place {}; at most {} can", s,
                      tied, place[side[s]], kMaxTiedSides));
    }
  }
  for (size_t t = 1; t < n; ++t) {
    for (size_t s = 0; s < t; ++s) {
      if (game.seats[s].player == game.seats[t].player && side[s] != side[t]) {
        return std::unexpected(fmt::format(
            "seat {}: '{}' plays seat {} too, on another side: a bot's games "
            "against itself cannot be rated",
            t, game.seats[t].player, s));
      }
    }
  }
  return side;
}

// The sides of a game whose seats passed SideOfSeat, with interned names.
std::vector<Side> SidesOf(const Game& game, std::span<const size_t> side_of,
                          NameTable& names, bool first_seat_advantage) {
  std::vector<Side> sides(*std::max_element(side_of.begin(), side_of.end()) +
                          1);
  for (Side& s : sides) s.place = std::numeric_limits<int>::max();
  for (size_t s = 0; s < game.seats.size(); ++s) {
    const SeatResult& seat = game.seats[s];
    Side& side = sides[side_of[s]];
    side.players.push_back(*names.Intern(seat.player));
    side.place = std::min(side.place, seat.place);
    side.first = side.first || (seat.moved_first && first_seat_advantage);
  }
  for (Side& s : sides) {
    std::sort(s.players.begin(), s.players.end());
    s.players.erase(std::unique(s.players.begin(), s.players.end()),
                    s.players.end());
  }
  RankPlaces(&sides);
  std::sort(sides.begin(), sides.end(), [](const Side& a, const Side& b) {
    return a.players[0] < b.players[0];
  });
  return sides;
}

// One key per comparison: sides in order of their first player, each as
// place, first-mover flag, size, players.
std::u32string KeyOf(const std::vector<Side>& sides) {
  std::u32string key;
  for (const Side& s : sides) {
    key.push_back(static_cast<char32_t>(s.place));
    key.push_back(s.first ? 1 : 0);
    key.push_back(static_cast<char32_t>(s.players.size()));
    for (uint32_t p : s.players) key.push_back(p);
  }
  return key;
}

// A sparse row: (row of a parameter, coefficient).
using Sparse = std::vector<std::pair<int, double>>;

// The observed information (the negated Hessian of the log-likelihood at
// the solution) of the core players and the fitted advantage, dense: the
// core is fitted on the choice sets restricted to its units (solve.h,
// step 3), and so is its information.
struct Information {
  std::vector<int> row;  // per parameter: its row, or -1
  size_t m = 0;
  std::vector<double> h;  // m x m, row-major, lower triangle

  // Appends the parameters of unit u, times `scale`, to `out`.
  void AddUnit(const Dataset& data, uint32_t u, double scale,
               Sparse* out) const {
    for (uint32_t i = data.unit_begin[u]; i < data.unit_begin[u + 1]; ++i) {
      if (const int r = row[data.unit_players[i]]; r >= 0) {
        out->push_back({r, scale});
      }
    }
    const size_t adv = data.num_players;
    if (data.unit_first[u] && data.first_seat_advantage && row[adv] >= 0) {
      out->push_back({row[adv], scale});
    }
  }
  // h += c a a^T, on the lower triangle (all that Cholesky reads).
  void AddOuter(const Sparse& a, double c) {
    for (const auto& [i, ai] : a) {
      for (const auto& [j, aj] : a) {
        if (j <= i) h[size_t(i) * m + j] += c * ai * aj;
      }
    }
  }
};

// The strength of each unit at the solution, and whether all its players
// are in the core (rows of `info`).
struct Units {
  std::vector<double> strength;
  std::vector<uint8_t> active;
};

Units UnitsAt(const Dataset& data, const Solution& s, const Information& info) {
  const size_t n = data.num_players;
  Units units{std::vector<double>(data.NumUnits(), 0.0),
              std::vector<uint8_t>(data.NumUnits(), 1)};
  for (size_t u = 0; u < data.NumUnits(); ++u) {
    if (data.unit_first[u] && data.first_seat_advantage) {
      units.strength[u] = s.x[n];
    }
    for (uint32_t i = data.unit_begin[u]; i < data.unit_begin[u + 1]; ++i) {
      units.strength[u] += s.x[data.unit_players[i]];
      if (info.row[data.unit_players[i]] < 0) units.active[u] = 0;
    }
  }
  return units;
}

// A pair: n p (1 - p) (a - b)(a - b)^T.
void AddPairs(const Dataset& data, std::span<const double> y,
              const Units& units, Information* info) {
  Sparse a;
  for (size_t k = 0; k < data.NumPairs(); ++k) {
    const uint32_t u = data.pair_unit[2 * k], v = data.pair_unit[2 * k + 1];
    const double games = y[2 * k] + y[2 * k + 1];
    if (games == 0 || !units.active[u] || !units.active[v]) continue;
    const double p = 1 / (1 + std::exp(units.strength[v] - units.strength[u]));
    a.clear();
    info->AddUnit(data, u, 1, &a);
    info->AddUnit(data, v, -1, &a);
    info->AddOuter(a, games * p * (1 - p));
  }
}

// A larger choice set: n (diag(p) - p p^T) over its active units.
void AddSets(const Dataset& data, std::span<const double> y, const Units& units,
             Information* info) {
  const size_t base = data.pair_unit.size();
  std::vector<uint32_t> live;
  Sparse a, mean;
  for (size_t e = 0; e < data.NumSets(); ++e) {
    double games = 0, top = -kInf, z = 0;
    live.clear();
    for (uint32_t j = data.set_begin[e]; j < data.set_begin[e + 1]; ++j) {
      const uint32_t u = data.set_unit[j - base];
      if (!units.active[u]) continue;
      games += y[j];
      top = std::max(top, units.strength[u]);
      live.push_back(u);
    }
    if (games == 0 || live.size() < 2) continue;
    for (uint32_t u : live) z += std::exp(units.strength[u] - top);
    mean.clear();
    for (uint32_t u : live) {
      const double p = std::exp(units.strength[u] - top) / z;
      a.clear();
      info->AddUnit(data, u, 1, &a);
      info->AddOuter(a, games * p);
      info->AddUnit(data, u, p, &mean);
    }
    info->AddOuter(mean, -games);
  }
}

Information Assemble(const Dataset& data, std::span<const double> y,
                     const Solution& s) {
  Information info;
  const size_t n = data.num_players;
  info.row.assign(n + (data.first_seat_advantage ? 1 : 0), -1);
  for (size_t p = 0; p < n; ++p) {
    if (s.standings.of[p] == Standing::kCore) info.row[p] = int(info.m++);
  }
  if (data.first_seat_advantage && !s.advantage_prior) {
    info.row[n] = int(info.m++);
  }
  info.h.assign(info.m * info.m, 0.0);
  const Units units = UnitsAt(data, s, info);
  AddPairs(data, y, units, &info);
  AddSets(data, y, units, &info);
  return info;
}

// a . b over n entries, in four sums: the dense algebra below is all dot
// products, and one running sum would wait on each addition.
double Dot(const double* a, const double* b, size_t n) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  size_t k = 0;
  for (; k + 4 <= n; k += 4) {
    s0 += a[k] * b[k];
    s1 += a[k + 1] * b[k + 1];
    s2 += a[k + 2] * b[k + 2];
    s3 += a[k + 3] * b[k + 3];
  }
  for (; k < n; ++k) s0 += a[k] * b[k];
  return (s0 + s1) + (s2 + s3);
}

// Cholesky factor in place, from the lower triangle of h; a pivot the
// data do not bend is kept tiny, which makes the variances along it huge.
// Columns go a block at a time, so that each row is read once per block.
void Cholesky(std::vector<double>* matrix, size_t m) {
  constexpr size_t kBlock = 8;
  double* h = matrix->data();
  for (size_t j0 = 0; j0 < m; j0 += kBlock) {
    const size_t end = std::min(m, j0 + kBlock);
    for (size_t i = j0; i < m; ++i) {
      double* ri = h + i * m;
      for (size_t j = j0; j < end && j <= i; ++j) {
        const double* rj = h + j * m;
        const double v = ri[j] - Dot(ri, rj, j);
        ri[j] =
            i > j
                ? v / rj[j]
                : std::sqrt(std::max(v, kSingularPivot * std::max(ri[j], 1.0)));
      }
    }
  }
}

// Solves L x = b in place (l: a Cholesky factor, m x m).
void ForwardSolve(const std::vector<double>& l, size_t m,
                  std::vector<double>* b) {
  double* x = b->data();
  for (size_t i = 0; i < m; ++i) {
    const double* li = l.data() + i * m;
    x[i] = (x[i] - Dot(li, x, i)) / li[i];
  }
}

// Per row r of the factor l, ||L^{-1} (e_r - w)||^2, where z_of_row[r] is
// L^{-1} w (null: infinite). The columns L^{-1} e_r are solved a block at
// a time, so that each row of l is read once per block, not once per
// column.
std::vector<double> RowVariances(
    const std::vector<double>& l, size_t m,
    std::span<const std::vector<double>* const> z_of_row) {
  constexpr size_t kBlock = 8;
  std::vector<double> out(m, kInf);
  std::vector<double> v(kBlock * m);
  for (size_t r0 = 0; r0 < m; r0 += kBlock) {
    const size_t block = std::min(kBlock, m - r0);
    for (size_t i = r0; i < m; ++i) {
      const double* li = l.data() + i * m;
      for (size_t b = 0; b < block && r0 + b <= i; ++b) {
        const size_t from = r0 + b;
        double* x = v.data() + b * m;
        x[i] = ((i == from ? 1.0 : 0.0) - Dot(li + from, x + from, i - from)) /
               li[i];
      }
    }
    for (size_t b = 0; b < block; ++b) {
      const size_t r = r0 + b;
      if (z_of_row[r] == nullptr) continue;
      const std::vector<double>& z = *z_of_row[r];
      const double* x = v.data() + b * m;
      double sum = Dot(z.data(), z.data(), r);
      for (size_t k = r; k < m; ++k) sum += (x[k] - z[k]) * (x[k] - z[k]);
      out[r] = sum;
    }
  }
  return out;
}

// Per pool, its level as a direction over the rows: the core weighted by
// `level` (or the anchor, `anchor` >= 0, in its pool; empty when the anchor
// is not bounded). The likelihood does not see a shift of a pool: adding
// each pool's direction to the information makes it invertible and leaves
// the variances of differences, which the published ratings are, as they
// were.
std::vector<std::vector<double>> PoolLevels(const Solution& s,
                                            std::span<const double> level,
                                            int64_t anchor, Information* info) {
  const size_t m = info->m;
  std::vector<std::vector<double>> level_of(s.pools.count,
                                            std::vector<double>(m, 0.0));
  for (size_t p = 0; p < level.size(); ++p) {
    if (info->row[p] >= 0) {
      level_of[s.pools.of[p]][info->row[p]] = std::max(level[p], 1e-9);
    }
  }
  for (int c = 0; c < s.pools.count; ++c) {
    std::vector<double>& w = level_of[c];
    double total = 0, diagonal = 0;
    Sparse shift;
    for (size_t r = 0; r < m; ++r) {
      if (w[r] == 0) continue;
      total += w[r];
      diagonal += info->h[r * m + r];
      shift.push_back({int(r), 1.0});
    }
    if (shift.empty()) continue;
    info->AddOuter(shift, diagonal / double(shift.size() * shift.size()));
    for (double& v : w) v /= total;
    if (anchor >= 0 && s.pools.of[anchor] == c) {
      std::fill(w.begin(), w.end(), 0.0);
      if (info->row[anchor] >= 0) {
        w[info->row[anchor]] = 1;
      } else {
        w.clear();
      }
    }
  }
  return level_of;
}

// Per player, the variance (nats^2) of its published rating: x[p] less its
// pool's level (PoolLevels); infinite outside the core.
std::vector<double> Variances(const Dataset& data, std::span<const double> y,
                              const Solution& s, std::span<const double> level,
                              int64_t anchor) {
  const size_t n = data.num_players;
  Information info = Assemble(data, y, s);
  std::vector<std::vector<double>> z = PoolLevels(s, level, anchor, &info);
  Cholesky(&info.h, info.m);
  for (std::vector<double>& w : z) {
    if (!w.empty()) ForwardSolve(info.h, info.m, &w);
  }
  std::vector<const std::vector<double>*> z_of_row(info.m, nullptr);
  for (size_t p = 0; p < n; ++p) {
    const int r = info.row[p];
    if (r >= 0 && !z[s.pools.of[p]].empty()) z_of_row[r] = &z[s.pools.of[p]];
  }
  const std::vector<double> row_var = RowVariances(info.h, info.m, z_of_row);
  std::vector<double> var(n, kInf);
  for (size_t p = 0; p < n; ++p) {
    const int r = info.row[p];
    if (r >= 0 && std::sqrt(row_var[r]) <= kUnboundedSd) var[p] = row_var[r];
  }
  return var;
}

// The last solution as a start, the players it did not know at 0 (before
// the advantage, which comes last).
Solution WarmStart(const Solution& last, size_t players, bool advantage) {
  Solution warm;
  warm.x.assign(players + (advantage ? 1 : 0), 0.0);
  if (last.x.empty()) return warm;
  const size_t known = last.x.size() - (advantage ? 1 : 0);
  std::copy_n(last.x.begin(), known, warm.x.begin());
  if (advantage) warm.x[players] = last.x.back();
  return warm;
}

}  // namespace

struct IncrementalRatings::State {
  Options options;
  NameTable names;
  DatasetBuilder builder;
  std::unordered_map<std::u32string, uint32_t> index;
  std::vector<double> count;  // per comparison: its games
  // Per comparison, its distinct players (the level weights of Anchor).
  std::vector<uint32_t> player_begin = {0}, players;
  std::vector<int64_t> games_of;  // per player
  int64_t games = 0;
  // The fit of the last Refit, on the dataset of its comparisons.
  std::unique_ptr<Dataset> data;
  std::unique_ptr<Solver> solver;
  Solution last;
  std::vector<Estimate> estimates;

  explicit State(Options o)
      : options(std::move(o)),
        builder({.first_seat_advantage = options.first_seat_advantage,
                 .pairwise = options.pairwise}) {}

  // Per player, its games that set its pool's level (RateGames' weights):
  // those whose every player is in the core, or all in a pool without one.
  std::vector<double> LevelWeights(const Solution& fit) const {
    std::vector<double> level(names.size(), 0.0);
    for (size_t c = 0; c < count.size(); ++c) {
      const auto begin = players.begin() + player_begin[c];
      const auto end = players.begin() + player_begin[c + 1];
      const int32_t pool = fit.pools.of[*begin];
      if (pool < 0) continue;
      const bool core = !fit.standings.pool_has_core[pool] ||
                        std::all_of(begin, end, [&](uint32_t p) {
                          return fit.standings.of[p] == Standing::kCore;
                        });
      if (!core) continue;
      for (auto p = begin; p != end; ++p) level[*p] += count[c];
    }
    return level;
  }
};

IncrementalRatings::IncrementalRatings(Options options)
    : state_(std::make_unique<State>(std::move(options))) {}
IncrementalRatings::~IncrementalRatings() = default;
IncrementalRatings::IncrementalRatings(IncrementalRatings&&) noexcept = default;
IncrementalRatings& IncrementalRatings::operator=(
    IncrementalRatings&&) noexcept = default;

std::expected<void, std::string> IncrementalRatings::Add(const Game& game) {
  State& s = *state_;
  const auto side_of = SideOfSeat(game);
  if (!side_of) {
    return std::unexpected(fmt::format(
        "game {}: {}", game.id.empty() ? std::to_string(s.games + 1) : game.id,
        side_of.error()));
  }
  const std::vector<Side> sides =
      SidesOf(game, *side_of, s.names, s.options.first_seat_advantage);
  s.games_of.resize(s.names.size(), 0);
  const auto [it, inserted] =
      s.index.try_emplace(KeyOf(sides), static_cast<uint32_t>(s.count.size()));
  if (inserted) {
    std::vector<UnitView> units;
    for (const Side& side : sides) {
      units.push_back({.players = side.players,
                       .place = side.place,
                       .moved_first = side.first});
      s.players.insert(s.players.end(), side.players.begin(),
                       side.players.end());
    }
    s.builder.AddGame(units, it->second, 0);
    s.player_begin.push_back(static_cast<uint32_t>(s.players.size()));
    s.count.push_back(0);
  }
  s.count[it->second] += 1;
  for (const Side& side : sides) {
    for (uint32_t p : side.players) ++s.games_of[p];
  }
  ++s.games;
  return {};
}

int64_t IncrementalRatings::games() const { return state_->games; }

int64_t IncrementalRatings::comparisons() const {
  return static_cast<int64_t>(state_->count.size());
}

std::expected<void, std::string> IncrementalRatings::Refit() {
  State& s = *state_;
  if (auto ok = CheckOptions(s.options); !ok) return ok;
  if (s.games == 0) return std::unexpected("no games to rate");
  int64_t anchor = -1;
  if (!s.options.anchor.empty()) {
    anchor = s.names.Find(s.options.anchor);
    if (anchor < 0) {
      return std::unexpected(
          fmt::format("--anchor: '{}' is not among the {} players",
                      s.options.anchor, s.names.size()));
    }
  }
  const size_t n = s.names.size();
  const auto comparisons = static_cast<uint32_t>(s.count.size());
  if (s.data == nullptr || s.data->num_samples != comparisons) {
    s.solver.reset();
    s.data = std::make_unique<Dataset>(s.builder.Snapshot(n, comparisons));
    s.solver = std::make_unique<Solver>(*s.data);
  }
  std::vector<double> y;
  ResampledWeights(
      *s.data, [&](uint32_t c) { return s.count[c]; }, &y);
  const Solution warm = WarmStart(s.last, n, s.options.first_seat_advantage);
  Solution fit = s.solver->Solve(y, &warm);
  const std::vector<double> level = s.LevelWeights(fit);
  const Anchor published(*s.data, fit, anchor, s.options.average, level);
  const std::vector<double> var = Variances(*s.data, y, fit, level, anchor);
  s.estimates.resize(n);
  for (size_t p = 0; p < n; ++p) {
    const double elo = published.ratings()[p];
    s.estimates[p] = {.name = s.names.names()[p],
                      .elo = std::isnan(elo) ? s.options.average : elo,
                      .sd = std::sqrt(var[p]) * kEloPerNat,
                      .games = s.games_of[p]};
  }
  s.last = std::move(fit);
  return {};
}

const std::vector<IncrementalRatings::Estimate>& IncrementalRatings::estimates()
    const {
  return state_->estimates;
}

}  // namespace ratings
