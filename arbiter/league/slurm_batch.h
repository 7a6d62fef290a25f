// `arbiter league run --slurm`: each batch a Slurm job array. The run
// writes the batch's tables to DIR/slurm/batch-N/plan.json and submits an
// array of `arbiter league play-batch DIR N --shard I/K` tasks (sbatch
// --wrap); each task derives the same games from the plan, the roster and
// the league's secret, plays its shard into DIR/slurm/batch-N/shard-I/
// (resuming from its own records when Slurm runs it again), with its run
// log there, and the run, once the array has left the queue, appends every
// game not yet in the league's records to them, then marks the batch merged.
#ifndef ARBITER_LEAGUE_SLURM_BATCH_H_
#define ARBITER_LEAGUE_SLURM_BATCH_H_

#include <expected>
#include <filesystem>
#include <string>
#include <vector>

namespace arbiter::league {

struct BatchPlan {
  int batch = 0;
  std::vector<std::vector<std::string>> tables;  // bot ids in seat order
  int tasks = 1;
};

std::filesystem::path BatchDir(const std::filesystem::path& dir, int batch);
std::filesystem::path ShardRecords(const std::filesystem::path& dir, int batch,
                                   int shard);

std::expected<void, std::string> WritePlan(const std::filesystem::path& dir,
                                           const BatchPlan& plan);
// The error names the file and what is wrong in it.
std::expected<BatchPlan, std::string> ReadPlan(const std::filesystem::path& dir,
                                               int batch);

struct SlurmOptions {
  int tasks = 2;                    // per batch
  std::string arbiter;              // this program, as the nodes run it
  std::vector<std::string> sbatch;  // more sbatch options
  std::string log_level = "info";   // the tasks' --log-level
};

// Submits the plan's array and waits until it has left the queue (its job
// id is kept in the batch's folder). The error says what sbatch or squeue
// said.
std::expected<void, std::string> RunOnSlurm(const std::filesystem::path& dir,
                                            const BatchPlan& plan,
                                            const SlurmOptions& options);
// Waits until the batch's job, if it has one, has left the queue.
std::expected<void, std::string> WaitForBatch(const std::filesystem::path& dir,
                                              int batch);

// Batches whose tasks' records are not merged yet (a run killed while its
// array ran), lowest first.
std::vector<int> UnmergedBatches(const std::filesystem::path& dir);
// Marks a batch merged.
std::expected<void, std::string> MarkMerged(const std::filesystem::path& dir,
                                            int batch);

}  // namespace arbiter::league

#endif  // ARBITER_LEAGUE_SLURM_BATCH_H_
