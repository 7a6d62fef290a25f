// Strings of one record that needed unescaping: views into them live until
// Clear(), and their buffers are reused from record to record.
#ifndef ARBITER_RECORDS_INTERNAL_STRING_STORE_H_
#define ARBITER_RECORDS_INTERNAL_STRING_STORE_H_

#include <deque>
#include <string>

namespace arbiter::records::internal {

class StringStore {
 public:
  void Clear() { used_ = 0; }
  // An empty string to fill.
  std::string& Next() {
    if (used_ == strings_.size()) strings_.emplace_back();
    std::string& s = strings_[used_++];
    s.clear();
    return s;
  }

 private:
  std::deque<std::string> strings_;  // a deque: views stay valid as it grows
  size_t used_ = 0;
};

}  // namespace arbiter::records::internal

#endif  // ARBITER_RECORDS_INTERNAL_STRING_STORE_H_
