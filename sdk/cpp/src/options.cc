// Command line and environment: everything a spawned bot needs to connect.
#include <charconv>
#include <cstdlib>

#include "zetema_bot/bot.h"

namespace zetema_bot {
namespace {

std::unexpected<Error> UsageError(std::string message) {
  return std::unexpected(Error{ErrorCode::kUsage, std::move(message)});
}

}  // namespace

std::string_view ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kUsage:
      return "usage";
    case ErrorCode::kConnect:
      return "connect";
    case ErrorCode::kVersionMismatch:
      return "version mismatch";
    case ErrorCode::kBadToken:
      return "bad token";
    case ErrorCode::kArbiterError:
      return "arbiter error";
    case ErrorCode::kStreamBroken:
      return "stream broken";
    case ErrorCode::kProtocol:
      return "protocol";
    case ErrorCode::kCallback:
      return "callback";
  }
  return "unknown";
}

int ExitCode(ErrorCode code) {
  // The same statuses as the Python SDK's (docs/sdk-python.md).
  switch (code) {
    case ErrorCode::kUsage:
      return 2;
    case ErrorCode::kConnect:
    case ErrorCode::kStreamBroken:
      return 3;
    case ErrorCode::kArbiterError:
    case ErrorCode::kProtocol:
      return 4;
    case ErrorCode::kVersionMismatch:
      return 5;
    case ErrorCode::kBadToken:
      return 6;
    case ErrorCode::kCallback:
      return 1;
  }
  return 1;
}

std::expected<Options, Error> ParseOptions(int argc, const char* const* argv) {
  Options options;
  if (const char* a = std::getenv(kAddressEnv)) options.address = a;
  if (const char* t = std::getenv(kTokenEnv)) options.token = t;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      options.help = true;
      continue;
    }
    const size_t eq = arg.find('=');
    const std::string_view name = arg.substr(0, eq);
    if (name != "--address" && name != "--token" &&
        name != "--connect-timeout-ms") {
      options.args.emplace_back(arg);
      continue;
    }
    std::string_view value;
    if (eq != std::string_view::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return UsageError(std::string(name) + " needs a value");
    }
    if (value.empty()) return UsageError(std::string(name) + " needs a value");
    if (name == "--address") {
      options.address = value;
    } else if (name == "--token") {
      options.token = value;
    } else {
      int ms = 0;
      const auto [end, ec] =
          std::from_chars(value.data(), value.data() + value.size(), ms);
      if (ec != std::errc() || end != value.data() + value.size() || ms <= 0) {
        return UsageError(
            "--connect-timeout-ms wants a positive number of "
            "milliseconds, got '" +
            std::string(value) + "'");
      }
      options.connect_timeout = std::chrono::milliseconds(ms);
    }
  }
  return options;
}

std::string Usage(std::string_view program) {
  return "usage: " + std::string(program) +
         " [--address TARGET] [--token TOKEN] [--connect-timeout-ms N]\n"
         "  --address TARGET       the arbiter's gRPC target, e.g.\n"
         "                         unix:///tmp/arbiter-XXXX/arbiter.sock or\n"
         "                         127.0.0.1:50051 (default: $" +
         kAddressEnv +
         ")\n"
         "  --token TOKEN          the one-time token (default: $" +
         kTokenEnv +
         ";\n"
         "                         prefer the environment: argv is public)\n"
         "  --connect-timeout-ms N how long to wait for the arbiter "
         "(default 10000)\n";
}

}  // namespace zetema_bot
