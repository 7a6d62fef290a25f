// `arbiter merge FILE... [-o OUT]`: combines game record files (the shards of
// a tournament, or any files) into one with every game once: copies of a
// record are skipped, two different records under one game id are refused
// (nothing is written), and every skipped record is named with its file and
// line. Streams: memory stays bounded whatever the number of games.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/cli/command.h"
#include "arbiter/command_line/output_lock.h"
#include "arbiter/common/plural.h"
#include "arbiter/common/printable.h"
#include "arbiter/records/merge.h"

namespace arbiter {
namespace {

struct MergeArgs {
  std::vector<std::string> inputs;
  std::string out;
};

[[noreturn]] void Fail(const std::string& message, int code) {
  // Notes and messages quote game ids: records may hold anything.
  std::fprintf(stderr, "arbiter merge: %s\n", TerminalSafe(message).c_str());
  throw CLI::RuntimeError(code);
}

void CheckInputs(const std::vector<std::filesystem::path>& inputs) {
  for (const auto& input : inputs) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(input, ec)) {
      Fail(input.string() + (std::filesystem::is_directory(input, ec)
                                 ? ": is a directory, not a file"
                                 : ": no such file"),
           kExitUsage);
    }
  }
}

// -o OUT, locked, or stdout. Records are never rewritten: refuse to write
// over a file (which could also be one of the inputs).
records::RecordWriter OpenOutput(const std::string& path,
                                 std::optional<records::RunLock>* lock) {
  if (path.empty()) return records::RecordWriter::Stdout();
  auto writer = records::RecordWriter::Open(
      path, {.sync_each = false, .create_new = true});
  if (!writer) {
    std::error_code ec;
    Fail("-o " + path +
             (std::filesystem::is_directory(path, ec) ? ": is a directory"
              : std::filesystem::exists(path, ec)     ? ": the file exists"
                                                      : ": " + writer.error()),
         kExitUsage);
  }
  lock->emplace(LockOutput("merge", "-o", path, path));
  return std::move(*writer);
}

// The skipped records (the first of them named), then the conflicts or
// what was merged.
void PrintReport(const records::MergeReport& report, size_t files) {
  for (const auto& note : report.notes) {
    std::fprintf(stderr, "%s\n", TerminalSafe(note).c_str());
  }
  const int64_t skipped = report.copies + report.torn + report.malformed;
  if (skipped > int64_t(report.notes.size())) {
    std::fprintf(stderr, "... and %lld more\n",
                 (long long)(skipped - int64_t(report.notes.size())));
  }
  if (!report.conflicts.empty()) {
    for (const auto& c : report.conflicts) {
      std::fprintf(stderr, "%s\n", TerminalSafe(c).c_str());
    }
    Fail(
        "refused: a game id with different records cannot be merged "
        "(which one is the game?); nothing written",
        1);
  }
  std::fprintf(stderr,
               "arbiter merge: %s from %s; skipped %s, %lld torn and %lld "
               "malformed records\n",
               Count(report.written, "record").c_str(),
               Count(int64_t(files), "file").c_str(),
               Count(report.copies, "copy", "copies").c_str(),
               (long long)report.torn, (long long)report.malformed);
}

void Merge(const MergeArgs& args) {
  const std::vector<std::filesystem::path> inputs(args.inputs.begin(),
                                                  args.inputs.end());
  CheckInputs(inputs);
  std::optional<records::RunLock> lock;
  records::RecordWriter out = OpenOutput(args.out, &lock);
  records::MergeOptions options;
  if (!args.out.empty()) {
    // Sorted runs, if any, go beside the output.
    options.temp_dir = std::filesystem::absolute(args.out).parent_path();
  }
  auto report = records::MergeRecordFiles(inputs, out, options);
  const bool failed = !report || !report->conflicts.empty();
  if (failed && !args.out.empty()) std::filesystem::remove(args.out);
  if (!report) Fail(report.error(), 1);
  PrintReport(*report, inputs.size());
}

const bool kRegistered = RegisterCommand([](CLI::App& app) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "Merge game record files: every game once; different records under "
      "one game id are refused");
  cmd->add_option("files", args->inputs,
                  "Record files (*.jsonl or *.jsonl.zst)")
      ->required();
  cmd->add_option("-o,--out", args->out,
                  "Write here (a new file; zstd when it ends in .zst) "
                  "instead of stdout");
  cmd->callback([args] { Merge(*args); });
});

}  // namespace
}  // namespace arbiter
