// ratings [options] FILE...: Elo ratings from game records or results CSVs.
#include <CLI/CLI.hpp>
#include <charconv>
#include <exception>
#include <iostream>
#include <new>

#include "arbiter/command_line/usage.h"
#include "arbiter/common/printable.h"
#include "ratings/format.h"
#include "ratings/ratings.h"

namespace {

// Errors about an option start with its name: a bad command line (2);
// everything else is bad input (1).
int Fail(const std::string& message) {
  // A message may quote a record, which may hold anything.
  std::cerr << "ratings: " << arbiter::TerminalSafe(message) << "\n";
  return message.starts_with("--") ? 2 : 1;
}

int Run(int argc, char** argv) {
  CLI::App app{
      "Elo ratings by maximum likelihood from game records (*.jsonl) or "
      "results files (*.csv: white,black,result or game,player,place)",
      "ratings"};
  std::vector<std::string> files;
  ratings::Options options;
  bool json = false, csv = false, crosstable = false;
  std::string history;
  app.add_option("files", files, "game records (.jsonl) or results (.csv)")
      ->required();
  app.add_option("--average", options.average,
                 "rating of the pool average, or of the anchor")
      ->capture_default_str();
  app.add_option("--anchor", options.anchor,
                 "fix this bot at the --average rating instead");
  app.add_flag("--first-seat-advantage", options.first_seat_advantage,
               "fit an advantage for the seat that moves first");
  app.add_flag("--pairwise", options.pairwise,
               "rate standings of 3+ sides as pairwise results instead of "
               "Plackett-Luce");
  app.add_option("--bootstrap", options.bootstrap,
                 "bootstrap replicates for intervals and LOS; 0 disables")
      ->capture_default_str();
  app.add_option("--seed", options.seed, "bootstrap seed")
      ->check(arbiter::UnsignedIn(0, UINT64_MAX))  // CLI11 takes -1 as 2^64-1
      ->capture_default_str();
  app.add_option("--threads", options.threads,
                 "bootstrap threads; 0 = one per core");
  auto* json_flag = app.add_flag("--json", json, "print JSON");
  auto* csv_flag = app.add_flag("--csv", csv, "print CSV")->excludes(json_flag);
  app.add_flag("--crosstable", crosstable,
               "print the crosstable (in JSON: include it)");
  app.add_option("--history", history,
                 "print, as JSON, the ratings after every round ('round') or "
                 "every N games")
      ->excludes(csv_flag);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help exits 0; every usage error exits 2, in one line naming the
    // option (arbiter/command_line/usage.h).
    return arbiter::ReportParseError(app, e);
  }
  if (auto ok = ratings::CheckOptions(options); !ok) return Fail(ok.error());

  if (!history.empty()) {
    ratings::HistoryOptions step{.by_round = history == "round"};
    if (!step.by_round) {
      const auto [end, ec] = std::from_chars(
          history.data(), history.data() + history.size(), step.every);
      if (ec != std::errc() || end != history.data() + history.size() ||
          step.every < 1) {
        return Fail("--history: expected 'round' or a number of games, got '" +
                    history + "'");
      }
    }
    const auto result = ratings::RateHistory(files, options, step);
    if (!result) return Fail(result.error());
    std::cout << ratings::FormatHistoryJson(*result);
    return 0;
  }
  options.crosstable = crosstable;
  const auto report = ratings::RateFiles(files, options);
  if (!report) return Fail(report.error());
  if (json) {
    std::cout << ratings::FormatJson(*report, crosstable);
  } else if (csv) {
    std::cout << ratings::FormatCsv(*report);
  } else {
    std::cout << ratings::FormatTable(*report);
    if (crosstable) std::cout << "\n" << ratings::FormatCrosstable(*report);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return Run(argc, argv);
  } catch (const std::bad_alloc&) {
    std::cerr << "ratings: out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << "ratings: " << e.what() << "\n";
  }
  return 1;
}
