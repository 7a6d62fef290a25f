// ratings_bench [--games N] [--players P] [--replicates R] [--runs K]
//
// Times the fit of N two-player results among P players (by default the
// issue's 1,000,000 among 1,000) and a bootstrap of R replicates. Prints one
// "name value unit" line per figure: the median of K runs for the fit.
#include <fmt/format.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <iostream>
#include <random>
#include <string>

#include "ratings/bootstrap.h"
#include "ratings/dataset.h"
#include "ratings/fit.h"
#include "ratings/synthetic.h"

namespace {

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

// CPU seconds of the whole process: on a shared machine, wall time also
// counts other people's work.
double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int games = 1'000'000, players = 1000, replicates = 100, runs = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    const int value = std::stoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--games"))
      games = value;
    else if (!std::strcmp(argv[i], "--players"))
      players = value;
    else if (!std::strcmp(argv[i], "--replicates"))
      replicates = value;
    else if (!std::strcmp(argv[i], "--runs"))
      runs = value;
    else {
      std::cerr << "unknown option " << argv[i] << "\n";
      return 2;
    }
  }
  // Ratings spread like a real pool: normal, sd 200.
  std::mt19937_64 rng(1);
  std::normal_distribution<double> spread(0, 200);
  ratings::SyntheticOptions o{.games = games, .draw_rate = 0.5, .seed = 2};
  for (int p = 0; p < players; ++p) o.ratings.push_back(spread(rng));
  const std::vector<ratings::Game> data = ratings::DrawGames(o);
  const std::string tag = games == 1'000'000 ? "1m" : fmt::format("{}", games);

  std::vector<double> build_times, fit_times, build_cpu, fit_cpu;
  ratings::Dataset dataset;
  ratings::FitResult fit;
  ratings::Prior prior;
  for (int run = 0; run < runs; ++run) {
    auto start = std::chrono::steady_clock::now();
    double cpu = CpuSeconds();
    dataset = ratings::BuildDataset(data, {});
    build_times.push_back(Seconds(start));
    build_cpu.push_back(CpuSeconds() - cpu);
    start = std::chrono::steady_clock::now();
    cpu = CpuSeconds();
    ratings::Fitter fitter(dataset, {});
    prior = {};
    fit = fitter.FitWithNeededPrior(dataset.slot_y, &prior);
    fit_times.push_back(Seconds(start));
    fit_cpu.push_back(CpuSeconds() - cpu);
  }
  // Accuracy against the truth, as a sanity check of what was timed.
  double mean_truth = 0, mean_fit = 0, max_error = 0;
  for (int p = 0; p < players; ++p) {
    mean_truth += o.ratings[p] / players;
    mean_fit += fit.theta[p] * 400 / std::log(10.0) / players;
  }
  std::vector<double> errors;
  for (size_t p = 0; p < dataset.NumPlayers(); ++p) {
    const int id = std::stoi(dataset.names[p].substr(1));
    const double e = fit.theta[p] * 400 / std::log(10.0) - mean_fit -
                     (o.ratings[id] - mean_truth);
    errors.push_back(e * e);
    max_error = std::max(max_error, std::abs(e));
  }
  double rms = 0;
  for (double e : errors) rms += e / errors.size();
  std::cout << fmt::format("ratings.build_{}_games_s {:.3f} s\n", tag,
                           Median(build_times));
  std::cout << fmt::format("ratings.build_{}_games_cpu_s {:.3f} s\n", tag,
                           Median(build_cpu));
  std::cout << fmt::format("ratings.fit_{}_games_s {:.3f} s\n", tag,
                           Median(fit_times));
  std::cout << fmt::format("ratings.fit_{}_games_cpu_s {:.3f} s\n", tag,
                           Median(fit_cpu));
  std::cout << fmt::format("ratings.fit_{}_games_iterations {} count\n", tag,
                           fit.iterations);
  std::cout << fmt::format("ratings.fit_{}_games_hessian_products {} count\n",
                           tag, fit.hessian_products);
  std::cout << fmt::format("ratings.fit_{}_games_rms_error {:.2f} elo\n", tag,
                           std::sqrt(rms));
  std::cout << fmt::format("ratings.fit_{}_games_entries {} count\n", tag,
                           dataset.NumEntries());
  if (replicates > 0) {
    const auto anchor = [&](const ratings::FitResult& f) {
      std::vector<double> elo(f.theta.size());
      for (size_t p = 0; p < elo.size(); ++p) elo[p] = f.theta[p] * 173.7178;
      return elo;
    };
    const auto start = std::chrono::steady_clock::now();
    const double cpu = CpuSeconds();
    const auto boot = ratings::Bootstrap(dataset, fit, prior, anchor,
                                         {.replicates = replicates, .seed = 3});
    const double seconds = Seconds(start);
    const double cpu_seconds = CpuSeconds() - cpu;
    std::cout << fmt::format(
        "ratings.bootstrap_{}_games_{}_replicates_s {:.3f} s\n", tag,
        replicates, seconds);
    std::cout << fmt::format(
        "ratings.bootstrap_{}_games_per_replicate_s {:.4f} s\n", tag,
        seconds / replicates);
    std::cout << fmt::format(
        "ratings.bootstrap_{}_games_cpu_per_replicate_s {:.4f} s\n", tag,
        cpu_seconds / replicates);
    std::cout << fmt::format(
        "ratings.bootstrap_{}_games_per_replicate_steps {:.1f} newton "
        "{:.1f} hessian_products {:.1f} evaluations\n",
        tag, double(boot.newton_steps) / replicates,
        double(boot.hessian_products) / replicates,
        double(boot.evaluations) / replicates);
  }
  return 0;
}
