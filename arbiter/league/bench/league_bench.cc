// league_bench [--seeds K] [--bots B] [--warmup W] [--width E] [--games N]
//              [--players P]
//
// What the league's scheduler and ratings cost and gain, one
// "name value unit" line per figure (scripts/bench):
//   league.scheduler.games_to_width, league.roundrobin.games_to_width
//       a simulated league (simulation.h: B bots of known strength, normal
//       around 0 with sd 200, that have played W round-robins; then a
//       newcomer; by default 40 bots, 40 round-robins): games after the
//       newcomer joined until its 95% interval is E Elo wide (default 50),
//       with the scheduler's tables and with a plain round-robin of all;
//       the median over K seeds (default 15); --seeds 0 leaves them out
//   league.scheduler.games_share
//       the median of the scheduler's games over the round-robin's
//   league.scheduler.rank_error, league.roundrobin.rank_error
//       the mean absolute rank error of all against their true order,
//       both after the round-robin's games (the median over the seeds)
//   league.scheduler.choose_100_tables_1000_bots_{2,4}_seats_cpu_s
//       ChooseTables for 100 tables among 1,000 rated bots
//   ratings.incremental.*
//       IncrementalRatings on N two-player games among P players (default
//       1,000,000 among 1,000, as ratings_bench): CPU seconds to add them,
//       to refit from nothing (ratings and standard errors), and to refit
//       after 1,000 more; and, in the same run, the batch fit of RateGames
//       on the same games (ratings.incremental.batch_fit_*), the median of
//       3; --games 0 leaves them out
#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <random>
#include <vector>

#include "arbiter/league/bench/simulation.h"
#include "arbiter/league/scheduler.h"
#include "ratings/collector.h"
#include "ratings/game_sink.h"
#include "ratings/incremental.h"
#include "ratings/solve.h"
#include "ratings/synthetic.h"

namespace {

double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

template <typename T>
T Median(std::vector<T> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void Simulations(int seeds, arbiter::league::FieldOptions field) {
  std::vector<int64_t> scheduled, round_robin;
  std::vector<double> share, scheduled_error, round_robin_error;
  for (int seed = 1; seed <= seeds; ++seed) {
    using arbiter::league::Method;
    arbiter::league::FieldOptions o = field;
    o.seed = static_cast<uint64_t>(seed);
    const auto rr = Simulate(o, Method::kRoundRobin, 0, 1'000'000);
    const auto s =
        Simulate(o, Method::kScheduler, rr.games_to_width, 1'000'000);
    if (rr.games_to_width < 0 || s.games_to_width < 0) {
      std::cerr << "seed " << seed << ": the width was not reached\n";
      continue;
    }
    scheduled.push_back(s.games_to_width);
    round_robin.push_back(rr.games_to_width);
    share.push_back(double(s.games_to_width) / rr.games_to_width);
    scheduled_error.push_back(s.rank_error);
    round_robin_error.push_back(rr.rank_error_at_width);
    std::cerr << fmt::format(
        "seed {}: field sd {:.1f}; {} and {} games; rank error {:.3f} and "
        "{:.3f}\n",
        seed, rr.field_sd, s.games_to_width, rr.games_to_width, s.rank_error,
        rr.rank_error_at_width);
  }
  if (share.empty()) return;
  std::cout << fmt::format("league.scheduler.games_to_width {} games\n",
                           Median(scheduled));
  std::cout << fmt::format("league.roundrobin.games_to_width {} games\n",
                           Median(round_robin));
  std::cout << fmt::format("league.scheduler.games_share {:.3f} ratio\n",
                           Median(share));
  std::cout << fmt::format("league.scheduler.rank_error {:.3f} ranks\n",
                           Median(scheduled_error));
  std::cout << fmt::format("league.roundrobin.rank_error {:.3f} ranks\n",
                           Median(round_robin_error));
}

// ChooseTables for 100 tables among 1,000 bots of a spread field, of 2
// and of 4 seats in partnerships.
void Choosing() {
  std::mt19937_64 rng(5);
  std::normal_distribution<double> elo(1500, 200);
  std::uniform_real_distribution<double> sd(10, 60);
  std::vector<arbiter::league::Entrant> field;
  arbiter::league::Encounters met;
  for (int b = 0; b < 1000; ++b) {
    field.push_back({.id = b, .elo = elo(rng), .sd = sd(rng), .games = 100});
  }
  for (const arbiter::league::TableShape& shape :
       {arbiter::league::TableShape{.seats = 2},
        arbiter::league::TableShape{.seats = 4,
        .team_of_seat = {0, 1, 0, 1}}}) {
    const double cpu = CpuSeconds();
    const auto tables = ChooseTables(field, met, shape, 100, 1);
    std::cout << fmt::format(
        "league.scheduler.choose_100_tables_1000_bots_{}_seats_cpu_s {:.3f} "
        "s\n",
        shape.seats, CpuSeconds() - cpu);
    if (tables.size() != 100) std::cerr << "ChooseTables: no tables\n";
  }
}

// Two-player games among `players` with ratings spread N(0, 200), drawn
// one at a time (a million games are never all held).
class Games {
 public:
  Games(int players, uint64_t seed) : rng_(seed), pick_(0, players - 1) {
    std::mt19937_64 spread_rng(1);
    std::normal_distribution<double> spread(0, 200);
    model_.draw_rate = 0.5;
    for (int p = 0; p < players; ++p)
      model_.ratings.push_back(spread(spread_rng));
  }
  ratings::Game Next() {
    int bots[2] = {pick_(rng_), pick_(rng_)};
    while (bots[1] == bots[0]) bots[1] = pick_(rng_);
    ratings::Game g = ratings::DrawGame(model_, bots, rng_);
    g.id = fmt::format("g{}", ++count_);
    return g;
  }

 private:
  std::mt19937_64 rng_;
  std::uniform_int_distribution<int> pick_;
  ratings::SyntheticOptions model_;
  int64_t count_ = 0;
};

bool Incremental(int games, int players) {
  const std::string tag = games == 1'000'000 ? "1m" : fmt::format("{}", games);
  std::vector<double> add, refit, again, batch;
  int64_t comparisons = 0;
  for (int run = 0; run < 3; ++run) {
    Games draw(players, 2);
    ratings::IncrementalRatings fit({});
    double cpu = CpuSeconds();
    for (int g = 0; g < games; ++g) {
      if (auto ok = fit.Add(draw.Next()); !ok) {
        std::cerr << ok.error() << "\n";
        return false;
      }
    }
    add.push_back(CpuSeconds() - cpu);
    cpu = CpuSeconds();
    if (auto ok = fit.Refit(); !ok) return false;
    refit.push_back(CpuSeconds() - cpu);
    for (int g = 0; g < 1000; ++g) (void)fit.Add(draw.Next());
    cpu = CpuSeconds();
    if (auto ok = fit.Refit(); !ok) return false;
    again.push_back(CpuSeconds() - cpu);
    comparisons = fit.comparisons();
  }
  // The batch fit of RateGames (its solver, as ratings_bench times it).
  ratings::Collector collector({.crosstable = false});
  Games draw(players, 2);
  ratings::GameViewStorage storage;
  for (int g = 0; g < games; ++g) {
    if (!collector.Add(storage.View(draw.Next()))) return false;
  }
  const ratings::Collected collected = collector.Finish();
  for (int run = 0; run < 3; ++run) {
    const double cpu = CpuSeconds();
    ratings::Solver solver(collected.data);
    (void)solver.Solve(collected.data.slot_y, nullptr);
    batch.push_back(CpuSeconds() - cpu);
  }
  const std::string prefix = "ratings.incremental.";
  std::cout << fmt::format("{}add_{}_games_cpu_s {:.3f} s\n", prefix, tag,
                           Median(add));
  std::cout << fmt::format("{}refit_{}_games_cpu_s {:.3f} s\n", prefix, tag,
                           Median(refit));
  std::cout << fmt::format("{}refit_after_1000_more_cpu_s {:.3f} s\n", prefix,
                           Median(again));
  std::cout << fmt::format("{}batch_fit_{}_games_cpu_s {:.3f} s\n", prefix, tag,
                           Median(batch));
  std::cout << fmt::format("{}comparisons_{}_games {} count\n", prefix, tag,
                           comparisons);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int seeds = 15, games = 1'000'000, players = 1000;
  arbiter::league::FieldOptions field{.warmup_rounds = 40};
  for (int i = 1; i + 1 < argc; i += 2) {
    const int value = std::stoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--seeds")) {
      seeds = value;
    } else if (!std::strcmp(argv[i], "--games")) {
      games = value;
    } else if (!std::strcmp(argv[i], "--players")) {
      players = value;
    } else if (!std::strcmp(argv[i], "--bots")) {
      field.bots = value;
    } else if (!std::strcmp(argv[i], "--warmup")) {
      field.warmup_rounds = value;
    } else if (!std::strcmp(argv[i], "--width")) {
      field.width = value;
    } else {
      std::cerr << "unknown option " << argv[i] << "\n";
      return 2;
    }
  }
  Simulations(seeds, field);
  if (seeds > 0) Choosing();
  return games == 0 || Incremental(games, players) ? 0 : 1;
}
