#include "arbiter/match/bot_runner.h"

#include <cctype>
#include <cstdio>
#include <filesystem>

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

BotRunner::BotRunner(Server& server, BotSpec spec, BotRunnerOptions options)
    : server_(server), spec_(std::move(spec)), options_(std::move(options)) {}

std::expected<void, std::string> BotRunner::Connect() {
  const std::string token = server_.IssueToken(spec_.name);
  const auto deadline = Clock::now() + options_.startup_timeout;
  if (spec_.remote()) {
    std::fprintf(stderr,
                 "arbiter: waiting for bot '%s': connect to %s with "
                 "ZETEMA_TOKEN=%s\n",
                 spec_.name.c_str(), server_.address().c_str(), token.c_str());
    auto channel = server_.WaitForBot(token, deadline);
    if (!channel) {
      server_.RevokeToken(token);
      return std::unexpected(channel.error());
    }
    channel_ = *channel;
    return {};
  }
  auto argv = SplitCommand(spec_.command);
  if (!argv) return std::unexpected(argv.error());
  SpawnOptions spawn{.argv = *argv,
                     .env = spec_.env,
                     .log_path = options_.log_path,
                     .log_limit_bytes = options_.log_limit_bytes,
                     .working_dir = spec_.cwd};
  // Last, so that they replace any the spec names.
  spawn.env.emplace_back(kAddressEnv, server_.address());
  spawn.env.emplace_back(kTokenEnv, token);
  auto process = BotProcess::Spawn(spawn);
  if (!process) {
    server_.RevokeToken(token);
    return std::unexpected(process.error());
  }
  process_ = std::move(*process);
  ++starts_;
  BotProcess* p = process_.get();
  auto channel =
      server_.WaitForBot(token, deadline, [p] { return p->Exited(); });
  if (!channel) {
    server_.RevokeToken(token);
    std::string detail = channel.error();
    if (p->Exited()) detail += " (" + p->ExitDescription() + ")";
    StopProcess();
    return std::unexpected(detail);
  }
  channel_ = *channel;
  return {};
}

SeatPlayer BotRunner::Seat() {
  SeatPlayer seat{.name = spec_.name};
  if (channel_ && !channel_->IsOpen())
    AfterGame(arbiter::v1::FAULT_REASON_CRASH);
  if (!channel_) {
    if (auto connected = Connect(); !connected) {
      seat.startup_detail = connected.error();
      return seat;
    }
  }
  seat.channel = channel_.get();
  if (process_) {
    BotProcess* p = process_.get();
    // A stream that closes as the process dies: give the exit a moment.
    seat.process_exited = [p] {
      return p->WaitExit(std::chrono::milliseconds(300));
    };
  }
  return seat;
}

void BotRunner::AfterGame(arbiter::v1::FaultReason fault) {
  const bool gone = fault == arbiter::v1::FAULT_REASON_CRASH ||
                    fault == arbiter::v1::FAULT_REASON_DISCONNECT ||
                    (channel_ && !channel_->IsOpen()) ||
                    (process_ && process_->Exited());
  if (!gone) return;
  if (channel_) channel_->Close(v1::ERROR_CODE_SHUTDOWN, "restarting the bot");
  channel_.reset();
  StopProcess();
}

void BotRunner::StopProcess() {
  if (process_) process_->Stop(options_.stop_grace);
  process_.reset();
}

void BotRunner::Stop() {
  if (channel_) channel_->Close(v1::ERROR_CODE_SHUTDOWN, "no more games");
  channel_.reset();
  StopProcess();
}

}  // namespace arbiter
