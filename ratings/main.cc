// ratings [options] FILE...: Elo ratings from game records or results CSVs.
#include <CLI/CLI.hpp>
#include <iostream>

#include "ratings/format.h"
#include "ratings/ratings.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Elo ratings by maximum likelihood from game records (*.jsonl) or "
      "results files (*.csv: white,black,result or game,player,place)"};
  std::vector<std::string> files;
  ratings::Options options;
  bool json = false, csv = false, crosstable = false;
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
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_option("--seed", options.seed, "bootstrap seed")
      ->capture_default_str();
  app.add_option("--threads", options.threads,
                 "bootstrap threads; 0 = one per core")
      ->check(CLI::NonNegativeNumber);
  auto* json_flag = app.add_flag("--json", json, "print JSON");
  app.add_flag("--csv", csv, "print CSV")->excludes(json_flag);
  app.add_flag("--crosstable", crosstable,
               "print the crosstable (in JSON: include it)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help exits 0; every usage error exits 2.
    return app.exit(e) == 0 ? 0 : 2;
  }

  const auto report = ratings::RateFiles(files, options);
  if (!report) {
    std::cerr << "ratings: " << report.error() << "\n";
    return 1;
  }
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
