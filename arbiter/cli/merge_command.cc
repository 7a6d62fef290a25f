// `arbiter merge FILE.jsonl... [-o OUT]`: combines game record files (the
// shards of a tournament), keeping the first record of every game id and
// reporting every duplicate and malformed line with its file and line.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/tournament/records.h"

namespace arbiter {
namespace {

struct MergeArgs {
  std::vector<std::string> inputs;
  std::string out;
};

void Merge(const MergeArgs& args) {
  std::vector<std::filesystem::path> inputs(args.inputs.begin(),
                                            args.inputs.end());
  std::ofstream file;
  std::ostream* out = &std::cout;
  if (!args.out.empty()) {
    // Records are never rewritten: refuse to write over a file (which could
    // also be one of the inputs).
    std::error_code ec;
    if (std::filesystem::exists(args.out, ec)) {
      std::fprintf(stderr, "arbiter merge: -o %s: the file exists\n",
                   args.out.c_str());
      throw CLI::RuntimeError(2);
    }
    file.open(args.out, std::ios::binary);
    if (!file) {
      std::fprintf(stderr, "arbiter merge: -o %s: cannot create the file\n",
                   args.out.c_str());
      throw CLI::RuntimeError(2);
    }
    out = &file;
  }
  auto report = tournament::MergeRecordFiles(inputs, *out);
  if (!report) {
    std::fprintf(stderr, "arbiter merge: %s\n", report.error().c_str());
    throw CLI::RuntimeError(1);
  }
  // Merging a shard twice makes a duplicate of every line: say so briefly.
  constexpr size_t kMaxShown = 50;
  for (size_t i = 0; i < report->problems.size() && i < kMaxShown; ++i) {
    std::fprintf(stderr, "%s\n", report->problems[i].c_str());
  }
  if (report->problems.size() > kMaxShown) {
    std::fprintf(stderr, "... and %zu more\n",
                 report->problems.size() - kMaxShown);
  }
  std::fprintf(stderr,
               "arbiter merge: %zu records from %zu files; %d duplicates and "
               "%d malformed lines skipped\n",
               report->lines.size(), inputs.size(), report->duplicates,
               report->malformed);
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Merge game record files, dropping duplicate game ids");
  cmd->add_option("files", args->inputs, "Record files (*.jsonl)")->required();
  cmd->add_option("-o,--out", args->out,
                  "Write here (a new file) instead of stdout");
  cmd->callback([args] { Merge(*args); });
});

}  // namespace
}  // namespace arbiter
