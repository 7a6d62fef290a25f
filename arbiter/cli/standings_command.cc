// `arbiter standings FILE.jsonl... [--out DIR]`: the standings (with the tie
// rule), crosstable and ratings of any game record files, e.g. a
// tournament's shards after `arbiter merge`; with --out, also the files a
// tournament writes (standings.csv, standings.json, crosstable.csv,
// ratings.json). Every game id counts once (its first record); records that
// cannot be read are named on stderr and skipped.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/common/printable.h"
#include "arbiter/report/record_standings.h"
#include "arbiter/report/standings_report.h"
#include "arbiter/tournament/swiss_table_text.h"

namespace arbiter {
namespace {

struct StandingsArgs {
  std::vector<std::string> files;
  std::string out;
};

[[noreturn]] void Fail(const std::string& message, int code) {
  // A message may quote a record, which may hold anything.
  std::fprintf(stderr, "arbiter standings: %s\n",
               TerminalSafe(message).c_str());
  throw CLI::RuntimeError(code);
}

// Files that are missing or not regular, and an --out that cannot be
// made, are usage errors.
void CheckPaths(const StandingsArgs& args) {
  for (const std::string& file : args.files) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
      Fail(file + ": " +
               (std::filesystem::exists(file, ec) ? "not a regular file"
                                                  : "no such file"),
           kExitUsage);
    }
  }
  if (!args.out.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(args.out, ec);
    if (ec || !std::filesystem::is_directory(args.out, ec)) {
      Fail("--out " + args.out + ": cannot create the directory" +
               (ec ? ": " + ec.message() : ""),
           kExitUsage);
    }
  }
}

void Run(const StandingsArgs& args) {
  CheckPaths(args);
  auto read = report::ReadRecordGames(args.files);
  if (!read) Fail(read.error(), kExitFailed);
  const auto& problems = read->problems;
  constexpr size_t kMaxShown = 20;
  for (size_t i = 0; i < problems.size() && i < kMaxShown; ++i) {
    std::fprintf(stderr, "%s\n", TerminalSafe(problems[i]).c_str());
  }
  if (problems.size() > kMaxShown) {
    std::fprintf(stderr, "... and %zu more\n", problems.size() - kMaxShown);
  }
  if (read->games.empty()) {
    Fail("no game record in the files given", kExitFailed);
  }
  auto standings = report::StandingsOf(*read);
  if (!standings) Fail(standings.error(), kExitFailed);
  std::printf(
      "%zu games from %zu files (%d copies and %zu unreadable "
      "records skipped)\n\n",
      read->games.size(), args.files.size(), read->copies, problems.size());
  // A Swiss run's folder: its table too, as the run wrote it.
  std::string swiss_file;
  const nlohmann::json swiss =
      tournament::FindSwissTable(args.files, &swiss_file);
  FormatResults format{.json = swiss.is_null() ? "" : swiss.dump()};
  if (auto ok = PublishStandings(*standings, args.files, args.out, &format);
      !ok) {
    Fail(ok.error(), kExitFailed);
  }
  if (!swiss.is_null()) {
    std::printf(
        "\nThe Swiss table of %s\n%s", TerminalSafe(swiss_file).c_str(),
        tournament::SwissText(nlohmann::json::parse(format.json)).c_str());
  }
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto args = std::make_shared<StandingsArgs>();
  CLI::App* cmd = app.add_subcommand(
      "standings",
      "Standings, crosstable and ratings of game record files (e.g. merged "
      "shards)");
  cmd->add_option("files", args->files, "Record files (*.jsonl)")->required();
  cmd->add_option("--out", args->out,
                  "Also write standings.csv, standings.json, crosstable.csv "
                  "and ratings.json into this directory");
  cmd->callback([args] { Run(*args); });
});

}  // namespace
}  // namespace arbiter
