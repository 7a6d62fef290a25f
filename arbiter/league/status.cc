#include "arbiter/league/status.h"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "arbiter/common/printable.h"
#include "arbiter/league/files.h"
#include "arbiter/league/league_config.h"
#include "arbiter/league/league_ratings.h"
#include "arbiter/league/league_run.h"
#include "arbiter/league/roster.h"

namespace arbiter::league {
namespace {

using Estimate = ratings::IncrementalRatings::Estimate;

// "running (pid 12 on host, batch 4 since ...): playing 3 tables" or
// "not running (last: ...)".
std::string RunLine(const std::filesystem::path& dir) {
  auto text = ReadWhole(dir / kStateFile);
  if (!text) return "run: never started";
  const auto state = nlohmann::json::parse(*text, nullptr, false);
  if (!state.is_object()) return "run: state unreadable";
  const int pid = state.value("pid", 0);
  const std::string host = state.value("host", "");
  const std::string doing = state.value("doing", "");
  char here[256] = {};
  ::gethostname(here, sizeof here - 1);
  const bool alive = doing != "stopped" && pid > 0 && host == here &&
                     (::kill(pid, 0) == 0 || errno == EPERM);
  std::string line =
      fmt::format("run: {} (pid {} on {}): batch {}, {} since {}",
                  alive ? "running" : "not running", pid, TerminalSafe(host),
                  state.value("batch", 0),
                  alive ? TerminalSafe(doing) : "last " + TerminalSafe(doing),
                  TerminalSafe(state.value("since", "")));
  if (alive && state.contains("tables") && state["tables"].is_array()) {
    for (const auto& table : state["tables"]) {
      if (table.is_string()) {
        line += "\n  table: " + TerminalSafe(table.get<std::string>());
      }
    }
  }
  return line;
}

std::string Row(int rank, const BotVersion& bot, const Estimate* e) {
  std::string rating = "      -", interval = "-";
  if (e != nullptr) {
    rating = fmt::format("{:7.0f}", e->elo);
    interval = std::isfinite(e->sd) ? fmt::format("[{:.0f}, {:.0f}]",
                                                  e->elo - HalfWidth95(e->sd),
                                                  e->elo + HalfWidth95(e->sd))
                                    : "unbounded";
  }
  return fmt::format("{:>3}  {:<24} {}  {:<14} {:>6}  {}  {}\n",
                     rank > 0 ? std::to_string(rank) : "", bot.Id(), rating,
                     interval, e ? e->games : 0, bot.hash.substr(0, 12),
                     TerminalSafe(bot.active ? bot.added : bot.retired));
}

}  // namespace

std::expected<std::string, std::string> StatusText(
    const std::filesystem::path& dir) {
  auto config = LoadLeagueConfig(dir);
  if (!config) return std::unexpected(config.error());
  auto roster = LoadRoster(dir);
  if (!roster) return std::unexpected(roster.error());
  int skipped = 0;
  const auto history = ReadHistory(dir, &skipped);
  std::map<std::string, Estimate> last;
  for (const HistoryPoint& point : history) {
    for (const Estimate& e : point.bots) last[e.name] = e;
  }
  std::string text = fmt::format(
      "league {} ({}): {} seats{}; {} games recorded{}\n{}\n",
      TerminalSafe(config->name), TerminalSafe(dir.string()), config->seats,
      config->duplicate ? ", duplicate deals" : "",
      history.empty() ? 0 : history.back().games,
      history.empty() ? ""
                      : fmt::format(" (after batch {})", history.back().batch),
      RunLine(dir));
  if (skipped > 0) {
    text += fmt::format(
        "warning: {}: {} skipped (not a rating line: cut short by a kill, "
        "or edited)\n",
        kHistoryFile,
        skipped == 1 ? "1 line" : fmt::format("{} lines", skipped));
  }
  for (const bool active : {true, false}) {
    std::vector<std::pair<const BotVersion*, const Estimate*>> rows;
    for (const BotVersion& bot : roster->bots) {
      if (bot.active != active) continue;
      const auto it = last.find(bot.Id());
      rows.push_back({&bot, it == last.end() ? nullptr : &it->second});
    }
    std::stable_sort(rows.begin(), rows.end(), [](auto& a, auto& b) {
      const double x = a.second ? a.second->elo : -1e9;
      const double y = b.second ? b.second->elo : -1e9;
      return x > y;
    });
    text += fmt::format(
        "\n{} ({})\n  #  {:<24} {:>7}  {:<14} {:>6}  {:<12}  {}\n",
        active ? "Active" : "Retired", rows.size(), "bot", "rating",
        "95% interval", "games", "build", active ? "added" : "retired");
    int rank = 0;
    for (const auto& [bot, e] : rows) {
      text += Row(active ? ++rank : 0, *bot, e);
    }
  }
  return text;
}

}  // namespace arbiter::league
