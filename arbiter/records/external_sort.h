// Sorting more fixed-size entries than memory should hold: runs of at most
// `max_in_memory` entries are sorted and spilled to unnamed temporary files,
// then read back merged. Memory stays bounded whatever the number of
// entries; an in-memory sort when everything fits. What a streaming merge of
// record files sorts its fingerprints with.
#ifndef ARBITER_RECORDS_EXTERNAL_SORT_H_
#define ARBITER_RECORDS_EXTERNAL_SORT_H_

#include <fcntl.h>
#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <expected>
#include <filesystem>
#include <queue>
#include <string>
#include <type_traits>
#include <vector>

namespace arbiter::records {

template <typename T, typename Less>
class ExternalSorter {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  ExternalSorter(size_t max_in_memory, std::filesystem::path temp_dir)
      : max_in_memory_(std::max<size_t>(max_in_memory, 2)),
        temp_dir_(std::move(temp_dir)) {}
  ExternalSorter(const ExternalSorter&) = delete;
  ExternalSorter& operator=(const ExternalSorter&) = delete;
  ~ExternalSorter() {
    for (Run& run : runs_) ::close(run.fd);
  }

  std::expected<void, std::string> Add(const T& entry) {
    buffer_.push_back(entry);
    if (buffer_.size() >= max_in_memory_) return Spill();
    return {};
  }

  // Call once, after the last Add.
  std::expected<void, std::string> Finish() {
    if (runs_.empty()) {
      std::sort(buffer_.begin(), buffer_.end(), Less());
      return {};
    }
    if (!buffer_.empty()) {
      if (auto ok = Spill(); !ok) return ok;
    }
    buffer_.shrink_to_fit();
    const size_t per_run =
        std::max<size_t>(1, max_in_memory_ / std::max<size_t>(runs_.size(), 1));
    for (size_t r = 0; r < runs_.size(); ++r) {
      Run& run = runs_[r];
      run.chunk = per_run;
      if (::lseek(run.fd, 0, SEEK_SET) != 0) return Errno("cannot rewind");
      if (auto ok = Refill(run); !ok) return ok;
      if (run.pos < run.items.size()) heap_.push(r);
    }
    return {};
  }

  // The entries in order; false after the last.
  std::expected<bool, std::string> Next(T* out) {
    if (runs_.empty()) {
      if (next_ == buffer_.size()) return false;
      *out = buffer_[next_++];
      return true;
    }
    if (heap_.empty()) return false;
    const size_t r = heap_.top();
    heap_.pop();
    Run& run = runs_[r];
    *out = run.items[run.pos++];
    if (run.pos == run.items.size()) {
      if (auto ok = Refill(run); !ok) return std::unexpected(ok.error());
    }
    if (run.pos < run.items.size()) heap_.push(r);
    return true;
  }

  size_t spilled_runs() const { return runs_.size(); }

 private:
  struct Run {
    int fd = -1;
    size_t chunk = 0;
    std::vector<T> items;
    size_t pos = 0;
  };
  struct HeapOrder {
    const ExternalSorter* self;
    bool operator()(size_t a, size_t b) const {
      const Run& x = self->runs_[a];
      const Run& y = self->runs_[b];
      return Less()(y.items[y.pos], x.items[x.pos]);  // a min-heap
    }
  };

  std::unexpected<std::string> Errno(std::string_view what) const {
    return std::unexpected(fmt::format("temporary file in {}: {}: {}",
                                       temp_dir_.string(), what,
                                       std::strerror(errno)));
  }

  std::expected<void, std::string> Spill() {
    std::sort(buffer_.begin(), buffer_.end(), Less());
    std::string name = (temp_dir_ / ".arbiter-sort.XXXXXX").string();
    const int fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd < 0) return Errno("cannot create");
    ::unlink(name.c_str());  // removed when closed, whatever happens
    runs_.push_back({.fd = fd});
    const char* data = reinterpret_cast<const char*>(buffer_.data());
    size_t left = buffer_.size() * sizeof(T);
    while (left > 0) {
      const ssize_t n = ::write(fd, data, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return Errno("cannot write");
      data += n;
      left -= size_t(n);
    }
    buffer_.clear();
    return {};
  }

  std::expected<void, std::string> Refill(Run& run) {
    run.items.resize(run.chunk);
    char* data = reinterpret_cast<char*>(run.items.data());
    size_t got = 0;
    const size_t want = run.chunk * sizeof(T);
    while (got < want) {
      const ssize_t n = ::read(run.fd, data + got, want - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return Errno("cannot read");
      if (n == 0) break;
      got += size_t(n);
    }
    run.items.resize(got / sizeof(T));
    run.pos = 0;
    return {};
  }

  size_t max_in_memory_;
  std::filesystem::path temp_dir_;
  std::vector<T> buffer_;
  size_t next_ = 0;
  std::vector<Run> runs_;
  std::priority_queue<size_t, std::vector<size_t>, HeapOrder> heap_{
      HeapOrder{this}};
};

}  // namespace arbiter::records

#endif  // ARBITER_RECORDS_EXTERNAL_SORT_H_
