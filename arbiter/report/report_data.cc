#include "arbiter/report/report_data.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "arbiter/games/registry.h"
#include "arbiter/replay/replay.h"
#include "arbiter/report/html_page.h"
#include "arbiter/tournament/standings.h"
#include "proto/arbiter/v1/fault_reasons.h"
#include "ratings/ratings.h"

namespace arbiter::report {
namespace {

using nlohmann::json;

// Decision-time histogram: bin 0 holds times under 1 us, bin k times under
// 10^(k / kBinsPerDecade) us, up to 1000 s.
constexpr int kBinsPerDecade = 5;
constexpr int kDecades = 9;
constexpr int kNumBins = kBinsPerDecade * kDecades + 1;

int DecisionBin(uint32_t us) {
  if (us < 1) return 0;
  const int bin = 1 + int(std::floor(std::log10(double(us)) * kBinsPerDecade));
  return std::min(bin, kNumBins - 1);
}

uint32_t Quantile(const std::vector<uint32_t>& sorted, double q) {
  if (sorted.empty()) return 0;
  const size_t i = std::min(sorted.size() - 1,
                            size_t(std::ceil(q * double(sorted.size())) - 1));
  return sorted[q <= 0 ? 0 : i];
}

// Teams per seat as the standings count them: seats that share one team
// in a game without partnerships play alone.
std::vector<int> TeamsOf(const v1::GameRecord& r) {
  bool shared = true;
  for (const auto& s : r.seats()) shared &= s.team() == r.seats(0).team();
  std::vector<int> teams;
  for (int i = 0; i < r.seats_size(); ++i) {
    teams.push_back(shared ? i : r.seats(i).team());
  }
  return teams;
}

// The seat that holds the seat advantage (records of version 0.1 do not
// say: the seat after the first dealer).
int FirstMover(const v1::GameRecord& r) {
  if (r.has_first_mover()) return r.first_mover();
  const int n = std::max(1, r.seats_size());
  return ((r.first_dealer() % n) + 1 + n) % n;
}

records::RecordSummary SummaryOf(const v1::GameRecord& r) {
  records::RecordSummary s;
  s.game_id = r.game_id();
  s.duplicate_group = r.duplicate_group();
  s.round = r.round();
  s.seed = r.seed();
  for (const auto& seat : r.seats()) s.bots.push_back(seat.bot_name());
  s.teams = TeamsOf(r);
  s.places.assign(r.result().places().begin(), r.result().places().end());
  if (s.places.size() != s.bots.size()) s.places.clear();
  for (const auto& f : r.result().faults()) {
    ++s.faults;
    s.fault_seats.push_back(f.seat());
  }
  return s;
}

ratings::Game RatingGameOf(const v1::GameRecord& r, const std::string& where) {
  ratings::Game g{.id = r.game_id(),
                  .duplicate_group = r.duplicate_group(),
                  .round = r.round(),
                  .source = where};
  bool partnerships = false;
  for (const auto& s : r.seats()) partnerships |= s.team() != r.seats(0).team();
  const int first = FirstMover(r);
  for (int i = 0; i < r.seats_size(); ++i) {
    ratings::SeatResult seat{
        .player = r.seats(i).bot_name(),
        .team = partnerships ? r.seats(i).team() : -1,
        .place = i < r.result().places_size() ? r.result().places(i) : 1,
        .moved_first = i == first};
    if (i < r.result().scores_size()) seat.points = r.result().scores(i);
    g.seats.push_back(std::move(seat));
  }
  for (const auto& step : r.steps()) {
    if (step.seat() < 0 || step.seat() >= r.seats_size()) continue;
    auto& seat = g.seats[step.seat()];
    ++seat.decisions;
    seat.decision_us_total += step.decision_us();
    seat.decision_us_max =
        std::max<int64_t>(seat.decision_us_max, step.decision_us());
  }
  for (const auto& f : r.result().faults()) {
    if (f.seat() >= 0 && f.seat() < r.seats_size()) {
      g.seats[f.seat()].faults.push_back(FaultReasonName(f.reason()));
    }
  }
  return g;
}

// Seconds between two RFC 3339 UTC times ("2026-11-23T10:00:00.123Z"), or
// -1 when either cannot be read.
double Seconds(const std::string& from, const std::string& to) {
  auto parse = [](const std::string& t) -> double {
    int y, mo, d, h, mi;
    double s;
    if (std::sscanf(t.c_str(), "%d-%d-%dT%d:%d:%lfZ", &y, &mo, &d, &h, &mi,
                    &s) != 6) {
      return -1;
    }
    // Days from the civil date (Howard Hinnant's algorithm).
    y -= mo <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const double days = era * 146097.0 + doe - 719468;
    return days * 86400 + h * 3600 + mi * 60 + s;
  };
  const double a = parse(from), b = parse(to);
  return a < 0 || b < 0 ? -1 : std::round((b - a) * 1000) / 1000;
}

json Bound(double value, bool open) {
  return open || !std::isfinite(value) ? json(nullptr) : json(value);
}

}  // namespace

ReportBuilder::ReportBuilder(ReportOptions options)
    : options_(std::move(options)) {}

void ReportBuilder::AddNote(std::string note) {
  notes_.push_back(std::move(note));
}

void ReportBuilder::Add(const v1::GameRecord& r, std::string where,
                        const GameLogs* logs) {
  const auto& result = r.result();
  json bots = json::array(), faults = json::array();
  for (const auto& s : r.seats()) bots.push_back(s.bot_name());
  for (const auto& f : result.faults()) {
    faults.push_back(
        json::array({f.seat(), FaultReasonName(f.reason()), f.step()}));
    if (f.seat() >= 0 && f.seat() < r.seats_size()) {
      ++faults_[r.seats(f.seat()).bot_name()][FaultReasonName(f.reason())];
    }
  }
  for (const auto& step : r.steps()) {
    if (step.seat() >= 0 && step.seat() < r.seats_size()) {
      decision_us_[r.seats(step.seat()).bot_name()].push_back(
          step.decision_us());
    }
  }
  for (int i = 0; i < r.seats_size() && i < result.scores_size(); ++i) {
    scores_[r.seats(i).bot_name()].push_back(result.scores(i));
    game_points_[r.seats(i).bot_name()] += result.scores(i);
  }
  if (!r.tournament_id().empty() &&
      std::find(tournaments_.begin(), tournaments_.end(), r.tournament_id()) ==
          tournaments_.end()) {
    tournaments_.push_back(r.tournament_id());
  }
  json replay = nullptr;
  std::string compressed;
  if (options_.replays) {
    json data = ReplayData(r, logs, options_.replay);
    if (data.contains("error")) replay = data["error"];
    score_units_.insert(data.value("score_unit", ""));
    compressed = CompressJson(data);
  }
  games_.push_back(
      {{"id", r.game_id()},
       {"game",
        r.game().empty() ? std::string(game::DefaultGame().Name()) : r.game()},
       {"round", r.round()},
       {"tournament", r.tournament_id()},
       {"bots", bots},
       {"teams", TeamsOf(r)},
       {"scores",
        std::vector<int>(result.scores().begin(), result.scores().end())},
       {"places",
        std::vector<int>(result.places().begin(), result.places().end())},
       {"team_scores", std::vector<int>(result.team_scores().begin(),
                                        result.team_scores().end())},
       {"end", EndReasonName(result.end_reason())},
       {"faults", faults},
       {"steps", r.steps_size()},
       {"hands", result.hands_played()},
       {"started_at", r.started_at()},
       {"seconds", Seconds(r.started_at(), r.finished_at())},
       {"where", where},
       {"replay", options_.replays},
       {"replay_error", replay}});
  replays_.push_back(std::move(compressed));
  summaries_.push_back(SummaryOf(r));
  rating_games_.push_back(RatingGameOf(r, where));
}

json ReportBuilder::Standings() {
  std::set<std::string> names;
  for (const auto& s : summaries_) names.insert(s.bots.begin(), s.bots.end());
  tournament::Standings standings(
      std::vector<std::string>(names.begin(), names.end()));
  for (const auto& s : summaries_) {
    if (auto ok = standings.Add(s); !ok) AddNote(ok.error());
  }
  json rows = json::array(), bots = json::array();
  const std::vector<int> order = standings.Order();
  for (int b : order) {
    const std::string& name = standings.Name(b);
    const int games = standings.Games(b);
    bots.push_back(name);
    rows.push_back({{"bot", name},
                    {"games", games},
                    {"points", standings.Points(b)},
                    {"score", games ? standings.Points(b) / games : 0.0},
                    {"faults", standings.Faults(b)},
                    {"game_points", game_points_[name]}});
  }
  json cross = json::array();
  for (int a : order) {
    json row = json::array();
    for (int b : order) {
      row.push_back(json::array(
          {standings.PointsAgainst(a, b), standings.GamesAgainst(a, b)}));
    }
    cross.push_back(row);
  }
  return {{"rows", rows}, {"bots", bots}, {"crosstable", cross}};
}

void ReportBuilder::Ratings(json& data) {
  ratings::Options options;
  options.bootstrap = options_.bootstrap;
  options.crosstable = false;
  auto report = ratings::RateGames(rating_games_, options);
  if (!report) {
    AddNote("ratings: " + report.error());
    return;
  }
  data["ratings"] = {{"model", report->model},
                     {"replicates", report->bootstrap_replicates},
                     {"average", options.average},
                     {"pools", report->num_components},
                     {"notes", report->notes}};
  for (json& row : data["standings"]) {
    for (const ratings::PlayerReport& p : report->players) {
      if (p.name != row["bot"].get<std::string>()) continue;
      row["rating"] = p.rating;
      row["rank"] = p.rank;
      row["pool"] = p.component;
      row["note"] = p.note;
      row["los_next"] = p.los_next ? json(*p.los_next) : json(nullptr);
      if (p.interval) {
        const auto& i = *p.interval;
        const bool low_open = i.lower_prior || !std::isfinite(i.lower);
        const bool high_open = i.upper_prior || !std::isfinite(i.upper);
        row["lower"] = Bound(i.lower, low_open);
        row["upper"] = Bound(i.upper, high_open);
      }
    }
  }
  // The history: by round when the games have several, else by games.
  std::set<int64_t> rounds;
  for (const auto& g : rating_games_) rounds.insert(g.round);
  ratings::HistoryOptions step;
  step.by_round = rounds.size() > 1;
  step.every = std::max<int64_t>(1, int64_t(rating_games_.size()) / 20);
  auto history = ratings::RateHistory(rating_games_, options, step);
  if (!history) return;
  json points = json::array();
  for (const auto& point : history->points) {
    json r = json::object();
    for (const auto& p : point.players) {
      json bounds = json::array({p.rating, nullptr, nullptr});
      if (p.interval) {
        bounds[1] = Bound(p.interval->lower, p.interval->lower_prior);
        bounds[2] = Bound(p.interval->upper, p.interval->upper_prior);
      }
      r[p.name] = bounds;
    }
    points.push_back(
        {{"games", point.games}, {"round", point.round}, {"ratings", r}});
  }
  data["history"] = {{"by", step.by_round ? "round" : "games"},
                     {"points", points}};
}

json ReportBuilder::Decisions() const {
  json bins = json::array();
  for (int k = 0; k < kNumBins; ++k) {
    bins.push_back(std::pow(10.0, double(k) / kBinsPerDecade));
  }
  json bots = json::object();
  for (auto [name, times] : decision_us_) {
    std::vector<int> counts(kNumBins, 0);
    double total = 0;
    for (uint32_t us : times) {
      ++counts[DecisionBin(us)];
      total += us;
    }
    std::sort(times.begin(), times.end());
    bots[name] = {{"counts", counts},
                  {"count", times.size()},
                  {"mean_us", times.empty() ? 0.0 : total / times.size()},
                  {"p50_us", Quantile(times, 0.5)},
                  {"p90_us", Quantile(times, 0.9)},
                  {"p99_us", Quantile(times, 0.99)},
                  {"max_us", times.empty() ? 0 : times.back()}};
  }
  return {{"bins", bins}, {"bots", bots}};
}

ReportBuilder::Page ReportBuilder::Finish() {
  json data = {{"format", 1}};
  std::string title = options_.title;
  if (title.empty() && !tournaments_.empty()) {
    title = tournaments_[0];
    for (size_t i = 1; i < tournaments_.size(); ++i) {
      title += ", " + tournaments_[i];
    }
  }
  if (title.empty()) title = default_title_;
  data["title"] = title.empty() ? "Report" : title;
  data["games_count"] = games_.size();
  json standings = Standings();
  data["bots"] = standings["bots"];
  data["standings"] = standings["rows"];
  data["crosstable"] = standings["crosstable"];
  if (!rating_games_.empty()) Ratings(data);
  std::set<std::string> reasons;
  for (const auto& [bot, by_reason] : faults_) {
    for (const auto& [reason, n] : by_reason) reasons.insert(reason);
  }
  data["faults"] = {{"reasons", reasons}, {"counts", faults_}};
  data["decisions"] = Decisions();
  data["scores"] = scores_;
  // What the game points count, when every replayed game says the same.
  data["score_unit"] =
      score_units_.size() == 1 ? *score_units_.begin() : std::string();
  data["games"] = std::move(games_);
  data["notes"] = notes_;
  if (!options_.format_results.is_null()) {
    data["format_results"] = options_.format_results;
  }
  return {std::move(data), std::move(replays_)};
}

}  // namespace arbiter::report
