// ratings_bench [--games N] [--players P] [--replicates R] [--runs K]
//
// The speed and memory of the ratings on N two-player results among P
// players (by default 1,000,000 among 1,000, ratings spread N(0, 200),
// draws up to 25%), one "name value unit" line per figure:
//   ratings.e2e_1m_games_s, _cpu_s, ratings.e2e_1m_peak_rss_mb
//       the `ratings` command on a results CSV with --bootstrap 0: reading,
//       fit and table; wall time, CPU time (user + system) and peak
//       resident memory, the median of K runs (default 3)
//   ratings.e2e_1m_records_s, _cpu_s, _peak_rss_mb
//       the same games as lean game records (metadata, seats, two steps
//       and the result: what a record holds but its deals and events)
//   ratings.bootstrap_1m_1000_s, _cpu_s
//       R replicates (default 1000) on 2 threads, in-process
// and, in-process, reading the CSV and the fit.
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>

#include "ratings/anchor.h"
#include "ratings/bootstrap.h"
#include "ratings/collector.h"
#include "ratings/csv_reader.h"
#include "ratings/solve.h"
#include "ratings/synthetic.h"

namespace {

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

double CpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Run {
  double seconds = 0;
  double cpu_seconds = 0;  // user and system
  double peak_rss_mb = 0;
  bool ok = false;
};

// Runs the ratings command on `file` with its output thrown away; wall
// time and the child's peak resident memory.
Run RunCommand(const std::string& file) {
  Run run;
  // The child must not inherit unwritten output (it would print it again).
  std::cout.flush();
  std::fflush(stdout);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) return run;
  if (pid == 0) {
    std::freopen("/dev/null", "w", stdout);
    execl(RATINGS_BINARY, RATINGS_BINARY, "--bootstrap", "0", file.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return run;
  run.seconds = Seconds(start);
  run.cpu_seconds = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 +
                    usage.ru_stime.tv_sec + usage.ru_stime.tv_usec * 1e-6;
  run.peak_rss_mb = usage.ru_maxrss / 1024.0;
  run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return run;
}

void WriteFiles(const std::vector<ratings::Game>& games, const std::string& csv,
                const std::string& records) {
  FILE* c = std::fopen(csv.c_str(), "w");
  FILE* r = std::fopen(records.c_str(), "w");
  std::fputs("white,black,result\n", c);
  for (size_t g = 0; g < games.size(); ++g) {
    const auto& s = games[g].seats;
    const char* result = s[0].place < s[1].place    ? "1-0"
                         : s[0].place == s[1].place ? "1/2-1/2"
                                                    : "0-1";
    std::fprintf(c, "%s,%s,%s\n", s[0].player.c_str(), s[1].player.c_str(),
                 result);
    // A lean record: what a two-player game record holds, without its
    // deals, events and ruleset.
    std::fprintf(
        r,
        R"({"game_id":"g%zu","arbiter_version":"0.1.0","game":"zetema",)"
        R"("num_players":2,"seed":"%zu","first_dealer":1,"first_mover":0,)"
        R"("seats":[{"seat":0,"bot_name":"%s","bot_version":"1","team":0},)"
        R"({"seat":1,"bot_name":"%s","bot_version":"1","team":0}],)"
        R"("steps":[{"seat":0,"action":"discard 2C","decision_us":%zu,"request_id":"1","strike":false},)"
        R"({"seat":1,"action":"discard 3C","decision_us":%zu,"request_id":"2","strike":false}],)"
        R"("result":{"end_reason":"END_REASON_TARGET","scores":[%d,%d],"places":[%d,%d],"faults":[]},)"
        R"("tournament_id":"bench","round":1,"duplicate_group":"",)"
        R"("started_at":"2026-11-22T10:00:00Z","finished_at":"2026-11-22T10:00:01Z"})"
        "\n",
        g, g * 7919, s[0].player.c_str(), s[1].player.c_str(), 100 + g % 900,
        200 + g % 700, s[0].place == 1 ? 300 : 120, s[1].place == 1 ? 300 : 120,
        s[0].place, s[1].place);
  }
  std::fclose(c);
  std::fclose(r);
}

}  // namespace

int main(int argc, char** argv) {
  int games = 1'000'000, players = 1000, replicates = 1000, runs = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    const int value = std::stoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--games")) {
      games = value;
    } else if (!std::strcmp(argv[i], "--players")) {
      players = value;
    } else if (!std::strcmp(argv[i], "--replicates")) {
      replicates = value;
    } else if (!std::strcmp(argv[i], "--runs")) {
      runs = value;
    } else {
      std::cerr << "unknown option " << argv[i] << "\n";
      return 2;
    }
  }
  // Ratings spread like a real pool: normal, sd 200.
  std::mt19937_64 rng(1);
  std::normal_distribution<double> spread(0, 200);
  ratings::SyntheticOptions o{.games = games, .draw_rate = 0.5, .seed = 2};
  for (int p = 0; p < players; ++p) o.ratings.push_back(spread(rng));
  const std::string tag = games == 1'000'000 ? "1m" : fmt::format("{}", games);
  const auto dir = std::filesystem::temp_directory_path() /
                   fmt::format("ratings_bench_{}", getpid());
  std::filesystem::create_directories(dir);
  // The files are large (650 MB of records): gone whatever happens.
  struct Cleanup {
    std::filesystem::path dir;
    ~Cleanup() {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  } cleanup{dir};
  const std::string csv = (dir / "games.csv").string();
  const std::string records = (dir / "games.jsonl").string();
  // The games are drawn and written by a child, so that this process stays
  // small: a child forked from it starts with its memory, and the kernel
  // counts that in the child's peak.
  std::cout.flush();
  std::fflush(stdout);
  if (const pid_t writer = fork(); writer == 0) {
    WriteFiles(ratings::DrawGames(o), csv, records);
    _exit(0);
  } else {
    int status = 0;
    if (writer < 0 || waitpid(writer, &status, 0) != writer ||
        !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      std::cerr << "could not write the games\n";
      return 1;
    }
  }

  // End to end, as a user runs it.
  for (const auto& [file, name] :
       {std::pair{csv, std::string("games")},
        std::pair{records, std::string("records")}}) {
    std::vector<double> seconds, cpu, rss;
    for (int run = 0; run < runs; ++run) {
      const Run r = RunCommand(file);
      if (!r.ok) {
        std::cerr << "ratings failed on " << file << "\n";
        return 1;
      }
      seconds.push_back(r.seconds);
      cpu.push_back(r.cpu_seconds);
      rss.push_back(r.peak_rss_mb);
    }
    const std::string figure = name == "games"
                                   ? "ratings.e2e_" + tag
                                   : "ratings.e2e_" + tag + "_records";
    std::cout << fmt::format("{}{}_s {:.3f} s\n", figure,
                             name == "games" ? "_games" : "", Median(seconds));
    std::cout << fmt::format("{}{}_cpu_s {:.3f} s\n", figure,
                             name == "games" ? "_games" : "", Median(cpu));
    std::cout << fmt::format("{}_peak_rss_mb {:.1f} MB\n", figure, Median(rss));
  }
  std::cout << fmt::format("ratings.e2e_{}_records_file_mb {:.0f} MB\n", tag,
                           std::filesystem::file_size(records) / 1e6);

  // In-process: reading the CSV, the fit and the bootstrap.
  std::vector<double> read_cpu, fit_cpu;
  ratings::Collected collected;
  ratings::Solution full;
  for (int run = 0; run < runs; ++run) {
    double cpu = CpuSeconds();
    ratings::Collector collector({.crosstable = false});
    if (auto ok = ratings::ReadCsvFile(csv, collector); !ok) {
      std::cerr << ok.error() << "\n";
      return 1;
    }
    collected = collector.Finish();
    read_cpu.push_back(CpuSeconds() - cpu);
    cpu = CpuSeconds();
    ratings::Solver solver(collected.data);
    full = solver.Solve(collected.data.slot_y, nullptr);
    fit_cpu.push_back(CpuSeconds() - cpu);
  }
  const ratings::Dataset& d = collected.data;
  std::cout << fmt::format("ratings.read_{}_games_cpu_s {:.3f} s\n", tag,
                           Median(read_cpu));
  std::cout << fmt::format("ratings.fit_{}_games_cpu_s {:.3f} s\n", tag,
                           Median(fit_cpu));
  std::cout << fmt::format("ratings.fit_{}_games_newton_steps {} count\n", tag,
                           full.newton_steps);
  std::cout << fmt::format("ratings.fit_{}_games_pairs {} count\n", tag,
                           d.NumPairs());
  // Accuracy against the truth, as a sanity check of what was timed.
  double mean_truth = 0, mean_fit = 0, sum2 = 0;
  auto truth = [&](size_t p) {
    return o.ratings[std::stoi(collected.names[p].substr(1))];
  };
  for (size_t p = 0; p < d.num_players; ++p) {
    mean_truth += truth(p) / d.num_players;
    mean_fit += full.x[p] * ratings::kEloPerNat / d.num_players;
  }
  for (size_t p = 0; p < d.num_players; ++p) {
    const double e =
        full.x[p] * ratings::kEloPerNat - mean_fit - (truth(p) - mean_truth);
    sum2 += e * e;
  }
  std::cout << fmt::format("ratings.fit_{}_games_rms_error {:.2f} elo\n", tag,
                           std::sqrt(sum2 / d.num_players));
  if (replicates > 0) {
    std::vector<double> games_of(d.num_players);
    for (size_t p = 0; p < d.num_players; ++p) {
      games_of[p] = collected.bots[p].games;
    }
    const ratings::Anchor anchor(d, full, -1, 0, games_of);
    const auto start = std::chrono::steady_clock::now();
    const double cpu = CpuSeconds();
    const auto boot = ratings::Bootstrap(
        d, full, anchor, {.replicates = replicates, .seed = 3, .threads = 2});
    const double seconds = Seconds(start);
    const double cpu_seconds = CpuSeconds() - cpu;
    std::cout << fmt::format("ratings.bootstrap_{}_{}_s {:.2f} s\n", tag,
                             replicates, seconds);
    std::cout << fmt::format("ratings.bootstrap_{}_{}_cpu_s {:.2f} s\n", tag,
                             replicates, cpu_seconds);
    std::cout << fmt::format(
        "ratings.bootstrap_{}_per_replicate_newton_steps {:.2f} count\n", tag,
        double(boot.newton_steps) / replicates);
    std::cout << fmt::format(
        "ratings.bootstrap_{}_per_replicate_hessian_products {:.2f} count\n",
        tag, double(boot.hessian_products) / replicates);
  }
  return 0;
}
