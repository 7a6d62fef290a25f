#include "ratings/format.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "arbiter/common/plural.h"
#include "arbiter/common/printable.h"

namespace ratings {
namespace {

using nlohmann::json;

// Columns padded to their widest cell; the first `left` are left-aligned.
// An empty row prints as an empty line. Every cell is shown escaped for a
// terminal: names come from records, which may hold anything.
std::string Align(std::vector<std::vector<std::string>> rows, size_t left) {
  for (auto& row : rows) {
    for (auto& cell : row) cell = arbiter::TerminalSafe(cell);
  }
  std::vector<size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()), 0);
    for (size_t c = 0; c < row.size(); ++c) {
      width[c] = std::max(width[c], row[c].size());
    }
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      if (c > 0) line += "  ";
      const std::string pad(width[c] - row[c].size(), ' ');
      line += c < left && c > 0 ? row[c] + pad : pad + row[c];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string Percent(double part, double whole) {
  return whole > 0 ? fmt::format("{:.1f}%", 100 * part / whole) : "-";
}

std::string Number(double v) {
  // Halves are common (draws): print them exactly, integers without ".0".
  return v == static_cast<double>(static_cast<int64_t>(v))
             ? fmt::format("{}", static_cast<int64_t>(v))
             : fmt::format("{:g}", v);
}

std::string Faults(const PlayerReport& p) {
  std::string out;
  for (const auto& [reason, count] : p.faults) {
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", reason, count);
  }
  return out.empty() ? "-" : out;
}

std::string ModelTitle(const std::string& model) {
  if (model == "plackett-luce") return "Plackett-Luce";
  if (model == "pairwise") return "Bradley-Terry (pairwise standings)";
  return "Bradley-Terry";
}

std::string CsvField(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Bounds come from single-precision replicate values: 0.01 Elo is all they
// hold. Rounded outwards, so that an interval still holds its estimate.
json Bound(double v, bool lower) {
  if (!std::isfinite(v)) return json(nullptr);
  return json((lower ? std::floor(v * 100) : std::ceil(v * 100)) / 100);
}

void AddInterval(const std::optional<Interval>& interval, json* j) {
  if (!interval) return;
  (*j)["lower"] = Bound(interval->lower, true);
  (*j)["upper"] = Bound(interval->upper, false);
  (*j)["lower_prior_bounded"] = interval->lower_prior;
  (*j)["upper_prior_bounded"] = interval->upper_prior;
}

}  // namespace

std::string FormatInterval(const Interval& i) {
  // Rounded outwards, so that the printed interval holds the estimate.
  const std::string lower =
      std::isfinite(i.lower)
          ? fmt::format("[{:.1f}", std::floor(i.lower * 10) / 10)
          : "(-inf";
  const std::string upper =
      std::isfinite(i.upper)
          ? fmt::format("{:.1f}]", std::ceil(i.upper * 10) / 10)
          : "+inf)";
  return lower + ", " + upper;
}

std::string FormatTable(const Report& report) {
  std::string out =
      fmt::format("{} ratings: {}, {}, ", ModelTitle(report.model),
                  arbiter::Count(report.games, "game"),
                  arbiter::Count(int64_t(report.players.size()), "player"));
  out += report.options.anchor.empty()
             ? fmt::format("average {:g}", report.options.average)
             : fmt::format("{} fixed at {:g}", report.options.anchor,
                           report.options.average);
  out += report.bootstrap_replicates > 0
             ? fmt::format(", 95% intervals from {} bootstrap replicates\n\n",
                           report.bootstrap_replicates)
             : ", no bootstrap\n\n";
  std::vector<std::vector<std::string>> rows = {
      {"#", "name", "rating", "95% interval", "games", "score", "LOS"}};
  const bool pools = report.num_components > 1;
  if (pools) rows[0].push_back("pool");
  for (size_t i = 0; i < report.players.size(); ++i) {
    const PlayerReport& p = report.players[i];
    if (pools && i > 0 && report.players[i - 1].component != p.component) {
      rows.emplace_back();  // pools apart
    }
    rows.push_back(
        {fmt::format("{}", p.rank), p.name, fmt::format("{:.2f}", p.rating),
         p.interval ? FormatInterval(*p.interval) : "-",
         fmt::format("{}", p.games), Percent(p.score, p.encounters),
         p.los_next ? fmt::format("{:.1f}%", 100 * *p.los_next) : ""});
    if (pools) rows.back().push_back(fmt::format("{}", p.component));
    if (!p.note.empty()) rows.back().push_back(p.note);
  }
  out += Align(rows, 2);
  if (report.first_seat_advantage) {
    out += fmt::format("\nfirst-seat advantage: {:.1f}",
                       *report.first_seat_advantage);
    if (report.first_seat_interval) {
      out += " " + FormatInterval(*report.first_seat_interval);
    }
    out += "\n";
  }
  const bool any_stats = std::any_of(
      report.players.begin(), report.players.end(), [](const PlayerReport& p) {
        return p.decisions > 0 || p.points != 0 || !p.faults.empty();
      });
  if (any_stats) {
    std::vector<std::vector<std::string>> stats = {{"name", "games", "points",
                                                    "faults", "decisions",
                                                    "mean ms", "max ms"}};
    for (const PlayerReport& p : report.players) {
      stats.push_back({p.name, fmt::format("{}", p.games),
                       fmt::format("{}", p.points), Faults(p),
                       fmt::format("{}", p.decisions),
                       fmt::format("{:.2f}", p.mean_decision_ms),
                       fmt::format("{:.2f}", p.max_decision_ms)});
    }
    out += "\n" + Align(stats, 1);
  }
  if (!report.notes.empty()) {
    out += "\n";
    for (const std::string& note : report.notes) {
      out += "note: " + arbiter::TerminalSafe(note) + "\n";
    }
  }
  return out;
}

std::string FormatCrosstable(const Report& report) {
  const size_t n = report.players.size();
  std::vector<std::vector<std::string>> rows(n + 1);
  rows[0] = {"#", "name"};
  for (size_t j = 0; j < n; ++j) rows[0].push_back(fmt::format("{}", j + 1));
  for (size_t i = 0; i < n; ++i) {
    rows[i + 1] = {fmt::format("{}", i + 1), report.players[i].name};
    rows[i + 1].resize(n + 2, ".");
    rows[i + 1][i + 2] = "x";
  }
  for (const CrossEntry& c : report.crosstable) {
    rows[c.a + 1][c.b + 2] =
        fmt::format("{}/{}", Number(c.score), Number(c.encounters));
  }
  return "Crosstable (row's points against column / encounters)\n\n" +
         Align(rows, 2);
}

std::string FormatJson(const Report& report, bool with_crosstable) {
  json out = {{"model", report.model},
              {"games", report.games},
              {"resampling_units", report.resampling_units},
              {"bootstrap_replicates", report.bootstrap_replicates},
              {"pools", report.num_components},
              {"average", report.options.average},
              {"anchor", report.options.anchor},
              {"converged", report.converged},
              {"notes", report.notes}};
  if (report.first_seat_advantage) {
    json adv = {{"rating", *report.first_seat_advantage}};
    AddInterval(report.first_seat_interval, &adv);
    out["first_seat_advantage"] = adv;
  }
  json players = json::array();
  for (const PlayerReport& p : report.players) {
    json j = {{"rank", p.rank},
              {"name", p.name},
              {"rating", p.rating},
              {"pool", p.component},
              {"games", p.games},
              {"score", p.score},
              {"encounters", p.encounters},
              {"points", p.points},
              {"faults", p.faults},
              {"decisions", p.decisions},
              {"mean_decision_ms", p.mean_decision_ms},
              {"max_decision_ms", p.max_decision_ms},
              {"note", p.note}};
    AddInterval(p.interval, &j);
    if (p.los_next) j["los_next"] = *p.los_next;
    players.push_back(std::move(j));
  }
  out["players"] = std::move(players);
  if (with_crosstable) {
    json cross = json::array();
    for (const CrossEntry& c : report.crosstable) {
      cross.push_back({{"player", report.players[c.a].name},
                       {"opponent", report.players[c.b].name},
                       {"score", c.score},
                       {"encounters", c.encounters}});
    }
    out["crosstable"] = std::move(cross);
  }
  return out.dump(2) + "\n";
}

std::string FormatCsv(const Report& report) {
  std::string out =
      "rank,name,rating,lower,upper,lower_prior_bounded,upper_prior_bounded,"
      "los_next,pool,games,score,encounters,points,faults,mean_decision_ms,"
      "max_decision_ms,note\n";
  auto bound = [](const std::optional<Interval>& i, bool lower) {
    if (!i) return std::string();
    const double v = lower ? i->lower : i->upper;
    if (!std::isfinite(v)) return std::string(v < 0 ? "-inf" : "inf");
    // Rounded outwards, so that the interval still holds its estimate.
    return fmt::format(
        "{:.2f}", (lower ? std::floor(v * 100) : std::ceil(v * 100)) / 100);
  };
  auto flag = [](const std::optional<Interval>& i, bool lower) {
    if (!i) return std::string();
    return std::string((lower ? i->lower_prior : i->upper_prior) ? "1" : "0");
  };
  for (const PlayerReport& p : report.players) {
    std::string faults;
    for (const auto& [reason, count] : p.faults) {
      faults +=
          fmt::format("{}{}={}", faults.empty() ? "" : ";", reason, count);
    }
    out += fmt::format(
        "{},{},{:.2f},{},{},{},{},{},{},{},{},{},{},{},{:.3f},{:.3f},{}\n",
        p.rank, CsvField(p.name), p.rating, bound(p.interval, true),
        bound(p.interval, false), flag(p.interval, true),
        flag(p.interval, false),
        p.los_next ? fmt::format("{:.4f}", *p.los_next) : "", p.component,
        p.games, Number(p.score), Number(p.encounters), p.points, faults,
        p.mean_decision_ms, p.max_decision_ms, CsvField(p.note));
  }
  return out;
}

std::string FormatHistoryJson(const History& history) {
  json points = json::array();
  for (const HistoryPoint& point : history.points) {
    json players = json::array();
    for (const PlayerReport& p : point.players) {
      json j = {{"name", p.name},
                {"pool", p.component},
                {"rank", p.rank},
                {"rating", p.rating}};
      AddInterval(p.interval, &j);
      players.push_back(std::move(j));
    }
    json j = {{"games", point.games}, {"players", std::move(players)}};
    if (history.step.by_round) j["round"] = point.round;
    points.push_back(std::move(j));
  }
  json out = {{"model", history.model},
              {"step", history.step.by_round ? json("round")
                                             : json(history.step.every)},
              {"average", history.options.average},
              {"anchor", history.options.anchor},
              {"bootstrap_replicates", history.bootstrap_replicates},
              {"points", std::move(points)}};
  if (!history.notes.empty()) out["notes"] = history.notes;
  return out.dump(2) + "\n";
}

}  // namespace ratings
