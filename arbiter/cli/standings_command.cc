// `arbiter standings FILE.jsonl... [--out DIR]`: the standings (with the tie
// rule), crosstable and ratings of any game record files, e.g. a
// tournament's shards after `arbiter merge`; with --out, also the files a
// tournament writes (standings.csv, standings.json, crosstable.csv,
// ratings.json). Every game id counts once (its first record); records that
// cannot be read are named on stderr and skipped.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/common/printable.h"
#include "arbiter/records/duplicates.h"
#include "arbiter/records/record_file.h"
#include "arbiter/records/record_view.h"
#include "arbiter/report/standings_report.h"
#include "arbiter/tournament/standings.h"

namespace arbiter {
namespace {

namespace tour = arbiter::tournament;

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

void Run(const StandingsArgs& args) {
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
  // Every game id once (the first record of it), bots in order of first
  // appearance: the standings need them up front.
  std::vector<records::RecordSummary> games;
  std::vector<std::string> names;
  records::DuplicateIds ids;
  std::vector<std::string> problems;
  int duplicates = 0;
  for (uint32_t f = 0; f < args.files.size(); ++f) {
    const std::string& file = args.files[f];
    auto reader = records::RecordReader::Open(file);
    if (!reader) Fail(reader.error(), kExitFailed);
    std::string_view line;
    for (;;) {
      auto more = reader->Next(&line);
      if (!more) Fail(more.error(), kExitFailed);
      if (!*more) break;
      auto summary = records::SummarizeRecord(line);
      if (!summary) {
        problems.push_back(reader->Where() + ": skipped, " +
                           summary.error().message);
        continue;
      }
      // A copy is counted once; a different record under one id is refused,
      // as merge, replay and ratings refuse it.
      const auto seen = ids.Add(summary->game_id, line, {f, reader->line()});
      if (seen.seen == records::DuplicateIds::Seen::kConflict) {
        Fail(reader->Where() + ": game " + summary->game_id + " is also at " +
                 args.files[seen.first->file] + ":" +
                 std::to_string(seen.first->line) +
                 " as a different record: which one is true cannot be "
                 "told",
             kExitFailed);
      }
      if (seen.seen == records::DuplicateIds::Seen::kCopy) {
        ++duplicates;
        continue;
      }
      for (const std::string& bot : summary->bots) {
        if (std::find(names.begin(), names.end(), bot) == names.end()) {
          names.push_back(bot);
        }
      }
      games.push_back(std::move(*summary));
    }
    for (const auto& problem : reader->problems()) {
      problems.push_back(problem.ToString());
    }
  }
  constexpr size_t kMaxShown = 20;
  for (size_t i = 0; i < problems.size() && i < kMaxShown; ++i) {
    std::fprintf(stderr, "%s\n", TerminalSafe(problems[i]).c_str());
  }
  if (problems.size() > kMaxShown) {
    std::fprintf(stderr, "... and %zu more\n", problems.size() - kMaxShown);
  }
  if (games.empty()) Fail("no game record in the files given", kExitFailed);
  tour::Standings standings(names);
  for (const auto& game : games) {
    if (auto ok = standings.Add(game); !ok) Fail(ok.error(), kExitFailed);
  }
  std::printf(
      "%zu games from %zu files (%d copies and %zu unreadable "
      "records skipped)\n\n",
      games.size(), args.files.size(), duplicates, problems.size());
  if (auto ok = PublishStandings(standings, args.files, args.out); !ok) {
    Fail(ok.error(), kExitFailed);
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
