#include "arbiter/tournament/match_identity.h"

#include <fmt/format.h>

#include <fstream>
#include <iterator>
#include <system_error>

#include "arbiter/common/atomic_file.h"
#include "arbiter/common/siphash.h"
#include "arbiter/process/bot_process.h"

namespace arbiter::tournament {
namespace {

namespace fs = std::filesystem;
using Error = std::unexpected<std::string>;

// Not a secret: the hash only tells builds apart.
constexpr SipKey kBuildKey = {0x6275696c64, 0x6d61746368};

// The path a word of the command names, when it is an existing regular
// file: the program (word 0) as Spawn finds it, any other word from `dir`.
std::optional<fs::path> FileOfWord(const std::string& word, bool program,
                                   const std::string& dir) {
  if (program) {
    auto path = ResolveExecutable(word, dir.empty() ? "." : dir);
    if (path) return fs::path(*path);
    return std::nullopt;
  }
  fs::path path(word);
  if (path.is_relative() && !dir.empty()) path = fs::path(dir) / path;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  return path;
}

std::expected<uint64_t, std::string> HashFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  if (in.bad() || !in.is_open()) {
    return Error(
        fmt::format("{}: cannot read it to tell its build", path.string()));
  }
  return SipHash24(kBuildKey, bytes);
}

// The first field of `now` that `then` lacks or holds otherwise, as
// "bots[0].build: 9f... then, 3c... now"; "" when they are equal.
std::string FirstDifference(const nlohmann::json& then,
                            const nlohmann::json& now,
                            const std::string& where) {
  // Numbers compare by value (a kept 0 reads back unsigned).
  const bool nested = (then.is_object() && now.is_object()) ||
                      (then.is_array() && now.is_array());
  if (!nested && then != now) {
    return fmt::format("{}: {} then, {} now", where, then.dump(), now.dump());
  }
  if (then.is_object()) {
    for (const auto& [key, value] : now.items()) {
      const std::string at = where.empty() ? key : where + "." + key;
      if (!then.contains(key)) return at + ": not kept then";
      if (auto d = FirstDifference(then[key], value, at); !d.empty()) return d;
    }
  } else if (then.is_array()) {
    if (then.size() != now.size()) {
      return fmt::format("{}: {} entries then, {} now", where, then.size(),
                         now.size());
    }
    for (size_t i = 0; i < now.size(); ++i) {
      auto d =
          FirstDifference(then[i], now[i], fmt::format("{}[{}]", where, i));
      if (!d.empty()) return d;
    }
  }
  return "";
}

}  // namespace

std::expected<std::string, std::string> BotBuild(const BotConfig& bot) {
  if (bot.command.starts_with("builtin:")) return bot.command;
  auto words = SplitCommand(bot.command);
  if (!words) return Error(words.error());
  std::vector<uint64_t> hashes;
  for (size_t i = 0; i < words->size(); ++i) {
    const std::string& word = (*words)[i];
    hashes.push_back(SipHash24(kBuildKey, word));
    if (auto file = FileOfWord(word, i == 0, bot.cwd)) {
      auto hash = HashFile(*file);
      if (!hash) return Error(hash.error());
      hashes.push_back(*hash);
    }
  }
  return fmt::format("{:016x}", SipHash24Words(kBuildKey, hashes));
}

std::expected<nlohmann::json, std::string> MatchIdentity(
    const TournamentConfig& config) {
  static constexpr const char* kRoles[] = {"A", "B", "opponent"};
  const TimeControl& time = config.time_control;
  nlohmann::json identity = {
      {"game", config.game},
      {"seats", config.seats},
      {"ruleset", config.ruleset},
      {"move_ms", time.move_ms},
      {"bank_ms", time.bank_ms},
      {"increment_ms", time.increment_ms},
      {"grace_ms", time.grace_ms},
      {"fault_policy", std::string(ToString(config.fault_policy))},
      {"bots", nlohmann::json::array()}};
  for (size_t i = 0; i < config.bots.size() && i < std::size(kRoles); ++i) {
    const BotConfig& bot = config.bots[i];
    auto build = BotBuild(bot);
    if (!build)
      return Error(fmt::format("bot {}: {}", bot.name, build.error()));
    identity["bots"].push_back({{"role", kRoles[i]},
                                {"name", bot.name},
                                {"command", bot.command},
                                {"build", *build}});
  }
  return identity;
}

std::expected<void, std::string> CheckMatchIdentity(
    const fs::path& file, const nlohmann::json& identity, bool has_records) {
  std::error_code ec;
  const bool kept = fs::exists(file, ec);
  if (has_records && !kept) {
    return Error(fmt::format(
        "{} holds records but no {} to say which bots and builds made them "
        "(an older arbiter's, or another command's): give the match another "
        "--out, or remove them",
        file.parent_path().string(), file.filename().string()));
  }
  if (has_records) {
    std::ifstream in(file);
    const nlohmann::json then = nlohmann::json::parse(in, nullptr, false);
    if (then.is_discarded()) {
      return Error(file.string() +
                   ": not JSON; remove it with the records "
                   "of the match, or give another --out");
    }
    if (auto d = FirstDifference(then, identity, ""); !d.empty()) {
      return Error(fmt::format(
          "{} holds the records of another match ({}): its games would be "
          "counted for this one; give this match another --out, or remove "
          "the old records",
          file.parent_path().string(), d));
    }
  }
  return WriteFileAtomically(file, identity.dump(2) + "\n");
}

}  // namespace arbiter::tournament
