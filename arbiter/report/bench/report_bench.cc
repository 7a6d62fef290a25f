// How long `arbiter report` takes, how much memory it needs and how big its
// page is, on large record sets. Prints one line per figure (docs/report.md,
// "Size and speed"):
//   report.10k.summary_s           writing the report folder of 10,000
//                                  games without replays (read, standings,
//                                  ratings with 200 bootstrap replicates,
//                                  game list), CPU seconds
//   report.10k.summary_max_rss_mb  the peak memory of that run
//   report.10k.index_bytes         index.html's size
//   report.10k.first_paint_ms      index.html opened from disk in headless
//                                  Chromium: its first contentful paint
//   report.10k.list_ms             ... and the game list loaded (when a
//                                  chromium is installed: first_paint.py)
//   report.10k.with_replays_s      writing the report of 10,000 games with
//                                  their replays, on every core: CPU
//                                  seconds
//   report.10k.with_replays_wall_s ... wall seconds (the load adds to them)
//   report.10k.with_replays_max_rss_mb  the peak memory of that run
//   report.replays_ms_per_game     CPU time of a game's replay (1,000 games
//                                  with replays, on one thread)
//   report.replays_max_rss_mb      the peak memory of that run
//   report.resume_100_of_1100_s    the same written again after 100 more
//                                  games (one replay file): CPU seconds
//   report.replay_parse_ms_per_game   of a replay's CPU time on one thread
//   report.replay_walk_ms_per_game    (the played games, each part the
//   report.replay_gzip_ms_per_game    best of three passes): parsing the
//                                  record (without its events, as the
//                                  report reads it), the walk
//                                  (ReplayDataText: the game replayed, its
//                                  views, texts and JSON), gzip and base64
//                                  (CompressText)
//   report.replay_bytes_per_game   a replay's JSON, and gzipped in base64
//   report.replay_packed_bytes_per_game
// The games: copies of a round robin of ten builtin random bots (Zetema,
// 495 games, about 85 KB a record), each under its own id, in a .jsonl.zst
// file. REPORT_BENCH_GAMES=N measures N games instead of 10,000 (the
// figures are then named report.N.*), e.g. 1000000 for the million; with
// REPORT_BENCH_SMALL=1 the copies leave out the steps and events (about 2
// KB a record instead of 85: a million games' records are then written in
// minutes, not hours), and the replay figures are skipped. Without it the
// N games are also written with their replays (report.N.with_replays_*).
// Each report is written by a child process, whose peak memory the kernel
// measures (wait4). REPORT_BENCH_PARTS=1 prints the parts only.
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "arbiter/records/game_record.h"
#include "arbiter/records/record_file.h"
#include "arbiter/report/html_page.h"
#include "arbiter/report/replay_data.h"
#include "arbiter/report/report_writer.h"
#include "arbiter/tournament/builtin_runner.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/ruleset_link.h"

namespace {

namespace fs = std::filesystem;
namespace tour = arbiter::tournament;
namespace report = arbiter::report;

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "report_bench: %s\n", message.c_str());
  std::exit(1);
}

// A round robin of builtin bots, recorded in `dir`; its record lines.
std::vector<std::string> PlayTournament(const fs::path& dir) {
  tour::TournamentConfig config;
  config.name = "bench";
  config.seed = 11;
  config.deals_per_pairing = 11;
  config.concurrency = 1;
  for (int i = 0; i < 10; ++i) {
    config.bots.push_back(
        {.name = "bot" + std::to_string(i), .command = "builtin:random"});
  }
  auto resolved = tour::ResolveRuleset(config);
  if (!resolved) Die(resolved.error());
  tour::BuiltinRandomRunner runner(config, resolved->game);
  auto result =
      tour::RunTournament(config, resolved->layout, runner, {.out_dir = dir});
  if (!result || !result->complete) Die("the tournament did not finish");
  // Its record file, compressed or not (whichever the tournament wrote).
  auto sources = report::FindSources({dir.string()});
  if (!sources) Die(sources.error());
  auto reader = arbiter::records::RecordReader::Open(sources->records.at(0));
  if (!reader) Die(reader.error());
  std::vector<std::string> lines;
  std::string_view line;
  while (reader->Next(&line).value_or(false)) lines.emplace_back(line);
  if (lines.empty()) Die("the tournament recorded no games");
  return lines;
}

// `line` with the string value of `field` replaced by `value`.
std::string Replace(std::string line, const std::string& field,
                    const std::string& value) {
  const std::string key = "\"" + field + "\":\"";
  const size_t from = line.find(key);
  if (from == std::string::npos) Die("no " + field + " in a record");
  const size_t start = from + key.size();
  return line.replace(start, line.find('"', start) - start, value);
}

// Games [from, to) as copies of the templates under ids "s<k>", appended
// to a .jsonl.zst file one zstd frame per hundred records.
void WriteGames(const fs::path& file, const std::vector<std::string>& lines,
                int64_t from, int64_t to) {
  std::ofstream out(file, std::ios::binary | std::ios::app);
  std::string batch, frame;
  auto flush = [&] {
    frame.resize(ZSTD_compressBound(batch.size()));
    const size_t n = ZSTD_compress(frame.data(), frame.size(), batch.data(),
                                   batch.size(), 1);
    if (ZSTD_isError(n)) Die("zstd failed");
    out.write(frame.data(), std::streamsize(n));
    batch.clear();
  };
  for (int64_t k = from; k < to; ++k) {
    const std::string& line = lines[size_t(k) % lines.size()];
    std::string copy = Replace(line, "game_id", fmt::format("s{}", k));
    // Duplicate deals come in pairs, as a round robin's seatings do.
    copy = Replace(copy, "duplicate_group", fmt::format("s{}", k / 2));
    batch += copy + "\n";
    if ((k + 1) % 100 == 0) flush();
  }
  if (!batch.empty()) flush();
  if (!out) Die(file.string() + ": cannot write");
}

struct Run {
  double wall_s = 0;
  double cpu_s = 0;
  double max_rss_mb = 0;
  report::ReportResult result;
};

// Writes the report of `records` into `out` in a child process.
Run Measure(const fs::path& records, const fs::path& out, bool replays,
            int threads) {
  const fs::path result_file = out.string() + ".result";
  const auto start = std::chrono::steady_clock::now();
  const pid_t child = ::fork();
  if (child == 0) {
    auto sources = report::FindSources({records.string()});
    if (!sources) Die(sources.error());
    auto written = report::WriteReport(
        *sources, {.replays = replays, .threads = threads}, out);
    if (!written) Die(written.error());
    std::ofstream(result_file) << written->games << " " << written->index_bytes
                               << " " << written->replay_files_written << "\n";
    std::_Exit(0);
  }
  int status = 0;
  rusage usage{};
  if (::wait4(child, &status, 0, &usage) != child || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    Die("the report failed");
  }
  Run run;
  run.wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  run.cpu_s = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
              double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  run.max_rss_mb = double(usage.ru_maxrss) / 1024;
  std::ifstream(result_file) >> run.result.games >> run.result.index_bytes >>
      run.result.replay_files_written;
  return run;
}

double ThreadCpuSeconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// A replay's parts on this thread, game by game as the report makes them
// (parse, walk, compress: the memory of one game reused by the next); each
// part's best of three passes.
void MeasureParts(const std::vector<std::string>& lines) {
  std::array<double, 3> best = {1e300, 1e300, 1e300};
  size_t bytes = 0, packed = 0;
  for (int pass = 0; pass < 3; ++pass) {
    std::array<double, 3> parts{};
    bytes = packed = 0;
    for (const std::string& line : lines) {
      const double start = ThreadCpuSeconds();
      auto record = arbiter::records::RecordFromJson(
          line, {.skip = arbiter::records::kEventFields});  // as the report
      if (!record) Die(record.error().message);
      const double parsed = ThreadCpuSeconds();
      const std::string text = report::ReplayDataText(*record).json;
      const double walked = ThreadCpuSeconds();
      packed += report::CompressText(text).size();
      bytes += text.size();
      parts[2] += ThreadCpuSeconds() - walked;
      parts[1] += walked - parsed;
      parts[0] += parsed - start;
    }
    for (size_t i = 0; i < parts.size(); ++i) {
      best[i] = std::min(best[i], parts[i] * 1000 / double(lines.size()));
    }
  }
  std::printf("report.replay_parse_ms_per_game %.3f ms\n", best[0]);
  std::printf("report.replay_walk_ms_per_game %.3f ms\n", best[1]);
  std::printf("report.replay_gzip_ms_per_game %.3f ms\n", best[2]);
  std::printf("report.replay_bytes_per_game %zu bytes\n", bytes / lines.size());
  std::printf("report.replay_packed_bytes_per_game %zu bytes\n",
              packed / lines.size());
  std::fflush(stdout);
}

}  // namespace

// The records without their steps and events.
std::vector<std::string> Small(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  for (const std::string& line : lines) {
    nlohmann::json record = nlohmann::json::parse(line);
    record.erase("steps");
    record.erase("events");
    out.push_back(record.dump());
  }
  return out;
}

int main() {
  const char* env = std::getenv("REPORT_BENCH_GAMES");
  const int64_t games = env ? std::atoll(env) : 10000;
  if (games < 1000) Die("REPORT_BENCH_GAMES: at least 1000");
  const bool small = std::getenv("REPORT_BENCH_SMALL") != nullptr;
  const std::string name =
      (games % 1000000 == 0 ? fmt::format("{}m", games / 1000000)
                            : fmt::format("{}k", games / 1000)) +
      (small ? "_small" : "");
  char tmpl[] = "/tmp/report_bench.XXXXXX";
  const fs::path dir = ::mkdtemp(tmpl);
  const std::vector<std::string> played = PlayTournament(dir / "played");
  MeasureParts(played);
  if (std::getenv("REPORT_BENCH_PARTS") != nullptr) {
    fs::remove_all(dir);
    return 0;
  }
  const std::vector<std::string> lines = small ? Small(played) : played;
  const fs::path records = dir / "games.jsonl.zst";
  WriteGames(records, lines, 0, games);

  const Run summary = Measure(records, dir / "summary", false, 0);
  if (summary.result.games != games) Die("the report lost games");
  std::printf("report.%s.summary_s %.2f s\n", name.c_str(), summary.cpu_s);
  std::printf("report.%s.summary_max_rss_mb %.0f MB\n", name.c_str(),
              summary.max_rss_mb);
  std::printf("report.%s.index_bytes %zu bytes\n", name.c_str(),
              summary.result.index_bytes);
  std::fflush(stdout);
  const fs::path paint = fs::path(REPORT_BENCH_DIR) / "first_paint.py";
  const std::string command =
      fmt::format("python3 '{}' '{}' report.{}", paint.string(),
                  (dir / "summary" / "index.html").string(), name);
  if (std::system(command.c_str()) != 0) {
    std::fprintf(stderr, "report_bench: no first paint (no chromium?)\n");
  }

  if (small) {
    fs::remove_all(dir);
    return 0;
  }
  // The same with the replays, on every core (at 1.6 ms of CPU a game, a
  // million games' replays take about half an hour of CPU).
  const Run all = Measure(records, dir / "all", true, 0);
  std::printf("report.%s.with_replays_s %.2f s\n", name.c_str(), all.cpu_s);
  std::printf("report.%s.with_replays_wall_s %.2f s\n", name.c_str(),
              all.wall_s);
  std::printf("report.%s.with_replays_max_rss_mb %.0f MB\n", name.c_str(),
              all.max_rss_mb);
  std::fflush(stdout);
  const fs::path few = dir / "few.jsonl.zst";
  WriteGames(few, played, 0, 1000);
  const Run replays = Measure(few, dir / "replays", true, 1);
  std::printf("report.replays_ms_per_game %.2f ms\n",
              replays.cpu_s * 1000 / 1000);
  std::printf("report.replays_max_rss_mb %.0f MB\n", replays.max_rss_mb);
  // A resume: the report written again after 100 more games rewrites the
  // summary and one replay file.
  WriteGames(few, played, 1000, 1100);
  const Run resume = Measure(few, dir / "replays", true, 1);
  if (resume.result.replay_files_written != 1) Die("the resume rewrote more");
  std::printf("report.resume_100_of_1100_s %.2f s\n", resume.cpu_s);
  fs::remove_all(dir);
  return 0;
}
