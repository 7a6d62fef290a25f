// `arbiter report DIR|FILE... -o report`: a report folder (index.html and
// the files beside it) of a tournament's (or any record files') standings,
// ratings, faults, timings and games, each game with its replay
// (docs/report.md).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/common/printable.h"
#include "arbiter/report/report_writer.h"
#include "arbiter/tournament/swiss_table_text.h"

namespace arbiter {
namespace {

struct ReportArgs {
  std::vector<std::string> inputs;
  std::string out = "report";
  std::string title;
  int bootstrap = 200;
  int threads = 0;
  bool no_replays = false;
  bool split = false;
};

int RunReport(const ReportArgs& args) {
  auto sources = report::FindSources(args.inputs);
  if (sources) {
    if (auto ok = report::CheckReportFolder(args.out); !ok) {
      sources = std::unexpected(ok.error());
    }
  }
  if (!sources) {
    std::fprintf(stderr, "arbiter report: %s\n",
                 TerminalSafe(sources.error()).c_str());
    return kExitUsage;
  }
  report::ReportOptions options{.title = args.title,
                                .bootstrap = args.bootstrap,
                                .replays = !args.no_replays,
                                .split = args.split,
                                .threads = args.threads};
  // A Swiss run's folder: its table (swiss.json) too.
  options.format_results = tournament::FindSwissTable(args.inputs);
  auto result = report::WriteReport(*sources, options, args.out);
  if (!result) {
    std::fprintf(stderr, "arbiter report: %s\n",
                 TerminalSafe(result.error()).c_str());
    return kExitFailed;
  }
  constexpr size_t kMaxShown = 20;
  for (size_t i = 0; i < result->warnings.size() && i < kMaxShown; ++i) {
    std::fprintf(stderr, "warning: %s\n",
                 TerminalSafe(result->warnings[i]).c_str());
  }
  if (result->warnings.size() > kMaxShown) {
    std::fprintf(stderr, "... and %zu more warnings (listed in the page)\n",
                 result->warnings.size() - kMaxShown);
  }
  std::string games;
  for (const auto& g : result->sections) {
    games += (games.empty() ? "" : ", ") + g;
  }
  std::printf(
      "%s/index.html: %ld games of %s, %ld with replays (%ld replay files "
      "written, %ld unchanged; %d games with bot log lines), index %.1f MB\n"
      "decision times: %ld answers timed; %ld timeouts and %ld other faults "
      "counted apart\n",
      TerminalSafe(args.out).c_str(), long(result->games),
      TerminalSafe(games).c_str(), long(result->replays),
      long(result->replay_files_written), long(result->replay_files_kept),
      result->log_games, double(result->index_bytes) / 1e6,
      long(result->decisions), long(result->timeouts),
      long(result->other_faults));
  return 0;
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto args = std::make_shared<ReportArgs>();
  auto* cmd = app.add_subcommand(
      "report",
      "Write an HTML report folder (standings, ratings, faults, timings, "
      "every game with its replay) from record files or tournament "
      "directories");
  cmd->add_option("inputs", args->inputs,
                  "record files (*.jsonl, *.jsonl.zst) or directories "
                  "holding them (a tournament's --out)")
      ->required();
  cmd->add_option("-o,--out", args->out,
                  "the report folder to write (new, empty, or an earlier "
                  "report: only what changed is rewritten); open "
                  "OUT/index.html")
      ->capture_default_str();
  cmd->add_option("--title", args->title,
                  "the page's title (default: the tournament's name)");
  cmd->add_option("--bootstrap", args->bootstrap,
                  "bootstrap replicates for the rating intervals (0: none)")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--threads", args->threads,
                  "threads that make the replays (0: one per core)")
      ->capture_default_str()
      ->check(CLI::Range(0, 256));
  cmd->add_flag("--no-replays", args->no_replays,
                "list the games without their replays (much faster)");
  cmd->add_flag("--split", args->split,
                "records of several games: one section per game, each in "
                "its own units (without it they are refused)");
  cmd->callback([args] {
    if (const int code = RunReport(*args); code != 0) {
      throw CLI::RuntimeError(code);
    }
  });
});

}  // namespace
}  // namespace arbiter
