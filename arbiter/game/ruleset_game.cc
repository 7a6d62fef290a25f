#include "arbiter/game/ruleset_game.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace game {

std::vector<int> SeatTeams(int num_seats) {
  std::vector<int> teams(size_t(std::max(num_seats, 0)));
  for (int s = 0; s < num_seats; ++s) teams[size_t(s)] = s;
  return teams;
}

std::expected<RulesetSource, std::string> FindRuleset(
    std::string_view name_or_path, std::string_view base_dir,
    std::span<const std::string_view> presets) {
  for (std::string_view preset : presets) {
    if (name_or_path == preset)
      return RulesetSource{.preset = std::string(preset)};
  }
  namespace fs = std::filesystem;
  fs::path path(name_or_path);
  std::error_code error;
  if (path.is_relative() && !base_dir.empty() &&
      fs::exists(fs::path(base_dir) / path, error)) {
    path = fs::path(base_dir) / path;
  }
  if (!fs::is_regular_file(path, error)) {
    std::string names;
    for (std::string_view preset : presets) {
      names += (names.empty() ? "" : ", ") + std::string(preset);
    }
    return std::unexpected(std::string(name_or_path) + ": no such preset (" +
                           names + ") or ruleset file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::unexpected(path.string() + ": cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::unexpected(path.string() + ": read error");
  return RulesetSource{.path = path.string(), .text = text.str()};
}

}  // namespace game
