#include "arbiter/league/roster.h"

#include <fcntl.h>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <nlohmann/json.hpp>

#include "arbiter/league/files.h"

namespace arbiter::league {
namespace {

using Error = std::unexpected<std::string>;
using nlohmann::json;

constexpr size_t kMaxNameLength = 40;

// An open, exclusively locked DIR/roster.lock, released when destroyed
// (and by the kernel when the process dies, however it dies).
class RosterLock {
 public:
  static std::expected<RosterLock, std::string> Take(
      const std::filesystem::path& dir) {
    const std::filesystem::path path = dir / "roster.lock";
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return Error(fmt::format("{}: cannot open", path.string()));
    if (::flock(fd, LOCK_EX) != 0) {
      ::close(fd);
      return Error(fmt::format("{}: cannot lock", path.string()));
    }
    return RosterLock(fd);
  }
  RosterLock(RosterLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  ~RosterLock() {
    if (fd_ >= 0) ::close(fd_);
  }

 private:
  explicit RosterLock(int fd) : fd_(fd) {}
  int fd_;
};

std::expected<BotVersion, std::string> ParseBot(const json& item,
                                                const std::string& where) {
  if (!item.is_object()) return Error(where + ": must be an object");
  BotVersion bot;
  auto text = [&](const char* key, std::string* out) -> bool {
    const auto it = item.find(key);
    if (it == item.end() || !it->is_string()) return false;
    *out = it->get<std::string>();
    return true;
  };
  std::string status;
  for (auto [key, out] :
       {std::pair{"name", &bot.name}, std::pair{"hash", &bot.hash},
        std::pair{"status", &status}, std::pair{"source", &bot.source},
        std::pair{"added", &bot.added}}) {
    if (!text(key, out)) {
      return Error(fmt::format("{}.{}: missing, or not a string", where, key));
    }
  }
  text("retired", &bot.retired);
  if (auto ok = CheckBotName(bot.name); !ok) {
    return Error(fmt::format("{}.name: {}", where, ok.error()));
  }
  if (status != "active" && status != "retired") {
    return Error(where + ".status: must be \"active\" or \"retired\"");
  }
  bot.active = status == "active";
  const auto version = item.find("version");
  if (version == item.end() || !version->is_number_integer() ||
      version->get<int64_t>() < 1 || version->get<int64_t>() > 1000000) {
    return Error(where + ".version: must be an integer 1..1000000");
  }
  bot.version = version->get<int>();
  const auto argv = item.find("command");
  if (argv == item.end() || !argv->is_array() || argv->empty()) {
    return Error(where + ".command: must be a list of words");
  }
  for (const json& word : *argv) {
    if (!word.is_string()) return Error(where + ".command: must be strings");
    bot.argv.push_back(word.get<std::string>());
  }
  if (bot.hash.size() != 64 ||
      bot.hash.find_first_not_of("0123456789abcdef") != std::string::npos) {
    return Error(where + ".hash: must be 64 hex digits");
  }
  return bot;
}

}  // namespace

std::string BotVersion::Id() const {
  return fmt::format("{}@{}", name, version);
}

const BotVersion* Roster::Latest(std::string_view name) const {
  const BotVersion* latest = nullptr;
  for (const BotVersion& bot : bots) {
    if (bot.name == name && (!latest || bot.version > latest->version)) {
      latest = &bot;
    }
  }
  return latest;
}

const BotVersion* Roster::Find(std::string_view id) const {
  for (const BotVersion& bot : bots) {
    if (bot.Id() == id) return &bot;
  }
  return nullptr;
}

int Roster::ActiveCount() const {
  return int(std::count_if(bots.begin(), bots.end(),
                           [](const BotVersion& b) { return b.active; }));
}

std::expected<void, std::string> CheckBotName(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameLength) {
    return Error(fmt::format("must be 1 to {} characters, got {}",
                             kMaxNameLength, name.size()));
  }
  const auto ok = [](char c, bool first) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           (!first && (c == '_' || c == '-' || c == '.'));
  };
  for (size_t i = 0; i < name.size(); ++i) {
    if (!ok(name[i], i == 0)) {
      return Error(
          "must be letters, digits, '_', '-' and '.', starting with a letter "
          "or digit (a version is added as NAME@N by the league)");
    }
  }
  return {};
}

std::string RosterJson(const Roster& roster) {
  json bots = json::array();
  for (const BotVersion& bot : roster.bots) {
    json item = {
        {"id", bot.Id()},         {"name", bot.name},
        {"version", bot.version}, {"status", bot.active ? "active" : "retired"},
        {"hash", bot.hash},       {"command", bot.argv},
        {"source", bot.source},   {"added", bot.added}};
    if (!bot.retired.empty()) item["retired"] = bot.retired;
    bots.push_back(std::move(item));
  }
  return json{{"bots", bots}}.dump(2) + "\n";
}

std::expected<Roster, std::string> ParseRoster(std::string_view text) {
  const json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object() || !root.contains("bots") ||
      !root["bots"].is_array()) {
    return Error("not a roster (a JSON object with a \"bots\" list)");
  }
  Roster roster;
  for (size_t i = 0; i < root["bots"].size(); ++i) {
    auto bot = ParseBot(root["bots"][i], fmt::format("bots[{}]", i));
    if (!bot) return Error(bot.error());
    if (roster.Find(bot->Id()) != nullptr) {
      return Error(fmt::format("bots[{}]: {} is listed twice", i, bot->Id()));
    }
    roster.bots.push_back(std::move(*bot));
  }
  return roster;
}

std::expected<Roster, std::string> LoadRoster(
    const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / kRosterFile;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return Roster{};
  auto text = ReadWhole(path);
  if (!text) return Error(text.error());
  auto roster = ParseRoster(*text);
  if (!roster) return Error(path.string() + ": " + roster.error());
  return roster;
}

std::expected<Roster, std::string> UpdateRoster(
    const std::filesystem::path& dir,
    const std::function<std::expected<void, std::string>(Roster&)>& change) {
  auto lock = RosterLock::Take(dir);
  if (!lock) return Error(lock.error());
  auto roster = LoadRoster(dir);
  if (!roster) return roster;
  if (auto ok = change(*roster); !ok) return Error(ok.error());
  if (auto ok = WriteAtomically(dir / kRosterFile, RosterJson(*roster)); !ok) {
    return Error(ok.error());
  }
  return roster;
}

std::expected<BotVersion, std::string> AddVersion(
    const std::filesystem::path& dir, BotVersion bot, bool keep_older) {
  auto roster =
      UpdateRoster(dir, [&](Roster& r) -> std::expected<void, std::string> {
        const BotVersion* latest = r.Latest(bot.name);
        if (latest != nullptr && latest->hash == bot.hash) {
          return Error(fmt::format(
              "{} is this build already ({}{}): nothing added", latest->Id(),
              latest->hash.substr(0, 12), latest->active ? "" : ", retired"));
        }
        bot.version = latest == nullptr ? 1 : latest->version + 1;
        bot.active = true;
        bot.added = UtcNow();
        bot.retired.clear();
        for (BotVersion& older : r.bots) {
          if (older.name == bot.name && older.active && !keep_older) {
            older.active = false;
            older.retired = bot.added;
          }
        }
        r.bots.push_back(bot);
        return {};
      });
  if (!roster) return Error(roster.error());
  return roster->bots.back();
}

std::expected<std::vector<std::string>, std::string> Retire(
    const std::filesystem::path& dir, const std::string& who) {
  std::vector<std::string> retired;
  auto roster =
      UpdateRoster(dir, [&](Roster& r) -> std::expected<void, std::string> {
        bool known = false;
        const std::string now = UtcNow();
        for (BotVersion& bot : r.bots) {
          if (bot.Id() != who && bot.name != who) continue;
          known = true;
          if (!bot.active) continue;
          bot.active = false;
          bot.retired = now;
          retired.push_back(bot.Id());
        }
        if (!known)
          return Error(fmt::format("no bot called '{}' in the roster", who));
        if (retired.empty())
          return Error(fmt::format("'{}' is retired already", who));
        return {};
      });
  if (!roster) return Error(roster.error());
  return retired;
}

std::string UtcNow() {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}",
                     std::chrono::floor<std::chrono::seconds>(
                         std::chrono::system_clock::now()));
}

}  // namespace arbiter::league
