// Appends a tournament's records on a thread of its own, syncing once per
// batch: a game thread hands its record over and starts its next game while
// the record is compressed (zstd files), written and fsynced. A record is
// durable once Flush() has returned; a run killed before that loses at
// most the games still queued, which resuming plays again.
#ifndef ARBITER_TOURNAMENT_BACKGROUND_WRITER_H_
#define ARBITER_TOURNAMENT_BACKGROUND_WRITER_H_

#include <condition_variable>
#include <deque>
#include <expected>
#include <mutex>
#include <string>
#include <thread>

#include "arbiter/records/record_writer.h"

namespace arbiter::tournament {

class BackgroundWriter {
 public:
  // At most `max_queued` records wait at once; Append blocks beyond.
  explicit BackgroundWriter(records::RecordWriter writer,
                            size_t max_queued = 64);
  // Flushes.
  ~BackgroundWriter();
  BackgroundWriter(const BackgroundWriter&) = delete;
  BackgroundWriter& operator=(const BackgroundWriter&) = delete;

  // Queues one record (one JSON object, no newline). After an error the
  // record is dropped: error() says why.
  void Append(std::string record);
  // Waits until every record appended so far is written and synced.
  std::expected<void, std::string> Flush();
  // The first write or sync error, "" while there is none.
  std::string error() const;

 private:
  void Loop();

  records::RecordWriter writer_;
  const size_t max_queued_;
  mutable std::mutex mu_;
  std::condition_variable changed_;
  std::deque<std::string> queue_;  // guarded by mu_, as are the three below
  size_t in_flight_ = 0;           // taken from the queue, not yet synced
  bool stopping_ = false;
  std::string error_;
  std::thread thread_;  // last: starts once every member is ready
};

}  // namespace arbiter::tournament

#endif  // ARBITER_TOURNAMENT_BACKGROUND_WRITER_H_
