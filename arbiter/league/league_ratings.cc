#include "arbiter/league/league_ratings.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

namespace arbiter::league {
namespace {

using nlohmann::json;
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

ratings::Game RatingGameOf(const records::RecordSummary& s) {
  ratings::Game game{.id = s.game_id,
                     .duplicate_group = s.duplicate_group,
                     .round = s.round,
                     .source = s.game_id};
  std::set<int> teams(s.teams.begin(), s.teams.end());
  const bool partners = !s.teams.empty() && teams.size() < s.teams.size();
  for (size_t i = 0; i < s.bots.size(); ++i) {
    game.seats.push_back({.player = s.bots[i],
                          .team = partners ? s.teams[i] : -1,
                          .place = i < s.places.size() ? s.places[i] : 1});
  }
  return game;
}

LeagueRatings::LeagueRatings() : fit_(ratings::Options{.bootstrap = 0}) {}

int LeagueRatings::IdOf(const std::string& bot) {
  const auto [it, added] = ids_.emplace(bot, int(names_.size()));
  if (added) names_.push_back(bot);
  return it->second;
}

std::expected<void, std::string> LeagueRatings::Add(
    const records::RecordSummary& s) {
  const ratings::Game game = RatingGameOf(s);
  // Counted whether the fit takes it or not: it was played.
  ++games_;
  max_batch_ = std::max(max_batch_, s.round);
  for (const std::string& bot : s.bots) ++games_of_[bot];
  // A duplicate deal set is one encounter, however many seatings it has.
  if (s.duplicate_group.empty() || groups_.insert(s.duplicate_group).second) {
    std::vector<int> table, teams;
    for (const auto& seat : game.seats) {
      table.push_back(IdOf(seat.player));
      teams.push_back(seat.team);
    }
    met_.Add(table, teams);
  }
  return fit_.Add(game);
}

std::expected<void, std::string> LeagueRatings::Refit() {
  if (fit_.games() == 0) return {};
  return fit_.Refit();
}

ratings::IncrementalRatings::Estimate LeagueRatings::EstimateOf(
    const std::string& bot) const {
  if (fit_.games() > 0) {
    for (const auto& e : fit_.estimates()) {
      if (e.name == bot && e.games > 0) return e;
    }
  }
  const auto it = games_of_.find(bot);
  return {.name = bot,
          .elo = 1500,
          .sd = kInf,
          .games = it == games_of_.end() ? 0 : it->second};
}

std::string HistoryLine(const HistoryPoint& point) {
  json bots = json::array();
  for (const auto& e : point.bots) {
    bots.push_back(
        {{"bot", e.name},
         {"elo", std::round(e.elo * 10) / 10},
         // JSON has no infinity: an unbounded rating has no sd.
         {"sd", std::isfinite(e.sd) ? json(std::round(e.sd * 10) / 10)
                                    : json(nullptr)},
         {"games", e.games}});
  }
  return json{{"batch", point.batch},
              {"time", point.time},
              {"games", point.games},
              {"bots", bots}}
      .dump();
}

std::vector<HistoryPoint> ReadHistory(const std::filesystem::path& dir,
                                      int* skipped) {
  std::vector<HistoryPoint> points;
  int lines = 0;
  std::ifstream in(dir / kHistoryFile);
  for (std::string line; std::getline(in, line); ++lines) {
    const json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) continue;  // cut short by a kill
    HistoryPoint point;
    try {
      point.batch = j.at("batch").get<int>();
      point.time = j.at("time").get<std::string>();
      point.games = j.at("games").get<int64_t>();
      for (const json& b : j.at("bots")) {
        point.bots.push_back(
            {.name = b.at("bot").get<std::string>(),
             .elo = b.at("elo").get<double>(),
             .sd = b.at("sd").is_null() ? kInf : b.at("sd").get<double>(),
             .games = b.at("games").get<int64_t>()});
      }
    } catch (const json::exception&) {
      continue;
    }
    points.push_back(std::move(point));
  }
  if (skipped != nullptr) *skipped = lines - int(points.size());
  return points;
}

std::expected<void, std::string> AppendHistory(const std::filesystem::path& dir,
                                               const HistoryPoint& point) {
  const std::filesystem::path path = dir / kHistoryFile;
  std::string line = HistoryLine(point) + "\n";
  // A line cut short by a kill stays a line of its own (and is skipped).
  std::error_code ec;
  if (const auto size = std::filesystem::file_size(path, ec); !ec && size > 0) {
    std::ifstream in(path, std::ios::binary);
    in.seekg(std::streamoff(size - 1));
    if (in.get() != '\n') line.insert(0, "\n");
  }
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    return std::unexpected(fmt::format("{}: cannot open", path.string()));
  }
  const bool ok =
      ::write(fd, line.data(), line.size()) == ssize_t(line.size()) &&
      ::fsync(fd) == 0;
  ::close(fd);
  if (!ok)
    return std::unexpected(fmt::format("{}: cannot write", path.string()));
  return {};
}

}  // namespace arbiter::league
