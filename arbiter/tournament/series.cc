#include "arbiter/tournament/series.h"

#include <algorithm>
#include <mutex>

#include "arbiter/records/run_ids.h"
#include "arbiter/tournament/game_pool.h"

namespace arbiter::tournament {

ScheduledGame SeriesGame(const Series& series, int g) {
  const uint64_t number[] = {uint64_t(g + 1)};
  ScheduledGame game;
  game.index = g;
  game.game_id = records::RunGameId(series.tag, "g" + std::to_string(g + 1));
  game.round = 0;
  game.deal_seed = DealSeedOf(series.key, series.seed, number);
  game.first_dealer = -1;  // drawn from the seed
  for (int s = 0; s < series.players; ++s) {
    game.seat_bots.push_back((s + g) % series.players % series.bots);
    game.teams.push_back(s);  // unused by match play: the ruleset says
  }
  return game;
}

TournamentConfig SeriesConfig(const std::vector<BotSpec>& bots,
                              sandbox::Mode sandbox_mode,
                              const TimeControl& time, FaultPolicy policy) {
  TournamentConfig config;
  config.name = "";
  config.concurrency = 1;
  config.affinity = false;
  config.time_control = time;
  config.fault_policy = policy;
  config.sandbox_mode = sandbox_mode;
  for (const BotSpec& bot : bots) {
    config.bots.push_back({.name = bot.name,
                           .command = bot.command,
                           .cwd = bot.cwd,
                           .env = bot.env,
                           .sandbox = bot.limits});
  }
  return config;
}

void Tally(const arbiter::v1::GameRecord& record, SeriesStats* stats) {
  const auto& r = record.result();
  for (const auto& seat : record.seats()) {
    auto& s = (*stats)[seat.bot_name()];
    ++s.games;
    if (r.places(seat.seat()) == 1) ++s.wins;
    s.points += r.scores(seat.seat());
  }
  for (const auto& f : r.faults()) {
    auto& s = (*stats)[record.seats(f.seat()).bot_name()];
    ++s.faults[f.reason()];
    if (f.reason() != arbiter::v1::FAULT_REASON_STARTUP) continue;
    if (s.never_started.empty()) s.first_startup_fault = f.detail();
    // A bot in two seats of a game may fail to start in both.
    if (s.never_started.empty() || s.never_started.back() != record.game_id())
      s.never_started.push_back(record.game_id());
  }
  for (const auto& step : record.steps()) {
    if (step.strike() && step.request_id() == 0) continue;  // not asked
    auto& s = (*stats)[record.seats(step.seat()).bot_name()];
    ++s.decisions;
    s.total_us += step.decision_us();
    s.max_us = std::max(s.max_us, double(step.decision_us()));
  }
}

namespace {

// The series as the pool plays it. Every member after `mu_` is guarded by
// it: the pool asks for games under its own lock and reports them outside
// it.
class SeriesPlay {
 public:
  SeriesPlay(
      const Series& series, BackgroundWriter& writer,
      const std::function<void(int, const arbiter::v1::GameRecord&)>& on_game)
      : series_(series), writer_(writer), on_game_(on_game) {}

  std::expected<SeriesStats, std::string> Play(GameRunner& runner) {
    const GameFeed feed{
        .count = size_t(std::max(0, series_.games)),
        .game = [this](size_t i) { return Game(int(i)); },
        .stop =
            [this] {
              std::lock_guard lock(mu_);
              return !error_.empty();
            },
        .done =
            [this](const ScheduledGame& game,
                   std::expected<PlayedGame, std::string> played) {
              Done(game, std::move(played));
            }};
    // One game at a time: the games are told, and recorded, in order.
    PlayGames(runner, feed, /*slots=*/1, /*affinity=*/false);
    std::lock_guard lock(mu_);
    if (auto ok = writer_.Flush(); !ok && error_.empty()) error_ = ok.error();
    if (!error_.empty()) return std::unexpected(error_);
    return std::move(stats_);
  }

 private:
  // Only the games asked for and not yet played are kept.
  const ScheduledGame* Game(int g) {
    std::lock_guard lock(mu_);
    return &games_.emplace(g, SeriesGame(series_, g)).first->second;
  }

  void Done(const ScheduledGame& game,
            std::expected<PlayedGame, std::string> played) {
    std::lock_guard lock(mu_);
    const int g = game.index;
    if (error_.empty()) {
      if (!played) {
        // `arbiter play` has always said it so (ProcessRunner names the
        // game, as a tournament needs).
        const std::string named = "game " + game.game_id + " not played: ";
        error_ = played.error();
        if (error_.starts_with(named)) {
          error_ = "the game cannot be played: " + error_.substr(named.size());
        }
      } else if (std::string error = writer_.error(); !error.empty()) {
        error_ = error;
      } else {
        writer_.Append(std::move(played->line));
        Tally(played->record, &stats_);
        on_game_(g + 1, played->record);
      }
    }
    games_.erase(g);  // `game` with it
  }

  const Series& series_;
  BackgroundWriter& writer_;
  const std::function<void(int, const arbiter::v1::GameRecord&)>& on_game_;
  std::mutex mu_;
  std::map<int, ScheduledGame> games_;
  SeriesStats stats_;
  std::string error_;
};

}  // namespace

std::expected<SeriesStats, std::string> PlaySeries(
    GameRunner& runner, const Series& series, BackgroundWriter& writer,
    const std::function<void(int number, const arbiter::v1::GameRecord&)>&
        on_game) {
  return SeriesPlay(series, writer, on_game).Play(runner);
}

}  // namespace arbiter::tournament
