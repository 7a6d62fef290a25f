#include "arbiter/report/report_data.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "arbiter/games/registry.h"
#include "proto/arbiter/v1/fault_reasons.h"
#include "ratings/ratings.h"

namespace arbiter::report {
namespace {

using nlohmann::json;

// The page's histogram: bin 0 holds times under 1 us, bin k times under
// 10^(k / kBinsPerDecade) us, up to 1000 s.
constexpr int kBinsPerDecade = 5;
constexpr int kDecades = 9;
constexpr int kNumBins = kBinsPerDecade * kDecades + 1;
// The quantiles' histogram: bins 1% wide (a quantile is the middle of its
// bin, within half a percent), the same decades.
constexpr int kFinePerDecade = 230;
constexpr int kNumFine = kFinePerDecade * kDecades + 1;

int FineBin(int64_t us) {
  if (us < 1) return 0;
  const int bin = 1 + int(std::floor(std::log10(double(us)) * kFinePerDecade));
  return std::min(bin, kNumFine - 1);
}

// Seconds between two RFC 3339 UTC times ("2026-11-23T10:00:00.123Z"), or
// -1 when either cannot be read.
double Seconds(std::string_view from, std::string_view to) {
  auto parse = [](std::string_view text) -> double {
    const std::string t(text);
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

// "target" from "END_REASON_TARGET" or its number's text.
std::string EndOf(std::string_view text) {
  v1::EndReason reason = v1::END_REASON_UNSPECIFIED;
  int number = 0;
  const char* end = text.data() + text.size();
  if (auto [p, ec] = std::from_chars(text.data(), end, number);
      ec == std::errc() && p == end && v1::EndReason_IsValid(number)) {
    reason = v1::EndReason(number);
  } else {
    v1::EndReason_Parse(std::string(text), &reason);
  }
  return EndReasonName(reason);
}

bool IsTimeout(std::string_view reason) {
  return FaultReasonName(reason) == FaultReasonName(v1::FAULT_REASON_TIMEOUT);
}

// The ratings' view of a record: its strings borrowed, the fault reasons'
// words held here.
class RatingView {
 public:
  ratings::GameView Of(const records::RecordView& r) {
    seats_.clear();
    faults_.clear();
    reasons_.clear();
    bool partnerships = false;
    for (const auto& s : r.seats) partnerships |= s.team != r.seats[0].team;
    const int64_t first = r.FirstMover();
    for (size_t i = 0; i < r.seats.size(); ++i) {
      ratings::SeatView seat{
          .player = r.seats[i].bot_name,
          .team = partnerships ? int(r.seats[i].team) : -1,
          .place = i < r.places.size() ? int(r.places[i]) : 1,
          .moved_first = int64_t(i) == first};
      if (i < r.scores.size()) seat.points = r.scores[i];
      seats_.push_back(seat);
    }
    reasons_.reserve(r.faults.size());
    for (const auto& f : r.faults) {
      if (f.seat < 0 || size_t(f.seat) >= r.seats.size()) continue;
      reasons_.push_back(FaultReasonName(f.reason));
      faults_.push_back({.seat = int(f.seat), .reason = reasons_.back()});
    }
    return {.id = r.game_id,
            .seats = seats_,
            .faults = faults_,
            .duplicate_group = r.duplicate_group,
            .round = r.round};
  }

 private:
  std::vector<ratings::SeatView> seats_;
  std::vector<ratings::FaultView> faults_;
  std::vector<std::string> reasons_;
};

ratings::Options RatingOptions(int bootstrap) {
  ratings::Options options;
  options.bootstrap = bootstrap;
  options.crosstable = false;
  return options;
}

// The history's points: by round when the games have several, else about
// 20 by games.
ratings::GameRater::HistoryPlan HistoryPlan(
    const std::map<int64_t, int64_t>& round_games) {
  if (round_games.size() > 1) return {.round_games = round_games};
  int64_t games = 0;
  for (const auto& [round, n] : round_games) games += n;
  return {.every = std::max<int64_t>(1, games / 20)};
}

json Bound(double value, bool open) {
  return open || !std::isfinite(value) ? json(nullptr) : json(value);
}

}  // namespace

std::string GameOf(const records::RecordView& record) {
  return record.game.empty() ? std::string(game::DefaultGame().Name())
                             : std::string(record.game);
}

json GameRow(const records::RecordView& r, int64_t n, int section) {
  json bots = json::array(), faults = json::array();
  for (const auto& s : r.seats) bots.push_back(s.bot_name);
  for (const auto& f : r.faults) {
    faults.push_back(json::array({f.seat, FaultReasonName(f.reason), f.step}));
  }
  return {{"n", n},
          {"id", r.game_id},
          {"s", section},
          {"round", r.round},
          {"group", r.duplicate_group},
          {"bots", bots},
          {"teams", r.Teams()},
          {"scores", r.scores},
          {"places", r.places},
          {"team_scores", r.team_scores},
          {"end", EndOf(r.end_reason)},
          {"faults", faults},
          {"steps", r.steps.size()},
          {"hands", r.hands_played},
          {"seconds", Seconds(r.started_at, r.finished_at)}};
}

void DecisionTimes::Add(int64_t us) {
  if (fine_.empty()) fine_.assign(kNumFine, 0);
  us = std::max<int64_t>(us, 0);
  ++fine_[FineBin(us)];
  ++count_;
  total_ += us;
  max_ = std::max(max_, us);
}

double DecisionTimes::Quantile(double q) const {
  if (count_ == 0) return 0;
  const int64_t rank =
      std::max<int64_t>(1, int64_t(std::ceil(q * double(count_))));  // 1-based
  int64_t seen = 0;
  for (int bin = 0; bin < kNumFine; ++bin) {
    seen += fine_[bin];
    if (seen < rank) continue;
    if (bin == 0) return 0;
    // The middle of the bin (in log scale), never above the maximum.
    const double mid = std::pow(10.0, (bin - 0.5) / kFinePerDecade);
    return std::min(mid, double(max_));
  }
  return double(max_);
}

std::vector<int64_t> DecisionTimes::CoarseCounts() const {
  std::vector<int64_t> counts(kNumBins, 0);
  for (int bin = 0; bin < kNumFine && !fine_.empty(); ++bin) {
    if (fine_[bin] == 0) continue;
    // Fine bin `bin` holds times in [10^((bin-1)/230), 10^(bin/230)) us.
    const int coarse =
        bin == 0 ? 0 : 1 + (bin - 1) * kBinsPerDecade / kFinePerDecade;
    counts[std::min(coarse, kNumBins - 1)] += fine_[bin];
  }
  return counts;
}

std::vector<double> DecisionBins() {
  std::vector<double> bins;
  for (int k = 0; k < kNumBins; ++k) {
    bins.push_back(std::pow(10.0, double(k) / kBinsPerDecade));
  }
  return bins;
}

SectionBuilder::SectionBuilder(std::string game, std::vector<std::string> bots,
                               const std::map<int64_t, int64_t>& round_games,
                               int bootstrap)
    : game_(std::move(game)),
      standings_(std::move(bots)),
      rater_(RatingOptions(bootstrap), HistoryPlan(round_games)) {}

std::expected<void, std::string> SectionBuilder::Add(
    const records::RecordView& r, const std::string& where) {
  auto summary = records::RecordSummary::Of(r);
  if (!summary) return std::unexpected(where + ": " + summary.error());
  static thread_local RatingView rating_view;
  if (auto ok = rater_.Add(rating_view.Of(r)); !ok) {
    return std::unexpected(where + ": " + ok.error());
  }
  if (auto ok = standings_.Add(*summary); !ok) {
    return std::unexpected(where + ": " + ok.error());
  }
  ++games_;
  const auto bot = [&](int64_t seat) -> BotFigures* {
    if (seat < 0 || size_t(seat) >= r.seats.size()) return nullptr;
    return &bots_[std::string(r.seats[seat].bot_name)];
  };
  for (const auto& step : r.steps) {
    BotFigures* b = bot(step.seat);
    if (b == nullptr) continue;
    // A step the arbiter played (after a timeout, or for a bot that is
    // gone) is no answer: counted apart, its time is not the bot's.
    if (step.strike) {
      ++b->struck;
    } else {
      b->times.Add(step.decision_us);
    }
  }
  for (const auto& f : r.faults) {
    BotFigures* b = bot(f.seat);
    if (b == nullptr) continue;
    ++(IsTimeout(f.reason) ? b->timeouts : b->other_faults);
    ++faults_[std::string(r.seats[f.seat].bot_name)][FaultReasonName(f.reason)];
  }
  for (size_t i = 0; i < r.seats.size() && i < r.scores.size(); ++i) {
    BotFigures* b = bot(int64_t(i));
    ++b->scores[r.scores[i]];
    b->game_points += r.scores[i];
  }
  if (!r.started_at.empty()) {
    const std::string at(r.started_at);
    if (first_started_.empty() || at < first_started_) first_started_ = at;
    if (at > last_started_) last_started_ = at;
  }
  return {};
}

json SectionBuilder::Standings() const {
  json rows = json::array(), bots = json::array();
  const std::vector<int> order = standings_.Order();
  for (int b : order) {
    const std::string& name = standings_.Name(b);
    const int games = standings_.Games(b);
    const auto figures = bots_.find(name);
    bots.push_back(name);
    rows.push_back(
        {{"bot", name},
         {"games", games},
         {"points", standings_.Points(b)},
         {"score", games ? standings_.Points(b) / games : 0.0},
         {"faults", standings_.Faults(b)},
         {"game_points",
          figures == bots_.end() ? 0 : figures->second.game_points}});
  }
  json cross = json::array();
  for (int a : order) {
    json row = json::array();
    for (int b : order) {
      row.push_back(json::array(
          {standings_.PointsAgainst(a, b), standings_.GamesAgainst(a, b)}));
    }
    cross.push_back(row);
  }
  return {{"rows", rows}, {"bots", bots}, {"crosstable", cross}};
}

void SectionBuilder::Ratings(json& data, std::vector<std::string>* notes) {
  auto report = rater_.Rate();
  if (!report) {
    notes->push_back(game_ + " ratings: " + report.error());
    return;
  }
  data["ratings"] = {{"model", report->model},
                     {"replicates", report->bootstrap_replicates},
                     {"average", report->options.average},
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
        row["lower"] = Bound(i.lower, i.lower_prior);
        row["upper"] = Bound(i.upper, i.upper_prior);
      }
    }
  }
  auto history = rater_.RateHistory();
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
  data["history"] = {{"by", history->step.by_round ? "round" : "games"},
                     {"points", points}};
}

json SectionBuilder::Decisions() const {
  json bots = json::object();
  for (const auto& [name, b] : bots_) {
    const DecisionTimes& t = b.times;
    bots[name] = {{"counts", t.CoarseCounts()},
                  {"count", t.count()},
                  {"mean_us", t.mean()},
                  {"p50_us", t.Quantile(0.5)},
                  {"p90_us", t.Quantile(0.9)},
                  {"p99_us", t.Quantile(0.99)},
                  {"max_us", t.max()},
                  {"timeouts", b.timeouts},
                  {"other_faults", b.other_faults},
                  {"struck", b.struck}};
  }
  return {{"bins", DecisionBins()}, {"bots", bots}};
}

json SectionBuilder::Finish(std::vector<std::string>* notes) {
  json data = {{"game", game_}, {"games_count", games_}};
  json standings = Standings();
  data["bots"] = standings["bots"];
  data["standings"] = standings["rows"];
  data["crosstable"] = standings["crosstable"];
  if (games_ > 0) Ratings(data, notes);
  std::set<std::string> reasons;
  for (const auto& [bot, by_reason] : faults_) {
    for (const auto& [reason, n] : by_reason) reasons.insert(reason);
  }
  data["faults"] = {{"reasons", reasons}, {"counts", faults_}};
  data["decisions"] = Decisions();
  json scores = json::object();
  for (const auto& [name, b] : bots_) {
    json pairs = json::array();
    for (const auto& [points, seats] : b.scores) {
      pairs.push_back(json::array({points, seats}));
    }
    scores[name] = pairs;
  }
  data["scores"] = scores;
  data["first_started"] = first_started_;
  data["last_started"] = last_started_;
  data["score_unit"] = "";
  return data;
}

}  // namespace arbiter::report
