// Player names: what a name may hold, and names interned to dense ids.
#ifndef ZETEMA_RATINGS_NAMES_H_
#define ZETEMA_RATINGS_NAMES_H_

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace ratings {

// A name (or a fault reason) is printed in tables, JSON and CSV: it must be
// non-empty, valid UTF-8 and free of control characters (a NUL byte would
// cut it short in C, a newline would break the table). The error says what
// is wrong, without the field, which the caller knows.
std::expected<void, std::string> CheckName(std::string_view name);

// Names to ids 0, 1, 2... in first-seen order; each new name is checked once.
class NameTable {
 public:
  std::expected<uint32_t, std::string> Intern(std::string_view name);
  // The id of a known name, or -1.
  int64_t Find(std::string_view name) const;
  const std::vector<std::string>& names() const { return names_; }
  size_t size() const { return names_.size(); }

 private:
  // A flat table of (hash, id), at most half full, probed linearly: every
  // seat of every game is looked up here, and a node-based map costs a
  // cache miss or two a lookup.
  struct Slot {
    uint64_t hash = 0;
    uint32_t id = kEmpty;
  };
  static constexpr uint32_t kEmpty = ~uint32_t{0};
  // The slot holding `name`, or the empty one where it would go.
  size_t Probe(std::string_view name, uint64_t hash) const;
  void Grow();

  std::vector<Slot> slots_;
  std::vector<std::string> names_;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_NAMES_H_
