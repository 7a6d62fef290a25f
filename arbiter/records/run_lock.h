// One writer per records file (docs/tournaments.md, "One run per output
// directory"): every command that appends records (`arbiter tournament`,
// `match`, `play --out`, `merge -o`, `repair`) holds a lock on its records
// file for its whole life, so that a second run on the same file or
// directory stops before it touches anything instead of recording every
// game a second time.
//
// The truth is a kernel lock: an open-file-description lock (fcntl
// F_OFD_SETLK) on the records file itself. It is released when the run
// ends however it ends (kill -9 too), it is not inherited by the bots
// (close-on-exec), and it works across the nodes of a cluster on NFSv4 and
// other shared file systems with POSIX locks (flock may not). A side file,
// RECORDS.lock, says who holds it (pid, host, start time, command): only
// for the message, never trusted; a run that ends removes it, and one
// left by a killed run is simply overwritten by the next.
#ifndef ARBITER_RECORDS_RUN_LOCK_H_
#define ARBITER_RECORDS_RUN_LOCK_H_

#include <chrono>
#include <expected>
#include <filesystem>
#include <functional>
#include <string>

namespace arbiter::records {

// Why a lock was not taken.
struct LockError {
  enum class Kind {
    kBusy,    // another run holds it: the message names that run
    kOpen,    // the file cannot be opened (a bad path, no permission)
    kNoLock,  // its file system refuses locks
  };
  Kind kind = Kind::kBusy;
  std::string message;
};

class RunLock {
 public:
  struct Options {
    // Wait for the holder to end (polling) instead of failing at once.
    bool wait = false;
    std::chrono::milliseconds poll{2000};
    // Called once when a wait begins, with the busy message.
    std::function<void(const std::string& message)> on_wait;
  };

  // Locks `records` (created empty if missing; its directory must exist).
  static std::expected<RunLock, LockError> Acquire(
      const std::filesystem::path& records, const Options& options);
  static std::expected<RunLock, LockError> Acquire(
      const std::filesystem::path& records) {
    return Acquire(records, Options{});
  }

  RunLock(RunLock&& other) noexcept;
  RunLock& operator=(RunLock&&) = delete;
  // Removes the side file, then releases the lock.
  ~RunLock();

  // The side file: "RECORDS.lock".
  static std::filesystem::path InfoPath(const std::filesystem::path& records);

 private:
  RunLock(int fd, std::filesystem::path records)
      : fd_(fd), records_(std::move(records)) {}
  int fd_ = -1;
  std::filesystem::path records_;
};

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_RUN_LOCK_H_
