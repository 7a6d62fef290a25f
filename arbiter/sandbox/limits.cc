#include "arbiter/sandbox/limits.h"

#include <sys/stat.h>

#include <filesystem>

#include "arbiter/common/names.h"

namespace arbiter::sandbox {

namespace {

constexpr Named<Mode> kModes[] = {
    {"full", Mode::kFull}, {"reduced", Mode::kReduced}, {"none", Mode::kNone}};

}  // namespace

std::expected<Mode, std::string> ParseMode(std::string_view text) {
  if (auto mode = FindNamed<Mode>(kModes, text)) return *mode;
  const std::vector<std::string> names = ModeNames();
  std::string list;
  for (size_t i = 0; i < names.size(); ++i) {
    list += i == 0 ? "" : i + 1 < names.size() ? ", " : " or ";
    list += names[i];
  }
  return std::unexpected("sandbox mode must be " + list + ", got '" +
                         std::string(text) + "'");
}

std::string_view ToString(Mode mode) { return NameOf<Mode>(kModes, mode); }

std::vector<std::string> ModeNames() { return AllNames<Mode>(kModes); }

std::expected<void, std::string> CheckLimits(Limits* limits,
                                             const std::string& base_dir) {
  if (limits->memory_bytes != 0 &&
      limits->memory_bytes < (uint64_t{16} << 20)) {
    return std::unexpected("memory_mb: at least 16 (or 0 for no limit), got " +
                           std::to_string(limits->memory_bytes >> 20));
  }
  if (limits->processes < 0 ||
      (limits->processes > 0 && limits->processes < 4)) {
    return std::unexpected("processes: at least 4 (or 0 for no limit), got " +
                           std::to_string(limits->processes));
  }
  if (limits->tmp_bytes < (uint64_t{1} << 20)) {
    return std::unexpected("tmp_mb: at least 1, got " +
                           std::to_string(limits->tmp_bytes >> 20));
  }
  if (limits->cpu_weight < 0 || limits->cpu_weight > 10000) {
    return std::unexpected("cpu_weight: 1 to 10000 (or 0 for unset), got " +
                           std::to_string(limits->cpu_weight));
  }
  auto check = [&](std::vector<std::string>& paths, const char* name,
                   bool dir) -> std::expected<void, std::string> {
    for (size_t i = 0; i < paths.size(); ++i) {
      std::filesystem::path p(paths[i]);
      if (p.is_relative() && !base_dir.empty()) p = base_dir / p;
      std::string s = p.lexically_normal().string();
      if (s.size() > 1 && s.back() == '/') s.pop_back();
      const std::string field =
          std::string(name) + "[" + std::to_string(i) + "]";
      struct stat st;
      if (s.empty() || s[0] != '/') {
        return std::unexpected(field + ": '" + paths[i] +
                               "' must be an absolute path");
      }
      if (::stat(s.c_str(), &st) != 0) {
        return std::unexpected(field + ": '" + s + "' does not exist");
      }
      if (dir && !S_ISDIR(st.st_mode)) {
        return std::unexpected(field + ": '" + s + "' is not a directory");
      }
      if (s == "/") return std::unexpected(field + ": '/' is too much");
      paths[i] = s;
    }
    return {};
  };
  if (auto ok = check(limits->writable, "writable", true); !ok) return ok;
  return check(limits->read_only, "read_only", false);
}

}  // namespace arbiter::sandbox
