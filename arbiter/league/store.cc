#include "arbiter/league/store.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <random>

#include "arbiter/league/sha256.h"

namespace arbiter::league {
namespace {

namespace fs = std::filesystem;
using Error = std::unexpected<std::string>;

struct Entry {
  std::string rel;  // generic, '/'-separated
  fs::path path;
  bool folder = false;
  bool executable = false;
};

// Whether `path` (canonical) is under the folder `root` (canonical).
bool Inside(const fs::path& path, const fs::path& root) {
  const fs::path rel = path.lexically_relative(root);
  return !rel.empty() && *rel.begin() != "..";
}

// A link in a bot's folder must lead inside it: the store copies what a
// link leads to, and must never copy another file of the machine (a key,
// another bot) into a build that bots and reports show.
std::expected<void, std::string> CheckLink(const fs::path& path,
                                           const fs::path& root) {
  std::error_code ec;
  if (!fs::is_symlink(fs::symlink_status(path, ec))) return {};
  const fs::path target = fs::canonical(path, ec);
  if (ec) return Error(fmt::format("{}: {}", path.string(), ec.message()));
  if (!Inside(target, root)) {
    return Error(fmt::format(
        "{}: a link to {}, outside the bot's folder (copy the file in "
        "instead)",
        path.string(), target.string()));
  }
  return {};
}

// Every entry under `folder`, sorted by relative path; checked against the
// limits and the kinds of file allowed.
std::expected<std::vector<Entry>, std::string> ListFolder(
    const fs::path& folder) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) {
    return Error(fmt::format("{}: not a folder", folder.string()));
  }
  std::vector<Entry> entries;
  int64_t bytes = 0;
  const fs::path root = fs::canonical(folder, ec);
  if (ec) return Error(fmt::format("{}: {}", folder.string(), ec.message()));
  fs::recursive_directory_iterator it(folder, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::path& path = it->path();
    Entry entry{.rel = path.lexically_relative(folder).generic_string(),
                .path = path};
    const fs::file_status status = fs::status(path, ec);
    if (ec) return Error(fmt::format("{}: {}", path.string(), ec.message()));
    if (auto ok = CheckLink(path, root); !ok) return Error(ok.error());
    if (fs::is_directory(status)) {
      if (fs::is_symlink(it->symlink_status(ec))) {
        return Error(
            fmt::format("{}: a link to a folder (copy the folder in instead)",
                        path.string()));
      }
      entry.folder = true;
    } else if (fs::is_regular_file(status)) {
      entry.executable =
          (status.permissions() & fs::perms::owner_exec) != fs::perms::none;
      bytes += int64_t(fs::file_size(path, ec));
    } else {
      return Error(fmt::format(
          "{}: neither a file nor a folder (a socket, a device or a broken "
          "link)",
          path.string()));
    }
    entries.push_back(std::move(entry));
    if (int64_t(entries.size()) > kMaxStoreFiles || bytes > kMaxStoreBytes) {
      return Error(fmt::format(
          "{}: more than {} files or {} MB: a bot's folder is copied whole; "
          "give a smaller one (--dir)",
          folder.string(), kMaxStoreFiles, kMaxStoreBytes >> 20));
    }
  }
  if (ec) return Error(fmt::format("{}: {}", folder.string(), ec.message()));
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.rel < b.rel; });
  return entries;
}

std::expected<std::string, std::string> HashFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error(fmt::format("{}: cannot read the file", path.string()));
  Sha256 sha;
  std::string buffer(1 << 16, '\0');
  while (in) {
    in.read(buffer.data(), std::streamsize(buffer.size()));
    sha.Update(std::string_view(buffer.data(), size_t(in.gcount())));
  }
  if (in.bad()) return Error(fmt::format("{}: read error", path.string()));
  return sha.HexDigest();
}

// Copies the file at `path` to `target` (new), from the file it is once
// opened: refused when that is not under `root`. ListFolder checked the
// links, but the folder can change meanwhile (a link swapped in by whoever
// owns it), and the copy must never read a file from outside.
std::expected<void, std::string> CopyFileInside(const fs::path& path,
                                                const fs::path& root,
                                                const fs::path& target) {
  const int in = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (in < 0) {
    return Error(fmt::format("{}: {}", path.string(), std::strerror(errno)));
  }
  std::error_code ec;
  const fs::path opened =
      fs::read_symlink(fmt::format("/proc/self/fd/{}", in), ec);
  struct stat st = {};
  if (ec || !Inside(opened, root) || ::fstat(in, &st) != 0 ||
      !S_ISREG(st.st_mode)) {
    ::close(in);
    return Error(fmt::format(
        "{}: changed while it was copied: now {}, not a file inside the "
        "bot's folder",
        path.string(), opened.string()));
  }
  std::ofstream out(target, std::ios::binary);
  std::string buffer(1 << 16, '\0');
  ssize_t got = 0;
  while (out && (got = ::read(in, buffer.data(), buffer.size())) > 0) {
    out.write(buffer.data(), got);
  }
  ::close(in);
  if (got < 0 || !out.flush()) {
    return Error(fmt::format("copying {} to {}: cannot read or write",
                             path.string(), target.string()));
  }
  return {};
}

// Copies the entries of the folder `root` (canonical) into `to` (a new
// folder), files read-only.
std::expected<void, std::string> CopyEntries(const std::vector<Entry>& entries,
                                             const fs::path& root,
                                             const fs::path& to) {
  std::error_code ec;
  for (const Entry& entry : entries) {
    const fs::path target = to / entry.rel;
    if (entry.folder) {
      fs::create_directories(target, ec);
    } else {
      if (auto ok = CopyFileInside(entry.path, root, target); !ok) return ok;
      fs::permissions(target,
                      entry.executable ? fs::perms(0555) : fs::perms(0444), ec);
    }
    if (ec) {
      return Error(fmt::format("copying {} to {}: {}", entry.path.string(),
                               target.string(), ec.message()));
    }
  }
  return {};
}

}  // namespace

std::expected<std::string, std::string> HashFolder(const fs::path& folder) {
  auto entries = ListFolder(folder);
  if (!entries) return Error(entries.error());
  Sha256 sha;
  for (const Entry& entry : *entries) {
    if (entry.folder) {
      sha.Update(fmt::format("d {}\n", entry.rel));
      continue;
    }
    auto content = HashFile(entry.path);
    if (!content) return Error(content.error());
    sha.Update(fmt::format("f {} {} {}\n", entry.executable ? 'x' : '-',
                           *content, entry.rel));
  }
  return sha.HexDigest();
}

std::expected<std::string, std::string> StoreFolder(const fs::path& folder,
                                                    const fs::path& store) {
  auto entries = ListFolder(folder);
  if (!entries) return Error(entries.error());
  std::error_code ec;
  fs::create_directories(store, ec);
  const fs::path temp =
      store / fmt::format(".new-{}-{:x}", ::getpid(), std::random_device{}());
  auto remove_temp = [&] { fs::remove_all(temp, ec); };
  if (!fs::create_directory(temp, ec)) {
    return Error(fmt::format("{}: cannot create a folder: {}", temp.string(),
                             ec.message()));
  }
  if (auto ok = CopyEntries(*entries, fs::canonical(folder, ec), temp); !ok) {
    remove_temp();
    return Error(ok.error());
  }
  auto hash = HashFolder(temp);
  if (!hash) {
    remove_temp();
    return Error(hash.error());
  }
  const fs::path stored = store / *hash;
  if (fs::is_directory(stored, ec)) {
    remove_temp();  // the same files are there already
    return *hash;
  }
  fs::rename(temp, stored, ec);
  if (ec) {
    remove_temp();
    if (fs::is_directory(stored)) return *hash;  // stored at once by another
    return Error(fmt::format("{}: cannot store the copy: {}", stored.string(),
                             ec.message()));
  }
  return *hash;
}

std::expected<Submission, std::string> PlanSubmission(
    std::span<const std::string> command, const fs::path& folder,
    const fs::path& cwd) {
  if (command.empty()) return Error("no command (give it after --)");
  std::error_code ec;
  // The absolute path of a word that names an existing file or folder.
  auto existing = [&](const std::string& word) -> std::optional<fs::path> {
    if (word.empty() || word.starts_with('-')) return std::nullopt;
    const fs::path path = (cwd / word).lexically_normal();
    if (!fs::exists(path, ec)) return std::nullopt;
    return fs::absolute(path, ec).lexically_normal();
  };
  Submission submission;
  if (!folder.empty()) {
    submission.folder = fs::absolute(cwd / folder, ec).lexically_normal();
    if (!fs::is_directory(submission.folder, ec)) {
      return Error(fmt::format("--dir {}: not a folder{}", folder.string(),
                               ec ? " (" + ec.message() + ")" : ""));
    }
  } else {
    for (const std::string& word : command) {
      if (auto path = existing(word); path && fs::is_regular_file(*path, ec)) {
        submission.folder = path->parent_path();
      }
    }
    if (submission.folder.empty()) {
      return Error(fmt::format(
          "no word of the command names a file ('{}'): give the bot's folder "
          "with --dir",
          command[0]));
    }
  }
  const std::string inside = submission.folder.string() + "/";
  for (const std::string& word : command) {
    const auto path = existing(word);
    if (!path) {
      submission.argv.push_back(word);
    } else if (path->string().starts_with(inside)) {
      submission.argv.push_back(
          "./" + path->lexically_relative(submission.folder).generic_string());
    } else {
      submission.argv.push_back(path->string());
    }
  }
  return submission;
}

}  // namespace arbiter::league
