#include "arbiter/tournament/background_writer.h"

#include <algorithm>
#include <iterator>
#include <utility>
#include <vector>

namespace arbiter::tournament {

BackgroundWriter::BackgroundWriter(records::RecordWriter writer,
                                   size_t max_queued)
    : writer_(std::move(writer)),
      max_queued_(std::max<size_t>(1, max_queued)),
      thread_([this] { Loop(); }) {}

BackgroundWriter::~BackgroundWriter() {
  (void)Flush();
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void BackgroundWriter::Append(std::string record) {
  std::unique_lock lock(mu_);
  changed_.wait(lock,
                [&] { return queue_.size() < max_queued_ || !error_.empty(); });
  if (!error_.empty()) return;
  queue_.push_back(std::move(record));
  changed_.notify_all();
}

std::expected<void, std::string> BackgroundWriter::Flush() {
  std::unique_lock lock(mu_);
  changed_.wait(lock, [&] {
    return (queue_.empty() && in_flight_ == 0) || !error_.empty();
  });
  if (!error_.empty()) return std::unexpected(error_);
  return {};
}

std::string BackgroundWriter::error() const {
  std::lock_guard lock(mu_);
  return error_;
}

void BackgroundWriter::Loop() {
  std::unique_lock lock(mu_);
  for (;;) {
    changed_.wait(lock, [&] { return !queue_.empty() || stopping_; });
    if (queue_.empty()) return;  // stopping, and nothing left
    std::vector<std::string> batch(std::make_move_iterator(queue_.begin()),
                                   std::make_move_iterator(queue_.end()));
    queue_.clear();
    in_flight_ = batch.size();
    changed_.notify_all();  // room in the queue
    lock.unlock();
    std::expected<void, std::string> ok;
    for (const std::string& record : batch) {
      ok = writer_.Append(record);
      if (!ok) break;
    }
    if (ok) ok = writer_.Sync();
    lock.lock();
    in_flight_ = 0;
    if (!ok && error_.empty()) {
      error_ = ok.error();
      queue_.clear();  // dropped: the run stops on the error
    }
    changed_.notify_all();
  }
}

}  // namespace arbiter::tournament
