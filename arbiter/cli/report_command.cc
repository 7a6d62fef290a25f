// `arbiter report DIR|FILE... -o report.html`: one self-contained HTML page
// of a tournament's (or any record files') standings, ratings, faults,
// timings and games, each game with its replay (docs/report.md).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/report/report_writer.h"
#include "arbiter/tournament/swiss_table_text.h"

namespace arbiter {
namespace {

struct ReportArgs {
  std::vector<std::string> inputs;
  std::string out = "report.html";
  std::string title;
  int bootstrap = 200;
  bool no_replays = false;
};

int RunReport(const ReportArgs& args) {
  auto sources = report::FindSources(args.inputs);
  if (!sources) {
    std::fprintf(stderr, "arbiter report: %s\n", sources.error().c_str());
    return 2;
  }
  report::ReportOptions options{.title = args.title,
                                .bootstrap = args.bootstrap,
                                .replays = !args.no_replays};
  // A Swiss run's folder: its table (swiss.json) too.
  options.format_results = tournament::FindSwissTable(args.inputs);
  auto result = report::WriteReport(*sources, options, args.out);
  if (!result) {
    std::fprintf(stderr, "arbiter report: %s\n", result.error().c_str());
    return 1;
  }
  for (const auto& w : result->warnings) {
    std::fprintf(stderr, "warning: %s\n", w.c_str());
  }
  std::printf("%s: %d games, %d replays (%d with bot log lines), %.1f MB\n",
              args.out.c_str(), result->games, result->replays,
              result->log_games, double(result->bytes) / 1e6);
  return 0;
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto args = std::make_shared<ReportArgs>();
  auto* cmd = app.add_subcommand(
      "report",
      "Write an HTML report (standings, ratings, faults, timings, every game "
      "with its replay) from record files or tournament directories");
  cmd->add_option("inputs", args->inputs,
                  "record files (*.jsonl, *.jsonl.zst) or directories "
                  "holding them (a tournament's --out)")
      ->required();
  cmd->add_option("-o,--out", args->out, "the page to write")
      ->capture_default_str();
  cmd->add_option("--title", args->title,
                  "the page's title (default: the tournament's name)");
  cmd->add_option("--bootstrap", args->bootstrap,
                  "bootstrap replicates for the rating intervals (0: none)")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  cmd->add_flag("--no-replays", args->no_replays,
                "list the games without their replays (a smaller page)");
  cmd->callback([args] {
    if (const int code = RunReport(*args); code != 0) {
      throw CLI::RuntimeError(code);
    }
  });
});

}  // namespace
}  // namespace arbiter
