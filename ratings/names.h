// Player names: what a name may hold, and names interned to dense ids.
#ifndef ZETEMA_RATINGS_NAMES_H_
#define ZETEMA_RATINGS_NAMES_H_

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <unordered_map>
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
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const {
      return std::hash<std::string_view>{}(s);
    }
  };
  std::unordered_map<std::string, uint32_t, Hash, std::equal_to<>> ids_;
  std::vector<std::string> names_;
};

}  // namespace ratings

#endif  // ZETEMA_RATINGS_NAMES_H_
