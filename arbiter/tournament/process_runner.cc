#include "arbiter/tournament/process_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "arbiter/common/run_log.h"
#include "arbiter/match/match.h"
#include "arbiter/process/affinity.h"
#include "arbiter/process/bot_process.h"
#include "arbiter/tournament/builtin_runner.h"
#include "arbiter/tournament/game_setup.h"
#include "arbiter/tournament/placement.h"
#include "proto/arbiter/v1/fault_reasons.h"

namespace arbiter::tournament {
namespace {

// "memory 1024 MB, 64 processes, /tmp 64 MB, CPU weight 100, writes /x".
std::string LimitsText(const sandbox::Limits& limits) {
  std::string text =
      limits.memory_bytes == 0
          ? "no memory limit"
          : fmt::format("memory {} MB", limits.memory_bytes >> 20);
  text += limits.processes == 0
              ? ", no process limit"
              : fmt::format(", {} processes", limits.processes);
  text += fmt::format(", /tmp {} MB", limits.tmp_bytes >> 20);
  if (limits.cpu_weight > 0) {
    text += fmt::format(", CPU weight {}", limits.cpu_weight);
  }
  for (const auto& dir : limits.writable) text += ", writes " + dir;
  for (const auto& path : limits.read_only) text += ", reads " + path;
  return text;
}

// The sandbox as the run log tells it: its mode, what it gives, each
// guarantee it lacks, and every bot's limits.
void LogSandbox(const sandbox::Sandbox& box, const TournamentConfig& config) {
  const std::string described = box.Describe();
  RunLog().info("{}", described.substr(0, described.find('\n')));
  for (const std::string& missing : box.missing()) {
    RunLog().warn("sandbox: missing: {}", missing);
  }
  if (box.mode() == sandbox::Mode::kNone) return;
  for (const BotConfig& bot : config.bots) {
    RunLog().info("sandbox of bot '{}': {}", bot.name, LimitsText(bot.sandbox));
  }
}

// A game as the run log tells it: at debug its result, and a warning for
// each fault.
void LogGame(const v1::GameRecord& record) {
  const auto& r = record.result();
  for (const v1::Fault& f : r.faults()) {
    const int seat = f.seat();
    RunLog().warn("game {}: bot '{}' (seat {}): {} {}: {}", record.game_id(),
                  seat >= 0 && seat < record.seats_size()
                      ? LogText(record.seats(seat).bot_name(), 100)
                      : "?",
                  seat, FaultReasonName(f.reason()), FaultStepText(f.step()),
                  LogText(f.detail(), 1000));
  }
  if (!RunLog().should_log(spdlog::level::debug)) return;
  std::string seats;
  for (const auto& seat : record.seats()) {
    seats +=
        fmt::format("{}{} {} (#{})", seats.empty() ? "" : ", ",
                    LogText(seat.bot_name(), 100),
                    seat.seat() < r.scores_size() ? r.scores(seat.seat()) : 0,
                    seat.seat() < r.places_size() ? r.places(seat.seat()) : 0);
  }
  RunLog().debug("game {} ended: {}, {} steps: {}", record.game_id(),
                 v1::EndReason_Name(r.end_reason()), record.steps_size(),
                 seats);
}

}  // namespace

BotSpec SpecOf(const TournamentConfig& config, const BotConfig& bot) {
  return {.name = bot.name,
          .command = bot.command,
          .cwd = bot.cwd,
          .shared_dir = config.base_dir.string(),
          .env = bot.env,
          .limits = bot.sandbox};
}

std::expected<void, std::string> CheckBots(const TournamentConfig& config) {
  for (size_t i = 0; i < config.bots.size(); ++i) {
    const BotConfig& bot = config.bots[i];
    if (bot.command == kBuiltinRandom) continue;
    std::error_code ec;
    if (!bot.cwd.empty() && !std::filesystem::is_directory(bot.cwd, ec)) {
      return std::unexpected(
          fmt::format("bots[{}].cwd: '{}' is not a directory", i, bot.cwd));
    }
    if (auto ok = CheckBotCommand(SpecOf(config, bot)); !ok) {
      return std::unexpected(
          fmt::format("bots[{}].command: {}", i, ok.error()));
    }
    sandbox::Limits limits = bot.sandbox;
    if (auto ok = sandbox::CheckLimits(
            &limits, std::filesystem::current_path().string());
        !ok) {
      return std::unexpected(fmt::format("bots[{}].sandbox.{}", i, ok.error()));
    }
  }
  return {};
}

std::expected<std::unique_ptr<ProcessRunner>, std::string> ProcessRunner::Start(
    const TournamentConfig& config, std::shared_ptr<const game::Game> game,
    ProcessRunnerOptions options) {
  if (auto ok = CheckBots(config); !ok) return std::unexpected(ok.error());
  if (!options.log_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options.log_dir, ec);
    if (ec) {
      return std::unexpected(fmt::format(
          "cannot create {}: {}", options.log_dir.string(), ec.message()));
    }
  }
  auto box = sandbox::Sandbox::Start(
      {.mode = config.sandbox_mode, .hidden = options.hidden});
  if (!box) {
    RunLog().error("sandbox {}: cannot start: {}",
                   sandbox::ToString(config.sandbox_mode), box.error());
    return std::unexpected(box.error());
  }
  LogSandbox(**box, config);
  auto server = Server::Start({.listen = options.listen});
  if (!server) {
    RunLog().error("server: cannot start: {}", server.error());
    return std::unexpected(server.error());
  }
  RunLog().info("server: bots connect to {}", (*server)->address());
  (*box)->AddHidden((*server)->socket_dir());
  std::unique_ptr<ProcessRunner> runner(
      new ProcessRunner(config, std::move(game), std::move(options),
                        std::move(*box), std::move(*server)));
  if (!runner->options_.start_early) return runner;
  if (auto ok = runner->StartEveryBot(); !ok) {
    return std::unexpected(ok.error());
  }
  return runner;
}

std::expected<void, std::string> ProcessRunner::StartEveryBot() {
  // One process of every bot, side by side, before the first game: a bot
  // whose Hello does not declare the game (or whose sandbox cannot be set
  // up) stops the run before anything is played or recorded. A bot that
  // merely fails to start is left to the games, which record it as a
  // startup fault. The processes started here play the first games.
  std::vector<std::string> errors(config_.bots.size());
  const std::vector<int> cpus = SlotCpus();
  const int cpu = cpus.empty() ? -1 : cpus[0];
  {
    std::vector<std::jthread> starts;
    for (int bot = 0; bot < int(config_.bots.size()); ++bot) {
      starts.emplace_back([this, bot, cpu, &errors] {
        BotRunner* runner = Acquire(bot, cpu, /*group=*/"");
        runner->Seat();
        errors[bot] = runner->harness_error();
        Release(bot, runner);
      });
    }
  }
  std::string error;
  for (const std::string& e : errors) {
    if (!e.empty()) error += (error.empty() ? "" : "; ") + e;
  }
  if (!error.empty()) {
    RunLog().error("the run is refused before any game: {}",
                   LogText(error, 2000));
    return std::unexpected(error);
  }
  return {};
}

ProcessRunner::ProcessRunner(const TournamentConfig& config,
                             std::shared_ptr<const game::Game> game,
                             ProcessRunnerOptions options,
                             std::unique_ptr<sandbox::Sandbox> sandbox,
                             std::unique_ptr<Server> server)
    : config_(config),
      game_(std::move(game)),
      options_(std::move(options)),
      sandbox_(std::move(sandbox)),
      server_(std::move(server)),
      runners_(config.bots.size()),
      idle_(config.bots.size()) {}

ProcessRunner::~ProcessRunner() {
  // Goodbye to all first, so that their exit graces run side by side.
  for (auto& pool : runners_) {
    for (auto& runner : pool) runner->Goodbye();
  }
  for (auto& pool : runners_) {
    for (auto& runner : pool) runner->Stop();
  }
  server_->Shutdown();
}

std::vector<int> ProcessRunner::SlotCpus() const {
  return GameCpus(config_.affinity,
                  Concurrency(options_.concurrency, config_.concurrency));
}

void ProcessRunner::Prepare(const std::vector<const ScheduledGame*>& first) {
  if (!options_.start_early) return;
  const std::vector<int> cpus = SlotCpus();
  std::vector<std::pair<int, BotRunner*>> taken;  // (bot, runner)
  {
    std::vector<std::jthread> starts;
    auto take = [&](int bot, int cpu, std::string_view group) {
      bool fresh = false;
      taken.emplace_back(bot, Acquire(bot, cpu, group, &fresh));
      // Only new processes: an idle one that ended meanwhile is a fault
      // of the game that seats it next.
      if (fresh) starts.emplace_back([r = taken.back().second] { r->Seat(); });
    };
    // f(bot, cpu, group) for every seat of every slot's first game.
    auto each_seat = [&](auto f) {
      for (size_t slot = 0; slot < first.size(); ++slot) {
        if (first[slot] == nullptr) continue;
        const int cpu = slot < cpus.size() ? cpus[slot] : -1;
        for (int bot : first[slot]->seat_bots)
          f(bot, cpu, first[slot]->duplicate_group);
      }
    };
    each_seat(take);
    // Then those of the other seatings of their deals, which none of the
    // first games' processes may play.
    std::vector<int> others =
        OtherSeatingSeats(first, int(config_.bots.size()));
    each_seat([&](int bot, int cpu, std::string_view group) {
      for (; others[bot] > 0; --others[bot]) take(bot, cpu, group);
    });
  }
  // A failure to start is met again, and reported, by the game itself.
  for (const auto& [bot, runner] : taken) Release(bot, runner);
}

BotRunner* ProcessRunner::Acquire(int bot, int cpu, std::string_view group,
                                  bool* fresh) {
  BotRunner* runner = nullptr;
  {
    std::lock_guard lock(mutex_);
    auto& idle = idle_[bot];
    // Of the free runners that played no seating of the deal: the last
    // freed on this CPU, else the last freed. A free process on another CPU
    // is moved rather than a new one started, so that a bot has no more
    // processes than seats at once (and seatings of one deal), pinned or
    // not.
    auto may = [&](BotRunner* r) { return seatings_.MayPlay(r, group); };
    auto it = std::find_if(idle.rbegin(), idle.rend(), [&](BotRunner* r) {
      return r->cpu() == cpu && may(r);
    });
    if (it == idle.rend()) it = std::find_if(idle.rbegin(), idle.rend(), may);
    if (it == idle.rend()) {
      if (fresh != nullptr) *fresh = true;
      return NewRunner(bot, cpu);
    }
    runner = *it;
    idle.erase(std::next(it).base());
  }
  if (runner->cpu() != cpu) runner->MoveTo(cpu);  // outside the lock: /proc
  return runner;
}

BotRunner* ProcessRunner::NewRunner(int bot, int cpu) {
  const BotConfig& config = config_.bots[bot];
  BotSpec spec = SpecOf(config_, config);
  BotRunnerOptions options;
  options.startup_timeout =
      spec.remote() ? options_.connect_timeout : options_.startup_timeout;
  options.log_limit_bytes = options_.log_limit_bytes;
  options.sandbox = sandbox_.get();
  options.game = std::string(game_->Type().Name());
  options.cpu = cpu;
  if (!options_.log_dir.empty()) {
    const size_t k = runners_[bot].size() + 1;
    options.log_path =
        (options_.log_dir / (k == 1 && options_.plain_first_log
                                 ? fmt::format("{}.log", config.name)
                                 : fmt::format("{}.{}.log", config.name, k)))
            .string();
  }
  runners_[bot].push_back(
      std::make_unique<BotRunner>(*server_, std::move(spec), options));
  return runners_[bot].back().get();
}

void ProcessRunner::Release(int bot, BotRunner* runner) {
  std::lock_guard lock(mutex_);
  idle_[bot].push_back(runner);
}

std::expected<PlayedGame, std::string> ProcessRunner::Run(
    const ScheduledGame& game) {
  const int n = int(game.seat_bots.size());
  GameSetup setup = SetupFor(config_, game_, game);
  setup.arbiter_version = server_->arbiter_version();
  // The CPU this game's thread is pinned to, if any: its bots join it.
  const int cpu = PinnedCpu();
  std::vector<BotRunner*> runners;
  std::vector<SeatPlayer> seats;
  std::string harness_error;
  for (int s = 0; s < n && harness_error.empty(); ++s) {
    runners.push_back(Acquire(game.seat_bots[s], cpu, game.duplicate_group));
    seats.push_back(runners.back()->Seat());
    harness_error = runners.back()->harness_error();
  }
  if (!harness_error.empty()) {
    // No fault of the bots': the game is not played (it is played on
    // resume).
    for (size_t s = 0; s < runners.size(); ++s) {
      Release(game.seat_bots[s], runners[s]);
    }
    RunLog().error("game {} not played (played again on resume): {}",
                   game.game_id, LogText(harness_error, 2000));
    return std::unexpected("game " + game.game_id +
                           " not played: " + harness_error);
  }
  {
    // Before any runner is free again: none of them plays another seating
    // of this deal.
    std::lock_guard lock(mutex_);
    const std::vector<SeatingLedger::Holder> holders(runners.begin(),
                                                     runners.end());
    seatings_.Play(game.duplicate_group, game.seatings, holders);
  }
  for (int s = 0; s < n; ++s) runners[s]->MarkGame(setup.game_id, s);
  RunLog().debug("game {} started", setup.game_id);
  auto played = PlayGame(setup, seats);
  if (played) LogGame(played->record);
  for (int s = 0; s < n; ++s) {
    if (played) runners[s]->AfterGame(played->record, s);
    Release(game.seat_bots[s], runners[s]);
  }
  if (!played) {
    RunLog().error("game {} could not be played: {}", setup.game_id,
                   played.error());
    return std::unexpected(played.error());
  }
  return PlayedGameOf(std::move(played->record));
}

std::string ProcessRunner::SandboxSummary() const {
  if (!sandbox_->missing().empty()) return sandbox_->Describe();
  return sandbox_->Describe() + ": every guarantee of docs/security.md";
}

}  // namespace arbiter::tournament
