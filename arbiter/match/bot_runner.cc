#include "arbiter/match/bot_runner.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <fmt/format.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "arbiter/common/game_log_marker.h"
#include "arbiter/common/run_log.h"

namespace arbiter {

std::expected<BotSpec, std::string> ParseBotSpec(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    return std::unexpected(
        "--bot wants NAME=COMMAND (or NAME=@ for a remote "
        "bot), got '" +
        text + "'");
  }
  BotSpec spec{.name = text.substr(0, eq), .command = text.substr(eq + 1)};
  for (char c : spec.name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' &&
        c != '.') {
      return std::unexpected("bot name '" + spec.name +
                             "': use letters, digits, '_', '-' and '.'");
    }
  }
  return spec;
}

std::expected<void, std::string> CheckBotCommand(const BotSpec& spec) {
  if (spec.remote()) return {};
  auto argv = SplitCommand(spec.command);
  if (!argv) return std::unexpected("bot '" + spec.name + "': " + argv.error());
  std::error_code ec;
  if (!spec.cwd.empty() && !std::filesystem::is_directory(spec.cwd, ec)) {
    return std::unexpected("bot '" + spec.name + "': working directory '" +
                           spec.cwd + "' is not a directory");
  }
  if (auto exe = ResolveExecutable((*argv)[0], spec.cwd); !exe) {
    return std::unexpected("bot '" + spec.name + "': " + exe.error());
  }
  return {};
}

namespace {

// `dir` absolute ("": the arbiter's working directory), normalized, with
// no trailing slash.
std::string AbsoluteDir(const std::string& dir) {
  std::string out = std::filesystem::absolute(dir.empty() ? "." : dir)
                        .lexically_normal()
                        .string();
  if (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

}  // namespace

std::string SharedDirOf(const BotSpec& spec) {
  return AbsoluteDir(spec.shared_dir);
}

std::expected<sandbox::BotLayout, std::string> LayoutOf(const BotSpec& spec) {
  auto argv = SplitCommand(spec.command);
  if (!argv) return std::unexpected(argv.error());
  const char* path = std::getenv("PATH");
  auto located = sandbox::LocateBot(*argv, AbsoluteDir(spec.cwd),
                                    SharedDirOf(spec), path ? path : "");
  if (located) return *located;
  // No such program: run as written, so that the spawn says why.
  return sandbox::BotLayout{.argv = *argv, .folder = AbsoluteDir(spec.cwd)};
}

BotRunner::BotRunner(Server& server, BotSpec spec, BotRunnerOptions options)
    : server_(server), spec_(std::move(spec)), options_(std::move(options)) {}

SpawnError BotRunner::NotConnected(const std::string& detail,
                                   bool game_refused) {
  if (!game_refused) return {detail};
  // Before the bot ever started, a Hello that does not declare the game is
  // the run's mistake (the wrong bot or game): final, and no game's. After,
  // it is what this process of the bot did: this game's startup fault.
  if (server_.Welcomed(spec_.name)) {
    return {RefusalDetail(v1::ERROR_CODE_GAME_NOT_DECLARED, detail)};
  }
  game_refused_ = true;
  refusal_ = detail;
  return {detail, true};
}

std::expected<void, SpawnError> BotRunner::Connect() {
  if (game_refused_) return std::unexpected(SpawnError{refusal_, true});
  if (spec_.remote()) {
    const std::string token = server_.IssueToken(spec_.name, options_.game);
    const auto deadline = Clock::now() + options_.startup_timeout;
    std::fprintf(stderr,
                 "arbiter: waiting for bot '%s': connect to %s with "
                 "ZETEMA_TOKEN=%s\n",
                 spec_.name.c_str(), server_.address().c_str(), token.c_str());
    RunLog().info("bot '{}': waiting for it to connect to {}", spec_.name,
                  server_.address());
    bool game_refused = false;
    auto channel = server_.WaitForBot(token, deadline, nullptr, &game_refused);
    if (!channel) {
      server_.RevokeToken(token);
      return std::unexpected(NotConnected(channel.error(), game_refused));
    }
    channel_ = *channel;
    RunLog().info("bot '{}' connected", spec_.name);
    return {};
  }
  // A sandbox that could not be set up may have met a passing shortage
  // (processes, memory): one more try before calling it the harness's.
  std::expected<void, SpawnError> spawned;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const std::string token = server_.IssueToken(spec_.name, options_.game);
    spawned = Spawn(token);
    if (spawned || !spawned.error().harness || game_refused_) break;
  }
  return spawned;
}

std::expected<void, SpawnError> BotRunner::Spawn(const std::string& token) {
  auto fail = [&](SpawnError e) {
    server_.RevokeToken(token);
    return std::unexpected(std::move(e));
  };
  const auto deadline = Clock::now() + options_.startup_timeout;
  auto layout = LayoutOf(spec_);
  if (!layout) return fail({layout.error()});
  std::unique_ptr<sandbox::Jail> jail;
  if (options_.sandbox != nullptr) {
    auto made = options_.sandbox->NewJail({.bot_name = spec_.name,
                                           .limits = spec_.limits,
                                           .shared_dir = SharedDirOf(spec_)});
    if (!made) return fail({"sandbox: " + made.error(), true});
    jail = std::move(*made);
  }
  // A socket of its own, which only this bot's process can reach.
  std::optional<uid_t> owner;
  if (jail && jail->identity().has_uid) owner = jail->identity().uid;
  auto seat_dir = server_.OpenSeat(token, owner);
  if (!seat_dir) return fail({"seat socket: " + seat_dir.error(), true});
  std::string address =
      "unix://" + *seat_dir + "/" + std::string(kSeatSocketName);
  if (jail) {
    jail->set_socket_dir(*seat_dir);
    address = "unix://" + std::string(sandbox::kSandboxSocketDir) + "/" +
              kSeatSocketName;
  }
  SpawnOptions spawn{.argv = layout->argv,
                     .env = spec_.env,
                     .log_path = options_.log_path,
                     .log_limit_bytes = options_.log_limit_bytes,
                     .log_first_line = std::string(kStartLogMarker) + "\n",
                     .working_dir = layout->folder,
                     .cpu = options_.cpu};
  // Last, so that they replace any the spec names.
  spawn.env.emplace_back(kAddressEnv, address);
  spawn.env.emplace_back(kTokenEnv, token);
  sandbox::Jail* j = jail.get();
  auto process = BotProcess::Spawn(spawn, std::move(jail));
  if (!process) return fail(process.error());
  process_ = std::move(*process);
  ++starts_;
  LogStart(layout->folder);
  // Who may act for the seat: its sandbox (its user, its pid namespace),
  // or without one, the bot's process and its descendants.
  PeerRule rule;
  if (j != nullptr) {
    if (j->identity().has_uid) rule.uid = j->identity().uid;
    rule.pid_namespace = j->identity().pid_namespace;
  } else {
    rule.ancestor = process_->pid();
  }
  server_.SetSeatPeer(token, rule);
  BotProcess* p = process_.get();
  auto exited = [p]() -> std::optional<std::string> {
    if (!p->Exited()) return std::nullopt;
    return "the bot exited before connecting (" + p->ExitDescription() + ")";
  };
  bool game_refused = false;
  auto channel = server_.WaitForBot(token, deadline, exited, &game_refused);
  if (!channel) {
    StopProcess("it did not connect");
    return fail(NotConnected(channel.error(), game_refused));
  }
  channel_ = *channel;
  return {};
}

SeatPlayer BotRunner::Seat() {
  SeatPlayer seat{.name = spec_.name, .restart_reason = restart_reason_};
  harness_error_.clear();
  if (channel_ && (!channel_->IsOpen() || (process_ && process_->Exited()))) {
    // It left between games: a fault of this game, judged as one that
    // happens during a game would be (the stream may close a moment before
    // the process is seen to end, or after); the next game restarts it.
    const DecisionFault f =
        ClosedStreamFault(ProcessEndedOf(), "after its previous game");
    seat.absent_reason = f.reason;
    seat.startup_detail = f.detail;
    StopBot("it left after its previous game: " + f.detail);
    return seat;
  }
  if (!channel_) {
    if (auto connected = Connect(); !connected) {
      if (connected.error().harness) {
        harness_error_ =
            "bot '" + spec_.name + "': " + connected.error().message;
      }
      seat.startup_detail = connected.error().message;
      RunLog().log(
          connected.error().harness ? spdlog::level::err : spdlog::level::warn,
          "bot '{}' did not start{}: {}", spec_.name,
          connected.error().harness ? " (the harness's failure)" : "",
          LogText(connected.error().message, 1000));
      return seat;
    }
  }
  seat.channel = channel_.get();
  seat.process_ended = ProcessEndedOf();
  if (process_) {
    seat.mark_step = [p = process_.get()](int step) {
      p->MarkLogLazily(StepLogMarker(step));
    };
  }
  if (process_ && process_->container() != nullptr) {
    seat.usage = [c = process_->container()] { return c->Usage(); };
  }
  return seat;
}

ProcessEnded BotRunner::ProcessEndedOf() const {
  if (!process_) return nullptr;
  BotProcess* p = process_.get();
  // A stream closes as the process dies, a moment before its exit is seen:
  // give the exit that moment.
  return [p]() -> std::optional<std::string> {
    if (!p->WaitExit(kProcessEndWait)) return std::nullopt;
    return p->ExitDescription();
  };
}

void BotRunner::MarkGame(std::string_view game_id, int seat) {
  const std::string marker = GameLogMarker(game_id, seat);
  if (process_) {
    process_->MarkLog(marker);
    return;
  }
  // None runs (it failed to start): what it printed while it tried is
  // this game's too. Its log writer has closed the file.
  if (options_.log_path.empty()) return;
  const int fd =
      ::open(options_.log_path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) return;
  struct stat st;
  if (::fstat(fd, &st) == 0 &&
      size_t(st.st_size) + marker.size() <= options_.log_limit_bytes) {
    [[maybe_unused]] auto ignored = ::write(fd, marker.data(), marker.size());
  }
  ::close(fd);
}

void BotRunner::AfterGame(const v1::GameRecord& record, int seat) {
  restart_reason_.clear();  // that game's record has told it
  for (const v1::Fault& f : record.result().faults()) {
    // A bot over a limit starts afresh, whatever is left of it; one that
    // timed out may still be busy with that decision, and would spend the
    // next game's clock on it. A bot that left without a fault (after its
    // last decision) is seen by the next Seat(), which records it.
    const v1::FaultReason r = f.reason();
    if (f.seat() != seat ||
        (r != v1::FAULT_REASON_CRASH && r != v1::FAULT_REASON_DISCONNECT &&
         r != v1::FAULT_REASON_MEMORY_LIMIT &&
         r != v1::FAULT_REASON_PROCESS_LIMIT &&
         r != v1::FAULT_REASON_TIMEOUT)) {
      continue;
    }
    restart_reason_ = "after game " + record.game_id() + ": " +
                      v1::FaultReason_Name(r) + ": " + f.detail();
    StopBot("to be restarted before its next game, " + restart_reason_);
    return;
  }
}

void BotRunner::StopBot(const std::string& why) {
  if (channel_) channel_->Close(v1::ERROR_CODE_SHUTDOWN, "restarting the bot");
  channel_.reset();
  StopProcess(why);
}

void BotRunner::MoveTo(int cpu) {
  options_.cpu = cpu;
  if (process_) process_->MoveTo(cpu);
}

void BotRunner::StopProcess(const std::string& why) {
  if (!process_) return;
  process_->Stop(options_.stop_grace);
  RunLog().info("bot '{}' (pid {}) stopped ({}): {}", spec_.name,
                process_->pid(), process_->ExitDescription(),
                LogText(why, 1000));
  process_.reset();
}

void BotRunner::LogStart(const std::string& folder) {
  // A restart says why: the fault of a game (restart_reason_, until the
  // next game's record has told it), else the end of its previous process.
  const std::string again =
      starts_ == 1 ? ""
      : restart_reason_.empty()
          ? " again"
          : " again (" + LogText(restart_reason_, 1000) + ")";
  RunLog().info(
      "bot '{}' started{}: pid {}{}, in {}, log {}", spec_.name, again,
      process_->pid(),
      options_.cpu >= 0 ? fmt::format(" on CPU {}", options_.cpu) : "", folder,
      options_.log_path.empty() ? "none" : options_.log_path);
}

void BotRunner::Goodbye() {
  if (channel_) channel_->Close(v1::ERROR_CODE_SHUTDOWN, "no more games");
  channel_.reset();
}

bool BotRunner::Stop() {
  Goodbye();
  // The stream ended cleanly: the bot may exit by itself before any signal.
  const bool exited = !process_ || process_->WaitExit(options_.exit_grace);
  StopProcess(exited ? "the run is over; it exited by itself"
                     : "the run is over; it did not exit by itself within " +
                           std::to_string(options_.exit_grace.count()) + " ms");
  return exited;
}

}  // namespace arbiter
