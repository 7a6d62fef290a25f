// The names of an enum's values as options and config keys take them: one
// table per enum, which both the command line's check and the config's
// parser read, so that whatever one accepts the other does too. A value may
// have several names (an old spelling kept); the first is how it is printed.
#ifndef ARBITER_COMMON_NAMES_H_
#define ARBITER_COMMON_NAMES_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter {

template <class T>
using Named = std::pair<std::string_view, T>;

// The value called `name`, if any.
template <class T>
std::optional<T> FindNamed(std::span<const Named<T>> table,
                           std::string_view name) {
  for (const auto& [n, value] : table) {
    if (n == name) return value;
  }
  return std::nullopt;
}

// The first name of `value` ("?" when it has none).
template <class T>
std::string_view NameOf(std::span<const Named<T>> table, T value) {
  for (const auto& [name, v] : table) {
    if (v == value) return name;
  }
  return "?";
}

// Every name, in the table's order (for CLI::IsMember and messages).
template <class T>
std::vector<std::string> AllNames(std::span<const Named<T>> table) {
  std::vector<std::string> names;
  for (const auto& entry : table) names.emplace_back(entry.first);
  return names;
}

}  // namespace arbiter

#endif  // ARBITER_COMMON_NAMES_H_
