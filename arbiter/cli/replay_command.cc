// `arbiter replay FILE --verify` and `arbiter replay FILE --game ID [--seat
// N]`.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string>

#include "arbiter/cli/command.h"
#include "arbiter/match/record_io.h"
#include "arbiter/match/replay.h"

namespace arbiter {
namespace {

struct ReplayOptions {
  std::string file;
  bool verify = false;
  std::string game;
  int seat = -1;
};

int RunReplay(const ReplayOptions& o) {
  auto records = ReadRecords(o.file);
  if (!records) {
    std::fprintf(stderr, "arbiter replay: %s\n", records.error().c_str());
    return 2;
  }
  if (o.verify) {
    int bad = 0;
    for (const auto& r : *records) {
      const auto diffs = VerifyRecord(r);
      for (const auto& d : diffs) std::fprintf(stderr, "%s\n", d.c_str());
      bad += !diffs.empty();
    }
    std::printf("%zu records, %d ok, %d with differences\n", records->size(),
                int(records->size()) - bad, bad);
    if (bad) return 1;
    if (o.game.empty()) return 0;
  }
  if (o.game.empty()) {
    // A list of the games, to pick one from.
    for (const auto& r : *records) {
      std::printf("%s  %d players  %d steps  %s\n", r.game_id().c_str(),
                  r.num_players(), r.steps_size(),
                  arbiter::v1::EndReason_Name(r.result().end_reason()).c_str());
    }
    return 0;
  }
  for (const auto& r : *records) {
    if (r.game_id() != o.game) continue;
    if (auto ok = PrintGame(r, o.seat, std::cout); !ok) {
      std::fprintf(stderr, "arbiter replay: %s\n", ok.error().c_str());
      return 2;
    }
    return 0;
  }
  std::fprintf(stderr, "arbiter replay: no game '%s' in %s\n", o.game.c_str(),
               o.file.c_str());
  return 2;
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto o = std::make_shared<ReplayOptions>();
  auto* cmd = app.add_subcommand(
      "replay", "Verify game records, or show a game step by step");
  cmd->add_option("file", o->file, "game records (JSON lines)")->required();
  cmd->add_flag("--verify", o->verify,
                "replay every record through the engine; fail on any "
                "difference");
  cmd->add_option("--game", o->game, "the game to show");
  cmd->add_option("--seat", o->seat,
                  "show the game as this seat saw it (default: everyone)");
  cmd->callback([o] {
    if (const int code = RunReplay(*o); code != 0)
      throw CLI::RuntimeError(code);
  });
});

}  // namespace
}  // namespace arbiter
