#include "ratings/collector.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace ratings {

Collector::Collector(const CollectorOptions& options)
    : options_(options),
      builder_({.first_seat_advantage = options.first_seat_advantage,
                .pairwise = options.pairwise,
                .keys = options.history != HistoryKey::kNone,
                .stream = options.stream}),
      stats_(options.crosstable) {}

std::expected<void, GameError> Collector::Add(const GameView& game) {
  const size_t n = game.seats.size();
  if (n < 2) {
    return std::unexpected(GameError{
        .message = fmt::format("expected at least 2 seats, got {}", n)});
  }
  if (n > kMaxSeats) {
    return std::unexpected(GameError{
        .message = fmt::format("{} seats; at most {}", n, kMaxSeats)});
  }
  ids_.resize(n);
  for (size_t s = 0; s < n; ++s) {
    auto id = names_.Intern(game.seats[s].player);
    if (!id) {
      return std::unexpected(GameError{.field = GameField::kPlayer,
                                       .seat = static_cast<int>(s),
                                       .message = "the name " + id.error()});
    }
    ids_[s] = *id;
  }
  for (const FaultView& fault : game.faults) {
    if (fault.seat < 0 || static_cast<size_t>(fault.seat) >= n) {
      return std::unexpected(GameError{
          .message = fmt::format("a fault names seat {}, not a seat of the "
                                 "game",
                                 fault.seat)});
    }
    if (auto ok = CheckName(fault.reason); !ok) {
      return std::unexpected(
          GameError{.message = "a fault reason " + ok.error()});
    }
  }
  // Sides: partners (same team >= 0) form one; everyone else is alone.
  unit_of_seat_.resize(n);
  unit_team_.clear();
  for (size_t s = 0; s < n; ++s) {
    const int team = game.seats[s].team;
    size_t u = unit_team_.size();
    if (team >= 0) {
      u = std::find(unit_team_.begin(), unit_team_.end(), team) -
          unit_team_.begin();
    }
    if (u == unit_team_.size()) unit_team_.push_back(team);
    unit_of_seat_[s] = static_cast<uint32_t>(u);
  }
  // A bot may fill several seats of its own side (copies of one bot are
  // that bot), never seats of two sides: its games against itself carry no
  // information about its strength.
  for (size_t t = 1; t < n; ++t) {
    for (size_t s = 0; s < t; ++s) {
      if (ids_[s] == ids_[t] && unit_of_seat_[s] != unit_of_seat_[t]) {
        return std::unexpected(GameError{
            .field = GameField::kPlayer,
            .seat = static_cast<int>(t),
            .message = fmt::format(
                "'{}' plays seat {} too, on another side: a bot's games "
                "against itself cannot be rated",
                game.seats[t].player, s)});
      }
    }
  }
  const size_t sides = unit_team_.size();
  if (sides < 2) {
    return std::unexpected(
        GameError{.message = "every seat is on one team: no opponents"});
  }
  // Members of each side, distinct and sorted, in one buffer.
  members_.clear();
  units_.assign(sides, UnitView{.place = std::numeric_limits<int>::max()});
  ranges_.resize(sides);
  for (size_t u = 0; u < sides; ++u) {
    const size_t begin = members_.size();
    for (size_t s = 0; s < n; ++s) {
      if (unit_of_seat_[s] != u) continue;
      members_.push_back(ids_[s]);
      units_[u].place = std::min(units_[u].place, game.seats[s].place);
      units_[u].moved_first =
          units_[u].moved_first || game.seats[s].moved_first;
    }
    std::sort(members_.begin() + begin, members_.end());
    members_.erase(std::unique(members_.begin() + begin, members_.end()),
                   members_.end());
    ranges_[u] = {begin, members_.size() - begin};
  }
  for (size_t u = 0; u < sides; ++u) {
    units_[u].players = std::span<const uint32_t>(members_).subspan(
        ranges_[u].first, ranges_[u].second);
  }
  for (size_t u = 0; u < sides; ++u) {
    const auto tied = std::count_if(
        units_.begin(), units_.end(),
        [&](const UnitView& v) { return v.place == units_[u].place; });
    if (tied > kMaxTiedSides) {
      const auto seat = std::find(unit_of_seat_.begin(), unit_of_seat_.end(),
                                  static_cast<uint32_t>(u)) -
                        unit_of_seat_.begin();
      return std::unexpected(GameError{
          .field = GameField::kPlace,
          .seat = static_cast<int>(seat),
          .message = fmt::format("{} sides tie for place {}; at most {} can",
                                 tied, units_[u].place, kMaxTiedSides)});
    }
  }

  uint32_t sample = num_samples_;
  if (options_.stream) {
    // The caller resamples by the games' ids: no table of groups.
  } else if (game.duplicate_group.empty()) {
    ++num_samples_;
  } else {
    const auto [it, inserted] =
        groups_.try_emplace(std::string(game.duplicate_group), num_samples_);
    if (inserted) ++num_samples_;
    sample = it->second;
  }
  uint32_t key = 0;
  if (options_.history == HistoryKey::kRound) {
    key = static_cast<uint32_t>(std::clamp<int64_t>(game.round, 0, 1 << 30));
  } else if (options_.history == HistoryKey::kGameIndex) {
    key = static_cast<uint32_t>(games_);
  }
  if (options_.history != HistoryKey::kNone) game_keys_.push_back(key);
  if (!options_.stream) {
    game_players_.insert(game_players_.end(), members_.begin(), members_.end());
    game_player_begin_.push_back(static_cast<uint32_t>(game_players_.size()));
  }
  builder_.AddGame(units_, sample, key);
  for (size_t s = 0; s < n; ++s) {
    const SeatView& seat = game.seats[s];
    BotStats& bot = stats_.Bot(ids_[s]);
    if (seat.points) bot.points += *seat.points;
    bot.decisions += seat.decisions;
    bot.decision_us_total += seat.decision_us_total;
    bot.decision_us_max = std::max(bot.decision_us_max, seat.decision_us_max);
  }
  for (const FaultView& fault : game.faults) {
    ++stats_.Bot(ids_[fault.seat]).faults[std::string(fault.reason)];
  }
  stats_.AddSides(units_);
  ++games_;
  max_sides_ = std::max(max_sides_, static_cast<int>(sides));
  return {};
}

Collected Collector::Finish() {
  Collected out;
  out.data = builder_.Finish(names_.size(),
                             options_.stream ? uint32_t(games_) : num_samples_);
  out.names = names_.names();
  out.bots = std::move(stats_.bots());
  out.bots.resize(names_.size());
  out.crosstable = stats_.Crosstable();
  out.games = games_;
  out.max_sides = max_sides_;
  out.game_keys = std::move(game_keys_);
  out.game_player_begin = std::move(game_player_begin_);
  out.game_players = std::move(game_players_);
  return out;
}

}  // namespace ratings
