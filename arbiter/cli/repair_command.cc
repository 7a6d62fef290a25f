// `arbiter repair CONFIG [--out DIR] [--secret FILE] [--dry-run]`: repairs a
// tournament directory that holds two different records under one game id
// (two runs recorded into it at once), which resume, merge and every reader
// refuse: each game keeps the record its schedule and deal secret confirm
// (tournament/repair.h). The same CONFIG and --out as the tournament's.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "arbiter/cli/command.h"
#include "arbiter/command_line/output_lock.h"
#include "arbiter/common/plural.h"
#include "arbiter/tournament/config.h"
#include "arbiter/tournament/formats/format.h"
#include "arbiter/tournament/formats/registry.h"
#include "arbiter/tournament/kept_records.h"
#include "arbiter/tournament/repair.h"
#include "arbiter/tournament/ruleset_link.h"

namespace arbiter {
namespace {

namespace tour = arbiter::tournament;

struct RepairArgs {
  std::string config;
  std::string out;
  std::string secret;
  bool dry_run = false;
};

[[noreturn]] void Fail(const std::string& message, int code) {
  std::fprintf(stderr, "arbiter repair: %s\n", message.c_str());
  throw CLI::RuntimeError(code);
}

// The records file of the tournament's output directory (which must hold
// one).
std::filesystem::path RecordsFile(const tour::TournamentConfig& config,
                                  const std::filesystem::path& dir) {
  const std::string out = "--out " + dir.string();
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    Fail(out + ": no such directory", kExitUsage);
  }
  auto path = tour::RecordsPath(dir, config.compress_records);
  if (!path) Fail(path.error(), kExitUsage);
  if (!std::filesystem::exists(*path, ec)) {
    Fail(out + ": no records file (" + tour::kCompressedRecordsFile + " or " +
             tour::kRecordsFile + ")",
         kExitUsage);
  }
  return *path;
}

// What tells the true record of a game id: its schedule and deal secret
// (none for a format whose games depend on the results: Swiss, knockout).
tour::RecordJudge MakeJudge(const RepairArgs& args,
                            const tour::TournamentConfig& config,
                            const tour::TeamLayout& layout,
                            const std::filesystem::path& dir,
                            const std::filesystem::path& path) {
  auto format = tour::MakeFormat(config, layout);  // no secret needed to ask
  if (!format) Fail(args.config + ": " + format.error(), kExitUsage);
  if ((*format)->Adaptive()) return {};
  auto secret = tour::OpenRunSecret(dir, path, args.secret, config.seed);
  if (!secret) Fail(secret.error(), kExitUsage);
  auto made = tour::ScheduleJudge(config, layout, *secret);
  if (!made) Fail(args.config + ": " + made.error(), kExitUsage);
  return std::move(*made);
}

void Repair(const RepairArgs& args) {
  auto config = tour::LoadTournamentConfig(args.config);
  if (!config) Fail(config.error(), kExitUsage);
  auto resolved = tour::ResolveRuleset(*config);
  if (!resolved) Fail(args.config + ": " + resolved.error(), kExitUsage);
  const std::filesystem::path dir =
      args.out.empty() ? "out/" + config->name : args.out;
  const std::filesystem::path path = RecordsFile(*config, dir);
  const records::RunLock lock =
      LockOutput("repair", "--out", dir.string(), path);
  std::error_code ec;
  if (std::filesystem::file_size(path, ec) == 0) {  // and no secret to make
    std::printf("%s: nothing to repair (no records)\n", path.c_str());
    return;
  }
  auto plan = tour::PlanRepair(
      path, MakeJudge(args, *config, resolved->layout, dir, path));
  if (!plan) Fail(plan.error(), kExitFailed);
  if (!plan->undecided.empty()) {
    for (const auto& text : plan->undecided) {
      std::fprintf(stderr, "%s\n", text.c_str());
    }
    Fail(Count(int64_t(plan->undecided.size()), "game id") +
             " cannot be decided; nothing written",
         kExitFailed);
  }
  if (plan->drop.empty()) {
    std::printf("%s: nothing to repair (%s, no game id twice)\n", path.c_str(),
                Count(plan->records, "record").c_str());
    return;
  }
  for (const auto& note : plan->notes) std::printf("%s\n", note.c_str());
  const long long kept = plan->records - (long long)plan->drop.size();
  if (args.dry_run) {
    std::printf(
        "%s: would keep %lld of %s (%s with different records); dry run, "
        "nothing written\n",
        path.c_str(), kept, Count(plan->records, "record").c_str(),
        Count(plan->conflicts, "game id").c_str());
    return;
  }
  auto backup = tour::ApplyRepair(path, *plan);
  if (!backup) Fail(backup.error(), kExitFailed);
  std::printf(
      "%s: kept %lld of %s (%s with different records); the original is "
      "%s\n",
      path.c_str(), kept, Count(plan->records, "record").c_str(),
      Count(plan->conflicts, "game id").c_str(), backup->c_str());
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto args = std::make_shared<RepairArgs>();
  CLI::App* cmd = app.add_subcommand(
      "repair",
      "Repair a tournament directory holding two records under one game id "
      "(two runs at once): keeps the record the schedule and the deal secret "
      "confirm. Exit status: 0 repaired or nothing to repair, 1 cannot "
      "decide (nothing written), 2 bad config or option, or the directory "
      "is in use");
  cmd->add_option("config", args->config, "The tournament's config (TOML)")
      ->required()
      ->check(ReadableFile());
  cmd->add_option("--out", args->out,
                  "The tournament's output directory (default out/NAME)");
  cmd->add_option("--secret", args->secret,
                  "The deal secret the tournament was given with --secret "
                  "(default: DIR/secret)");
  cmd->add_flag("--dry-run", args->dry_run,
                "Print what would be dropped, write nothing");
  cmd->callback([args] { Repair(*args); });
});

}  // namespace
}  // namespace arbiter
