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
  bool split = false;
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

// The standings of one game, and a Swiss run's table as the run wrote it
// (swiss.json in the folder of the records).
void PublishWithSwissTable(const tournament::Standings& standings,
                           const StandingsArgs& args) {
  std::string swiss_file;
  const nlohmann::json swiss =
      tournament::FindSwissTable(args.files, &swiss_file);
  FormatResults format{.json = swiss.is_null() ? "" : swiss.dump()};
  if (auto ok = PublishStandings(standings, args.files, args.out, &format);
      !ok) {
    Fail(ok.error(), kExitFailed);
  }
  if (!swiss.is_null()) {
    std::printf(
        "\nThe Swiss table of %s\n%s", TerminalSafe(swiss_file).c_str(),
        tournament::SwissText(nlohmann::json::parse(format.json)).c_str());
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
  if (auto ok = report::CheckOneGame(read->kinds, args.split); !ok) {
    Fail(ok.error(), kExitFailed);
  }
  std::printf(
      "%zu games from %zu files (%d copies and %zu unreadable "
      "records skipped)\n",
      read->games.size(), args.files.size(), read->copies, problems.size());
  if (read->kinds.size() == 1) {
    auto standings = report::StandingsOf(*read);
    if (!standings) Fail(standings.error(), kExitFailed);
    std::printf("\n");
    PublishWithSwissTable(*standings, args);
    return;
  }
  // --split: one section per game, its files in --out/GAME/.
  for (size_t k = 0; k < read->kinds.size(); ++k) {
    const report::GameKind& kind = read->kinds[k];
    auto standings = report::StandingsOf(*read, int(k));
    if (!standings) Fail(standings.error(), kExitFailed);
    std::printf("\n== %s: %ld games ==\n\n", TerminalSafe(kind.game).c_str(),
                long(kind.games));
    std::filesystem::path dir;
    if (!args.out.empty()) {
      dir = std::filesystem::path(args.out) / kind.game;
      std::error_code ec;
      std::filesystem::create_directories(dir, ec);
      if (ec) Fail(dir.string() + ": cannot create: " + ec.message(), 1);
    }
    auto records = report::GameRecordsFile::Write(args.files, kind.game);
    if (!records) Fail(records.error(), kExitFailed);
    if (auto ok = PublishStandings(*standings, {records->path()}, dir); !ok) {
      Fail(ok.error(), kExitFailed);
    }
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
                  "and ratings.json into this directory (with --split, "
                  "into DIR/GAME/)");
  cmd->add_flag("--split", args->split,
                "Records of several games: standings for each game apart "
                "(without it they are refused: their scores do not add up)");
  cmd->callback([args] { Run(*args); });
});

}  // namespace
}  // namespace arbiter
