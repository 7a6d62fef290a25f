#include "arbiter/league/league_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "arbiter/league/files.h"
#include "arbiter/report/report_writer.h"
#include "arbiter/tournament/kept_records.h"

namespace arbiter::league {
namespace {

constexpr const char* kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                   "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
                                   "#7f7f7f", "#bcbd22"};

std::string Interval(const ratings::IncrementalRatings::Estimate& e) {
  if (!std::isfinite(e.sd)) return "unbounded";
  return fmt::format("[{:.0f}, {:.0f}]", e.elo - HalfWidth95(e.sd),
                     e.elo + HalfWidth95(e.sd));
}

// Every bot's last estimate in the history, by id.
std::map<std::string, ratings::IncrementalRatings::Estimate> LastEstimates(
    const std::vector<HistoryPoint>& history) {
  std::map<std::string, ratings::IncrementalRatings::Estimate> last;
  for (const HistoryPoint& point : history) {
    for (const auto& e : point.bots) last[e.name] = e;
  }
  return last;
}

std::string StandingsTable(const Roster& roster,
                           const std::vector<HistoryPoint>& history) {
  const auto last = LastEstimates(history);
  std::vector<const BotVersion*> bots;
  for (const BotVersion& bot : roster.bots) bots.push_back(&bot);
  auto elo = [&](const BotVersion* b) {
    const auto it = last.find(b->Id());
    return it == last.end() ? -1e9 : it->second.elo;
  };
  std::stable_sort(bots.begin(), bots.end(), [&](auto* a, auto* b) {
    return a->active != b->active ? a->active : elo(a) > elo(b);
  });
  std::string html =
      "<table><tr><th>#</th><th>bot</th><th>status</th><th>rating</th>"
      "<th>95% interval</th><th>games</th><th>build</th></tr>\n";
  int rank = 0;
  for (const BotVersion* bot : bots) {
    const auto it = last.find(bot->Id());
    html += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}"
        "</td><td><code>{}</code></td></tr>\n",
        bot->active ? std::to_string(++rank) : "", HtmlEscape(bot->Id()),
        bot->active ? "active" : "retired",
        it == last.end() ? "" : fmt::format("{:.0f}", it->second.elo),
        it == last.end() ? "" : Interval(it->second),
        it == last.end() ? 0 : it->second.games, bot->hash.substr(0, 12));
  }
  return html + "</table>\n";
}

// One line per bot version over the batches.
std::string HistoryChart(const std::vector<HistoryPoint>& history) {
  if (history.empty()) return "<p>No batch played yet.</p>\n";
  double lo = 1e9, hi = -1e9;
  std::map<std::string, std::vector<std::pair<int, double>>> lines;
  for (const HistoryPoint& point : history) {
    for (const auto& e : point.bots) {
      lines[e.name].push_back({point.batch, e.elo});
      lo = std::min(lo, e.elo);
      hi = std::max(hi, e.elo);
    }
  }
  const int first = history.front().batch, last = history.back().batch;
  const double w = 720, h = 300, span_x = std::max(1, last - first),
               span_y = std::max(1.0, hi - lo);
  std::string svg = fmt::format(
      "<svg viewBox=\"-60 -10 {} {}\" width=\"900\" role=\"img\">"
      "<text x=\"-55\" y=\"10\">{:.0f}</text><text x=\"-55\" y=\"{}\">{:.0f}"
      "</text><text x=\"0\" y=\"{}\">batch {}</text><text x=\"{}\" y=\"{}\">"
      "batch {}</text>\n",
      w + 240, h + 40, hi, h, lo, h + 20, first, w - 60, h + 20, last);
  int color = 0;
  for (const auto& [name, points] : lines) {
    std::string coords;
    for (const auto& [batch, elo] : points) {
      coords += fmt::format("{:.1f},{:.1f} ", (batch - first) / span_x * w,
                            (hi - elo) / span_y * h);
    }
    const char* c = kColors[color % std::size(kColors)];
    svg += fmt::format(
        "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" "
        "points=\"{}\"><title>{}</title></polyline><text x=\"{}\" y=\"{}\" "
        "fill=\"{}\">{}</text>\n",
        c, coords, HtmlEscape(name), w + 10, 14 * color + 10, c,
        HtmlEscape(name));
    ++color;
  }
  return svg + "</svg>\n";
}

std::string NewestGames(const std::vector<records::RecordSummary>& newest) {
  std::string html =
      "<table><tr><th>game</th><th>batch</th><th>seats (place)</th></tr>\n";
  const auto last = newest.size() > size_t(kNewestGames)
                        ? newest.rend() - (newest.size() - kNewestGames)
                        : newest.rend();
  for (auto it = newest.rbegin(); it != last; ++it) {
    std::string seats;
    for (size_t s = 0; s < it->bots.size(); ++s) {
      seats += fmt::format("{}{} ({})", s ? ", " : "", it->bots[s],
                           s < it->places.size() ? it->places[s] : 0);
    }
    html += fmt::format(
        "<tr><td><code>{}</code></td><td>{}</td><td>{}</td>"
        "</tr>\n",
        HtmlEscape(it->game_id), it->round, HtmlEscape(seats));
  }
  return html + "</table>\n";
}

}  // namespace

std::string HtmlEscape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string LeaguePage(const std::string& name, const Roster& roster,
                       const std::vector<HistoryPoint>& history,
                       const std::vector<records::RecordSummary>& newest) {
  const std::string title = HtmlEscape(name);
  return fmt::format(
      "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{0}"
      "</title><style>body{{font-family:sans-serif;margin:2em}}"
      "table{{border-collapse:collapse}}td,th{{padding:2px 8px;border-bottom:"
      "1px solid #ddd;text-align:left}}</style></head><body>\n<h1>{0}</h1>\n"
      "<p>{1} games recorded{2}. <a href=\"games/index.html\">Every "
      "game</a>.</p>\n"
      "<h2>Standings</h2>\n{3}<h2>Ratings over time</h2>\n{4}"
      "<h2>Newest games</h2>\n{5}</body></html>\n",
      title, history.empty() ? 0 : history.back().games,
      history.empty()
          ? ""
          : ", after batch " + std::to_string(history.back().batch) + " (" +
                HtmlEscape(history.back().time) + ")",
      StandingsTable(roster, history), HistoryChart(history),
      NewestGames(newest));
}

std::expected<void, std::string> WriteLeagueReport(
    const std::filesystem::path& dir, const std::string& name,
    const std::vector<records::RecordSummary>& newest) {
  const std::filesystem::path out = dir / "report";
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  auto roster = LoadRoster(dir);
  if (!roster) return std::unexpected(roster.error());
  const auto history = ReadHistory(dir);
  if (auto ok = WriteAtomically(out / "index.html",
                                LeaguePage(name, *roster, history, newest));
      !ok) {
    return ok;
  }
  auto sources = report::FindSources(
      {(dir / tournament::kCompressedRecordsFile).string()});
  if (!sources) return std::unexpected(sources.error());
  // The report folder rewrites only the replay files of new games (its
  // manifest): every batch adds its own.
  auto written =
      report::WriteReport(*sources, {.title = name}, out / kGamesReport);
  if (!written) return std::unexpected(written.error());
  return {};
}

}  // namespace arbiter::league
