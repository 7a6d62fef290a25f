#include "arbiter/league/slurm_batch.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <thread>

#include "arbiter/common/run_log.h"
#include "arbiter/league/files.h"
#include "arbiter/process/bot_process.h"

namespace arbiter::league {
namespace {

namespace fs = std::filesystem;
using Error = std::unexpected<std::string>;

// Runs `argv` through the shell (quoted word by word) and returns its
// standard output and error; the error says how it ended.
std::expected<std::string, std::string> Capture(
    const std::vector<std::string>& argv) {
  const std::string command = JoinCommand(argv) + " 2>&1";
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return Error(fmt::format("{}: cannot start", argv[0]));
  std::string out;
  char buffer[4096];
  while (size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) {
    out.append(buffer, n);
  }
  const int status = ::pclose(pipe);
  if (status != 0) {
    return Error(fmt::format("{} failed (status {}): {}", argv[0], status,
                             out.substr(0, 2000)));
  }
  return out;
}

}  // namespace

fs::path BatchDir(const fs::path& dir, int batch) {
  return dir / "slurm" / fmt::format("batch-{}", batch);
}

fs::path ShardRecords(const fs::path& dir, int batch, int shard) {
  return BatchDir(dir, batch) / fmt::format("shard-{}", shard) /
         "games.jsonl.zst";
}

std::expected<void, std::string> WritePlan(const fs::path& dir,
                                           const BatchPlan& plan) {
  std::error_code ec;
  fs::create_directories(BatchDir(dir, plan.batch), ec);
  const nlohmann::json j = {
      {"batch", plan.batch}, {"tables", plan.tables}, {"tasks", plan.tasks}};
  return WriteAtomically(BatchDir(dir, plan.batch) / "plan.json",
                         j.dump(1) + "\n");
}

std::expected<BatchPlan, std::string> ReadPlan(const fs::path& dir, int batch) {
  const fs::path path = BatchDir(dir, batch) / "plan.json";
  auto text = ReadWhole(path);
  if (!text) return Error(text.error());
  try {
    const auto j = nlohmann::json::parse(*text);
    BatchPlan plan{.batch = j.at("batch").get<int>(),
                   .tables = j.at("tables").get<decltype(plan.tables)>(),
                   .tasks = j.at("tasks").get<int>()};
    if (plan.batch != batch || plan.tasks < 1) {
      return Error(fmt::format("{}: batch or tasks do not fit", path.string()));
    }
    return plan;
  } catch (const nlohmann::json::exception& e) {
    return Error(fmt::format("{}: {}", path.string(), e.what()));
  }
}

std::expected<void, std::string> RunOnSlurm(const fs::path& dir,
                                            const BatchPlan& plan,
                                            const SlurmOptions& options) {
  const fs::path batch_dir = fs::absolute(BatchDir(dir, plan.batch));
  std::vector<std::string> argv = {
      "sbatch", "--parsable", fmt::format("--array=0-{}", plan.tasks - 1),
      fmt::format("--job-name=league-{}", plan.batch),
      "--output=" + (batch_dir / "task-%a.out").string()};
  argv.insert(argv.end(), options.sbatch.begin(), options.sbatch.end());
  // The task's shell expands the array index.
  argv.push_back(
      "--wrap=" +
      JoinCommand({options.arbiter, "league", "play-batch",
                   fs::absolute(dir).string(), std::to_string(plan.batch),
                   "--tasks", std::to_string(plan.tasks), "--log-level",
                   options.log_level, "--shard"}) +
      " \"$SLURM_ARRAY_TASK_ID\"");
  auto submitted = Capture(argv);
  if (!submitted) return Error(submitted.error());
  const std::string job = submitted->substr(0, submitted->find_first_of(";\n"));
  if (job.empty()) return Error("sbatch printed no job id");
  if (auto ok = WriteAtomically(batch_dir / "job", job + "\n"); !ok) {
    return ok;
  }
  RunLog().info("batch {}: Slurm job {} submitted, an array of {} tasks",
                plan.batch, LogText(job, 100), plan.tasks);
  return WaitForBatch(dir, plan.batch);
}

std::expected<void, std::string> WaitForBatch(const fs::path& dir, int batch) {
  auto text = ReadWhole(BatchDir(dir, batch) / "job");
  if (!text) return {};  // never submitted
  const std::string job = text->substr(0, text->find('\n'));
  while (true) {
    auto queued = Capture({"squeue", "-h", "-j", job, "-o", "%i"});
    // squeue refuses a job id it no longer knows: the job is gone.
    if (!queued && queued.error().find("Invalid job id") != std::string::npos) {
      return {};
    }
    if (!queued) return Error(queued.error());
    if (queued->find_first_not_of(" \n") == std::string::npos) return {};
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}

std::vector<int> UnmergedBatches(const fs::path& dir) {
  std::vector<int> batches;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir / "slurm", ec)) {
    int batch = 0;
    if (std::sscanf(entry.path().filename().c_str(), "batch-%d", &batch) == 1 &&
        !fs::exists(entry.path() / "merged", ec)) {
      batches.push_back(batch);
    }
  }
  std::sort(batches.begin(), batches.end());
  return batches;
}

std::expected<void, std::string> MarkMerged(const fs::path& dir, int batch) {
  return WriteAtomically(BatchDir(dir, batch) / "merged", "merged\n");
}

}  // namespace arbiter::league
