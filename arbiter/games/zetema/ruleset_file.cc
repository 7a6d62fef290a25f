#include "arbiter/games/zetema/ruleset_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace zetema {

std::expected<std::string, std::string> ReadTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::unexpected(path + ": cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::unexpected(path + ": read error");
  return text.str();
}

std::expected<Ruleset, std::string> LoadRuleset(std::string_view name_or_path,
                                                std::string_view base_dir) {
  for (std::string_view preset : kPresetNames) {
    if (name_or_path == preset) return Preset(preset);
  }
  namespace fs = std::filesystem;
  fs::path path(name_or_path);
  if (path.is_relative() && !base_dir.empty() &&
      fs::exists(fs::path(base_dir) / path)) {
    path = fs::path(base_dir) / path;
  }
  if (!fs::exists(path)) {
    return std::unexpected(std::string(name_or_path) +
                           ": no such preset (parlett, sackson, hunt, casual) "
                           "or ruleset file");
  }
  const auto text = ReadTextFile(path.string());
  if (!text) return std::unexpected(text.error());
  auto rules = ParseRuleset(*text);
  if (!rules) return std::unexpected(path.string() + ": " + rules.error());
  return rules;
}

}  // namespace zetema
