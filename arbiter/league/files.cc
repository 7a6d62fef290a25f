#include "arbiter/league/files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace arbiter::league {

std::expected<std::string, std::string> ReadWhole(
    const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return std::unexpected(
        fmt::format("{}: cannot read the file", path.string()));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace arbiter::league
