#include "arbiter/conformance/check_bot.h"

#include <signal.h>
#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

#include "arbiter/common/splitmix.h"
#include "arbiter/conformance/bot_output.h"
#include "arbiter/conformance/checked_channel.h"
#include "arbiter/conformance/escape.h"
#include "arbiter/conformance/hello_check.h"
#include "arbiter/conformance/situations.h"
#include "arbiter/games/registry.h"
#include "arbiter/match/bot_runner.h"
#include "proto/arbiter/v1/fault_reasons.h"

namespace arbiter::conformance {
namespace {

using Games = std::vector<std::shared_ptr<const game::Game>>;

// The longest fault detail shown (it may quote what the bot sent).
constexpr size_t kMessageBytes = 300;
// How long a killed bot's stream may take to close.
constexpr std::chrono::milliseconds kKillWait{5000};

// The bot's decision (1-based, in its game) that fault `f` happened at; 0
// when it belongs to no decision.
int DecisionOf(const v1::GameRecord& record, const v1::Fault& f) {
  if (f.step() < 0) return 0;
  const auto& steps = record.steps();
  const int upto = std::min(f.step(), steps.size());
  return 1 + int(std::count_if(
                 steps.begin(), steps.begin() + upto,
                 [&](const auto& s) { return s.seat() == f.seat(); }));
}

// "zetema 4 seats (partnerships)" -> "zetema-4-seats-partnerships".
std::string Slug(const std::string& name) {
  std::string slug;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      slug += c;
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The seats of a game: the bot at `bot_seat`, in-process players that
// pick a random legal action (drawn from `rng`) at the others.
std::vector<SeatPlayer> Table(const SeatPlayer& bot, int bot_seat, int seats,
                              SplitMix64& rng) {
  std::vector<SeatPlayer> table;
  for (int i = 0; i < seats; ++i) {
    if (i == bot_seat) {
      table.push_back(bot);
      continue;
    }
    table.push_back({.name = "scripted-" + std::to_string(i),
                     .policy =
                         [&rng](const game::State& state) {
                           return int(rng.Below(state.NumLegalActions()));
                         },
                     .version = "scripted"});
  }
  return table;
}

// What went wrong in the bot's game, or nullopt: an answer to another
// request, else its fault -- except the crash of a process the check
// killed (`killed`), which must be there.
std::optional<Failure> Judge(const MatchResult& played, int bot_seat,
                             const CheckedChannel& checked, bool killed) {
  if (checked.violation()) {
    return Failure{.step = checked.violation()->decision,
                   .message = checked.violation()->message};
  }
  const auto& faults = played.record.result().faults();
  const auto fault =
      std::find_if(faults.begin(), faults.end(),
                   [&](const auto& f) { return f.seat() == bot_seat; });
  if (fault == faults.end()) {
    if (!killed) return std::nullopt;
    return Failure{.message =
                       "its process was killed (SIGKILL) at its first "
                       "decision, yet the game went on as if it ran"};
  }
  if (killed && fault->reason() == v1::FAULT_REASON_CRASH) return std::nullopt;
  return Failure{.step = DecisionOf(played.record, *fault),
                 .message = FaultReasonName(fault->reason()) + ": " +
                            EscapeForTerminal(fault->detail(), kMessageBytes)};
}

class Checker {
 public:
  Checker(const CheckOptions& options, Server& server, sandbox::Sandbox* box,
          std::string dir)
      : options_(options),
        server_(server),
        box_(box),
        dir_(std::move(dir)),
        spec_{.name = "bot",
              .command = options.command,
              .limits = options.limits} {}

  std::expected<Report, std::string> Run();

 private:
  // The Hello situation: fills the report's description of the Hello and
  // the games to check (those of --game when the bot did not connect).
  std::expected<SituationResult, std::string> Hello(Report* report,
                                                    Games* games);
  std::expected<SituationResult, std::string> Play(const Situation& s);
  BotRunner Runner(const std::string& log, const std::string& game) {
    return BotRunner(server_, spec_,
                     {.startup_timeout = options_.startup_timeout,
                      .log_path = log,
                      .sandbox = box_,
                      .game = game});
  }

  const CheckOptions& options_;
  Server& server_;
  sandbox::Sandbox* box_;
  const std::string dir_;
  const BotSpec spec_;
};

std::expected<SituationResult, std::string> Checker::Hello(Report* report,
                                                           Games* games) {
  SituationResult result{.name = "hello"};
  const std::string log = dir_ + "/hello.log";
  BotRunner runner = Runner(log, "");
  SeatPlayer seat = runner.Seat();
  if (!runner.harness_error().empty()) {
    return std::unexpected(runner.harness_error());
  }
  std::vector<std::string> names = options_.games;
  if (seat.channel == nullptr || seat.channel->hello() == nullptr) {
    result.failures.push_back(
        {.message = "the bot did not connect: " +
                    EscapeForTerminal(seat.startup_detail, kMessageBytes)});
  } else {
    const v1::Hello& hello = *seat.channel->hello();
    report->hello = DescribeHello(hello);
    std::vector<std::string> problems = CheckHello(hello);
    names = GamesToCheck(hello, options_.games, &problems);
    for (auto& p : problems) result.failures.push_back({.message = p});
  }
  runner.Stop();
  for (const auto& name : names) {
    auto game = game::LoadGame(name);
    if (!game) return std::unexpected(game.error());
    games->push_back(*game);
  }
  for (auto& f : result.failures) f.bot_output = LastOutput(ReadFile(log));
  return result;
}

std::expected<SituationResult, std::string> Checker::Play(const Situation& s) {
  SituationResult result{.name = s.name};
  const std::string slug = Slug(s.name);
  const std::string log = dir_ + "/" + slug + ".log";
  BotRunner runner = Runner(log, std::string(s.game->Type().Name()));
  CheckedChannel checked;
  // The same deals and scripted moves every time the bot is checked.
  SplitMix64 rng(std::hash<std::string>{}(s.name));
  int game = 0;
  bool killed = false;
  if (s.kind == Kind::kRestart) {
    checked.before_request = [&](int decision) {
      if (game != kKilledGame || decision != 1 || runner.pid() <= 0) return;
      killed = ::kill(runner.pid(), SIGKILL) == 0;
      // The bot dies a moment after its sandbox's outer process: until its
      // stream closes, it could still answer the request.
      const auto deadline = Clock::now() + kKillWait;
      while (killed && checked.IsOpen() && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    };
  }
  for (game = 1; game <= s.games && result.failures.empty(); ++game) {
    SeatPlayer bot = runner.Seat();
    if (!runner.harness_error().empty()) {
      return std::unexpected(runner.harness_error());
    }
    if (bot.channel != nullptr) {
      checked.Begin(bot.channel);
      bot.channel = &checked;
    }
    const int bot_seat = BotSeat(game, s.seats);
    std::vector<SeatPlayer> seats = Table(bot, bot_seat, s.seats, rng);
    const GameSetup setup{
        .game_id = "check-" + slug + "-g" + std::to_string(game),
        .game = s.game,
        .deal = {.num_seats = s.seats, .seed = rng.Next()},
        .time = s.time};
    runner.MarkGame(setup.game_id, bot_seat);
    killed = false;
    auto played = PlayGame(setup, seats);
    if (!played) {
      return std::unexpected(s.name +
                             ": the game cannot be played: " + played.error());
    }
    runner.AfterGame(played->record, bot_seat);
    if (auto failure = Judge(*played, bot_seat, checked, killed)) {
      failure->game = game;
      result.failures.push_back(std::move(*failure));
    }
  }
  const int played_games = game - 1;
  const bool exited = runner.Stop();
  if (s.kind == Kind::kShutdown && !exited && result.failures.empty()) {
    result.failures.push_back(
        {.message = "it did not exit within " +
                    std::to_string(kExitGrace.count()) +
                    " ms of the end of its stream (Error SHUTDOWN, then "
                    "status OK): it had to be sent SIGTERM"});
  }
  for (auto& f : result.failures) f.bot_output = LastOutput(ReadFile(log));
  result.summary = std::to_string(played_games) + " game" +
                   (played_games == 1 ? "" : "s") + ", " +
                   std::to_string(runner.starts()) + " process start" +
                   (runner.starts() == 1 ? "" : "s");
  return result;
}

std::expected<Report, std::string> Checker::Run() {
  Report report{.bot = EscapeForTerminal(options_.command, kMessageBytes)};
  Games games;
  auto hello = Hello(&report, &games);
  if (!hello) return std::unexpected(hello.error());
  const bool connected = !report.hello.empty();
  std::vector<Situation> plan = PlanSituations(games);
  bool stop = !connected || (options_.fail_fast && !hello->passed());
  report.situations.push_back(std::move(*hello));
  for (size_t i = 1; i < plan.size(); ++i) {
    if (stop) {
      report.situations.push_back({.name = plan[i].name, .skipped = true});
      continue;
    }
    auto played = Play(plan[i]);
    if (!played) return std::unexpected(played.error());
    stop = options_.fail_fast && !played->passed();
    report.situations.push_back(std::move(*played));
  }
  return report;
}

}  // namespace

std::expected<Report, std::string> CheckBot(const CheckOptions& options) {
  const BotSpec spec{.name = "bot", .command = options.command};
  if (auto ok = CheckBotCommand(spec); !ok) return std::unexpected(ok.error());
  for (const auto& name : options.games) {
    if (auto type = game::FindGame(name); !type) {
      return std::unexpected("--game: " + type.error());
    }
  }
  char tmpl[] = "/tmp/arbiter-check-bot-XXXXXX";
  if (::mkdtemp(tmpl) == nullptr) {
    return std::unexpected(std::string("cannot make a directory in /tmp"));
  }
  const std::string dir = tmpl;
  struct Cleanup {
    std::string dir;
    ~Cleanup() { std::filesystem::remove_all(dir); }
  } cleanup{dir};
  if (options.on_temp_dir) options.on_temp_dir(dir);
  auto box =
      sandbox::Sandbox::Start({.mode = options.sandbox, .hidden = {dir}});
  if (!box) return std::unexpected(box.error());
  auto server = Server::Start({});
  if (!server) return std::unexpected(server.error());
  if (options.on_temp_dir) options.on_temp_dir((*server)->socket_dir());
  (*box)->AddHidden((*server)->socket_dir());
  Checker checker(options, **server, box->get(), dir);
  auto report = checker.Run();
  if (report && options.sandbox != sandbox::Mode::kFull) {
    report->sandbox = (*box)->Describe();
  }
  (*server)->Shutdown();
  return report;
}

}  // namespace arbiter::conformance
