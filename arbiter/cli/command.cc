#include "arbiter/cli/command.h"

#include <cstdio>
#include <exception>
#include <filesystem>
#include <regex>
#include <vector>

namespace arbiter {
namespace {

// A function-local static: registration runs during static initialisation of
// the command files, whose order is unspecified.
std::vector<CommandAdder>& Adders() {
  static std::vector<CommandAdder> adders;
  return adders;
}

// "arbiter tournament": the deepest subcommand named on the command line.
std::string CommandName(const CLI::App& app) {
  std::string name = app.get_name().empty() ? "arbiter" : app.get_name();
  const CLI::App* at = &app;
  for (;;) {
    const auto chosen = at->get_subcommands();
    if (chosen.empty()) return name;
    at = chosen.front();
    name += " " + at->get_name();
  }
}

// CLI11's messages, made short: "Could not convert: --games = x" becomes
// "--games: not a valid value: 'x'", and no value is echoed whole.
std::string UsageMessage(const CLI::ParseError& e) {
  std::string message = e.what();
  static const std::regex kConvert("^Could not convert: (\\S+) = (.*)$");
  std::smatch m;
  if (std::regex_match(message, m, kConvert)) {
    return m[1].str() + ": not a valid value: '" + Abbreviate(m[2].str()) +
           "'";
  }
  // Any other echoed value: shorten long runs of digits and long words.
  static const std::regex kLong("[0-9]{25,}|[^ ]{121,}");
  std::string out;
  auto begin = std::sregex_iterator(message.begin(), message.end(), kLong);
  size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    out += message.substr(last, it->position() - last);
    out += Abbreviate(it->str(), it->str()[0] >= '0' && it->str()[0] <= '9'
                                     ? 24
                                     : 100);
    last = it->position() + it->length();
  }
  return out + message.substr(last);
}

// Parses a decimal integer written in full: an optional sign, then digits.
// `magnitude` saturates, so that a 300-digit number is still "too large".
bool ParseDecimal(const std::string& text, bool* negative,
                  unsigned __int128* magnitude) {
  size_t i = 0;
  *negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
    *negative = text[i] == '-';
    ++i;
  }
  if (i == text.size()) return false;
  const unsigned __int128 cap = (unsigned __int128)1 << 100;
  *magnitude = 0;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    if (*magnitude < cap) *magnitude = *magnitude * 10 + (text[i] - '0');
  }
  return true;
}

std::string Range(std::string_view min, std::string_view max) {
  return std::string(min) + ".." + std::string(max);
}

}  // namespace

bool RegisterCommand(CommandAdder adder) {
  Adders().push_back(std::move(adder));
  return true;
}

void AddRegisteredCommands(CLI::App& app) {
  for (const auto& add : Adders()) add(app);
}

std::string Abbreviate(std::string_view text, size_t max) {
  if (text.size() <= max) return std::string(text);
  return std::string(text.substr(0, max)) + "...";
}

CLI::Validator IntegerIn(int64_t min, int64_t max) {
  const std::string range = Range(std::to_string(min), std::to_string(max));
  return CLI::Validator(
      [min, max, range](std::string& value) -> std::string {
        bool negative = false;
        unsigned __int128 magnitude = 0;
        const bool ok = ParseDecimal(value, &negative, &magnitude);
        const __int128 v =
            negative ? -(__int128)magnitude : (__int128)magnitude;
        if (!ok || v < min || v > max) {
          return "must be an integer from " + std::to_string(min) + " to " +
                 std::to_string(max) + ", got '" + Abbreviate(value) + "'";
        }
        value = std::to_string(int64_t(v));  // CLI11 would read 010 as octal
        return "";
      },
      range);
}

CLI::Validator UnsignedIn(uint64_t min, uint64_t max) {
  const std::string range = Range(std::to_string(min), std::to_string(max));
  return CLI::Validator(
      [min, max, range](std::string& value) -> std::string {
        bool negative = false;
        unsigned __int128 magnitude = 0;
        const bool ok = ParseDecimal(value, &negative, &magnitude);
        if (!ok || (negative && magnitude != 0) || magnitude < min ||
            magnitude > max) {
          return "must be an integer from " + std::to_string(min) + " to " +
                 std::to_string(max) + ", got '" + Abbreviate(value) + "'";
        }
        value = std::to_string(uint64_t(magnitude));
        return "";
      },
      range);
}

CLI::Validator ReadableFile() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        std::error_code ec;
        const auto status = std::filesystem::status(path, ec);
        if (!std::filesystem::exists(status)) {
          return "no such file: '" + Abbreviate(path, 200) + "'";
        }
        if (std::filesystem::is_directory(status)) {
          return "'" + Abbreviate(path, 200) + "' is a directory, not a file";
        }
        return "";
      },
      "FILE");
}

int RunCommandLine(CLI::App& app, int argc, const char* const* argv) {
  try {
    app.parse(argc, argv);
    return 0;
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::RuntimeError& e) {
    return e.get_exit_code();  // the subcommand said why
  } catch (const CLI::ParseError& e) {
    const std::string name = CommandName(app);
    std::fprintf(stderr, "%s: %s\nRun '%s --help' for the options.\n",
                 name.c_str(), UsageMessage(e).c_str(), name.c_str());
    return kExitUsage;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", CommandName(app).c_str(),
                 e.what());
    return kExitFailed;
  } catch (...) {
    std::fprintf(stderr, "%s: error: unknown exception\n",
                 CommandName(app).c_str());
    return kExitFailed;
  }
}

}  // namespace arbiter
