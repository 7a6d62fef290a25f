#include "arbiter/league/league_config.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <sstream>

#include "arbiter/league/files.h"

namespace arbiter::league {
namespace {

using Error = std::unexpected<std::string>;

// The tournament keys a league takes; the others are the schedule's.
constexpr std::array<std::string_view, 12> kLeagueKeys = {
    "name",         "game",        "seed",
    "seats",        "duplicate",   "partnership_fill",
    "ruleset",      "concurrency", "time_control",
    "fault_policy", "sandbox",     "affinity"};

// A TOML basic string.
std::string Quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      out += fmt::format("\\u{:04x}", int(c));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

std::expected<tournament::TournamentConfig, std::string> ParseLeagueConfig(
    std::string_view toml_text, const std::filesystem::path& base_dir) {
  // The tournament's parser checks the text (ASCII, syntax, every key's
  // value) once the league's own checks are done.
  toml::table root;
  try {
    root = toml::parse(toml_text);
  } catch (const toml::parse_error& e) {
    // Reported by the tournament's parser, with its ASCII check first.
    auto config = tournament::ParseTournamentConfig(toml_text, base_dir);
    if (!config) return Error(config.error());
    return Error(std::string(e.description()));
  }
  for (const auto& [key, node] : root) {
    if (std::find(kLeagueKeys.begin(), kLeagueKeys.end(), key.str()) ==
        kLeagueKeys.end()) {
      return Error(fmt::format(
          "{}: not a league key (bots are added with `arbiter league add`, "
          "games chosen by the scheduler; docs/league.md lists the keys)",
          key.str()));
    }
  }
  // Two stand-in bots: the tournament's parser wants them, the league's
  // come from its roster.
  toml::array bots;
  for (const char* name : {"league-a", "league-b"}) {
    bots.push_back(toml::table{{"name", name}, {"command", "true"}});
  }
  root.insert_or_assign("bots", std::move(bots));
  std::ostringstream text;
  text << root;
  auto config = tournament::ParseTournamentConfig(text.str(), base_dir);
  if (!config) return Error(config.error());
  // The stand-in keeps the [sandbox] every bot gets.
  config->bots.resize(1);
  config->bots[0].name.clear();
  config->bots[0].command.clear();
  config->compress_records = true;
  return config;
}

std::expected<tournament::TournamentConfig, std::string> LoadLeagueConfig(
    const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / kConfigFile;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return Error(fmt::format(
        "{}: not a league folder (no {}): make one with `arbiter league init "
        "{}`",
        dir.string(), kConfigFile, dir.string()));
  }
  auto text = ReadWhole(path);
  if (!text) return Error(text.error());
  const std::filesystem::path base =
      std::filesystem::absolute(dir, ec).lexically_normal();
  auto config = ParseLeagueConfig(*text, base);
  if (!config) return Error(path.string() + ": " + config.error());
  return config;
}

std::string LeagueConfigText(const InitOptions& o) {
  std::string text = fmt::format(
      "# A league (docs/league.md): how its games are played. Bots are added "
      "with\n# `arbiter league add`; the scheduler chooses the games.\n"
      "name = {}\n",
      Quoted(o.name));
  if (!o.game.empty()) text += fmt::format("game = {}\n", Quoted(o.game));
  if (!o.ruleset.empty()) {
    text += fmt::format("ruleset = {}\n", Quoted(o.ruleset));
  }
  text += fmt::format(
      "seats = {}\nduplicate = {}\npartnership_fill = {}\nfault_policy = "
      "{}\nconcurrency = {}\n\n[time_control]\nmove_ms = {}\nbank_ms = "
      "{}\nincrement_ms = {}\ngrace_ms = {}\n\n[sandbox]\nmode = {}\n",
      o.seats, o.duplicate, Quoted(o.partnership_fill), Quoted(o.fault_policy),
      o.concurrency, o.time_control.move_ms, o.time_control.bank_ms,
      o.time_control.increment_ms, o.time_control.grace_ms, Quoted(o.sandbox));
  return text;
}

}  // namespace arbiter::league
