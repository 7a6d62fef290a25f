#include "arbiter/server/run_dir.h"

#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace arbiter {
namespace {

// Field 22 of /proc/PID/stat; 0 when the process does not exist.
unsigned long long StartTime(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  for (int i = 3; i <= 22 && (fields >> field); ++i) {
    if (i == 22) return std::stoull(field);
  }
  return 0;
}

}  // namespace

std::string TempParent() {
  const char* tmp = std::getenv("TMPDIR");
  return tmp && *tmp ? tmp : "/tmp";
}

std::vector<std::string> RemoveStaleRunDirs(const std::string& parent) {
  std::vector<std::string> removed;
  DIR* d = ::opendir(parent.c_str());
  if (d == nullptr) return removed;
  std::vector<std::string> candidates;
  while (dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name.starts_with("arbiter-") || name.starts_with("zetema-"))
      candidates.push_back(parent + "/" + name);
  }
  ::closedir(d);
  for (const auto& dir : candidates) {
    struct stat st;
    if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) ||
        st.st_uid != ::geteuid()) {
      continue;
    }
    // Directories without an owner file are not this kind: left alone.
    std::ifstream owner(dir + "/owner");
    long pid = 0;
    unsigned long long start = 0;
    if (!(owner >> pid >> start) || pid <= 0) continue;
    if (StartTime(pid) == start) continue;  // still running
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    if (!ec) removed.push_back(dir);
  }
  return removed;
}

std::expected<std::string, std::string> CreateRunDir() {
  const std::string parent = TempParent();
  RemoveStaleRunDirs(parent);
  std::string tmpl = parent + "/arbiter-XXXXXX";
  // mkdtemp makes it 0700.
  if (::mkdtemp(tmpl.data()) == nullptr) {
    return std::unexpected("cannot create a private socket directory in " +
                           parent);
  }
  std::ofstream owner(tmpl + "/owner");
  owner << ::getpid() << " " << StartTime(::getpid()) << "\n";
  if (!owner.flush()) {
    std::filesystem::remove_all(tmpl);
    return std::unexpected("cannot write " + tmpl + "/owner");
  }
  return tmpl;
}

}  // namespace arbiter
