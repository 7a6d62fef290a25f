// What an organiser configures about bot sandboxes: the mode of the run and
// each bot's limits and paths (the `[sandbox]` tables of a tournament,
// `arbiter play --sandbox...`).
#ifndef ARBITER_SANDBOX_LIMITS_H_
#define ARBITER_SANDBOX_LIMITS_H_

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::sandbox {

// full: every guarantee, or the arbiter refuses to start; reduced: what
// the machine allows, saying what is missing; none: bots run as plain
// processes of the arbiter's user.
enum class Mode { kFull, kReduced, kNone };

// The mode named `text` (`--sandbox` and `sandbox.mode` take the same
// names); the error lists them.
std::expected<Mode, std::string> ParseMode(std::string_view text);
std::string_view ToString(Mode mode);
// Every name ParseMode takes, in the order help and errors list them.
std::vector<std::string> ModeNames();

struct Limits {
  uint64_t memory_bytes = uint64_t{1} << 30;  // 0: no limit
  int64_t processes = 64;                     // processes and threads
  uint64_t tmp_bytes = uint64_t{64} << 20;    // /tmp (and /dev/shm)
  int cpu_weight = 0;  // 1..10000 among this run's bots; 0: not set
  // Host directories the bot may write (bound at the same path), and extra
  // host paths it may read.
  std::vector<std::string> writable;
  std::vector<std::string> read_only;
  friend bool operator==(const Limits&, const Limits&) = default;
};

// Checks ranges and that every path exists (and is a directory, for
// writable ones); makes paths absolute against `base_dir`. The error names
// the field ("memory_mb", "writable[1]").
std::expected<void, std::string> CheckLimits(Limits* limits,
                                             const std::string& base_dir);

}  // namespace arbiter::sandbox

#endif  // ARBITER_SANDBOX_LIMITS_H_
