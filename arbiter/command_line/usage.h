// Usage errors of the project's commands (`arbiter`, `ratings`): option
// checks whose message names the accepted range, and CLI11's own messages
// rewritten the same way, so that every usage error reads like
//
//   arbiter tournament: --concurrency: must be an integer from 0 to 4096,
//   got '-1'
//
// and exits 2. Header-only.
#ifndef ARBITER_COMMAND_LINE_USAGE_H_
#define ARBITER_COMMAND_LINE_USAGE_H_

#include <CLI/CLI.hpp>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <string_view>

namespace arbiter {

// Exit statuses shared by every command: 1 failed (the message says why),
// 2 usage (a bad option, value, path or config; the message names it).
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

// At most `max` characters of `text`, then "...": what an error message
// echoes of a value the user gave.
inline std::string Abbreviate(std::string_view text, size_t max = 24) {
  if (text.size() <= max) return std::string(text);
  return std::string(text.substr(0, max)) + "...";
}

namespace usage_internal {

// A decimal integer written in full: an optional sign, then digits.
// `magnitude` saturates, so that a 300-digit number is still "too large".
inline bool ParseDecimal(const std::string& text, bool* negative,
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

inline std::string Range(const std::string& min, const std::string& max) {
  return "must be an integer from " + min + " to " + max;
}

// What an option accepts, in words, from its type and its validators'
// descriptions ("INT:POSITIVE", "INT:INT in [2 - 6]", "TEXT:{a,b}",
// "UINT:0..9"): "an integer greater than 0", "one of a, b"...
inline std::string Expectation(const CLI::Option& option) {
  std::string type = option.get_type_name();
  std::string rest;
  if (const size_t colon = type.find(':'); colon != std::string::npos) {
    rest = type.substr(colon + 1);
    type = type.substr(0, colon);
  }
  std::string what = type == "INT" || type == "UINT" ? "an integer"
                     : type == "FLOAT"               ? "a number"
                                                     : "";
  std::smatch m;
  static const std::regex kRange(
      R"(^(?:\w+ in \[)?(-?[0-9.e+]+)(?: - |\.\.)(-?[0-9.e+]+)\]?$)");
  static const std::regex kSet(R"(^\{(.*)\}$)");
  if (rest == "POSITIVE") {
    what += " greater than 0";
  } else if (rest == "NONNEGATIVE") {
    what += " of at least 0";
  } else if (std::regex_match(rest, m, kRange)) {
    what += " from " + m[1].str() + " to " + m[2].str();
  } else if (std::regex_match(rest, m, kSet)) {
    what = "one of " + std::regex_replace(m[1].str(), std::regex(","), ", ");
  }
  if (what.empty()) return "";
  return "must be " + (what[0] == ' ' ? what.substr(1) : what);
}

}  // namespace usage_internal

// An integer of type T in [min, max], checked as written (decimal only)
// before CLI11 converts it, so that no number is ever wrapped or truncated;
// the option's type must hold every value of the range. Also makes "010"
// read as 10 (CLI11 reads integers in base 0).
template <typename T>
CLI::Validator DecimalIn(T min, T max) {
  return CLI::Validator(
      [min, max](std::string& value) -> std::string {
        bool negative = false;
        unsigned __int128 magnitude = 0;  // at most 2^100: v is exact
        const bool ok =
            usage_internal::ParseDecimal(value, &negative, &magnitude);
        const __int128 v =
            negative ? -(__int128)magnitude : (__int128)magnitude;
        if (!ok || v < (__int128)min || v > (__int128)max) {
          return usage_internal::Range(std::to_string(min),
                                       std::to_string(max)) +
                 ", got '" + Abbreviate(value) + "'";
        }
        value = std::to_string(T(v));
        return "";
      },
      std::to_string(min) + ".." + std::to_string(max));
}

inline CLI::Validator IntegerIn(int64_t min, int64_t max) {
  return DecimalIn<int64_t>(min, max);
}

inline CLI::Validator UnsignedIn(uint64_t min, uint64_t max) {
  return DecimalIn<uint64_t>(min, max);
}

// A finite number in [min, max].
inline CLI::Validator NumberIn(double min, double max) {
  char range[64];
  std::snprintf(range, sizeof range, "%g..%g", min, max);
  return CLI::Validator(
      [min, max, range = std::string(range)](std::string& value) {
        size_t used = 0;
        double v = 0;
        try {
          v = std::stod(value, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used == 0 || used != value.size() || !(v >= min && v <= max)) {
          return "must be a number from " +
                 std::regex_replace(range, std::regex("\\.\\."), " to ") +
                 ", got '" + Abbreviate(value) + "'";
        }
        return std::string();
      },
      range);
}

// An existing regular file (the message says whether it is missing or a
// directory).
inline CLI::Validator ReadableFile() {
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

// The deepest subcommand named on the command line (the app itself if none).
inline const CLI::App* ChosenCommand(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
  return at;
}

// "arbiter tournament".
inline std::string CommandPath(const CLI::App& app) {
  std::string name = app.get_name();
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) {
    at = at->get_subcommands().front();
    name += " " + at->get_name();
  }
  return name;
}

// CLI11's message for `e`, made short and uniform: "OPTION: must be WHAT,
// got 'VALUE'" where the option and the value can be told, and never a
// value echoed whole.
inline std::string UsageMessage(const CLI::App& app, const CLI::ParseError& e) {
  const std::string message = e.what();
  std::smatch m;
  std::string name, value;
  static const std::regex kConvert(R"(^Could not convert: (\S+) = (.*)$)");
  static const std::regex kValue(
      R"(^(\S+): Value (.*?) (?:not in range .*|could not be converted)$)");
  static const std::regex kMember(R"(^(\S+): (.*) not in \{.*\}$)");
  if (std::regex_match(message, m, kConvert) ||
      std::regex_match(message, m, kValue) ||
      std::regex_match(message, m, kMember)) {
    name = m[1].str();
    value = m[2].str();
    const CLI::Option* option = ChosenCommand(app)->get_option_no_throw(name);
    const std::string want =
        option != nullptr ? usage_internal::Expectation(*option) : "";
    return name + ": " + (want.empty() ? "not a valid value" : want) +
           ", got '" + Abbreviate(value) + "'";
  }
  static const std::regex kNoFile(R"(^(\S+): File does not exist: (.*)$)");
  static const std::regex kIsDir(
      R"(^(\S+): File is actually a directory: (.*)$)");
  if (std::regex_match(message, m, kNoFile)) {
    return m[1].str() + ": no such file: '" + Abbreviate(m[2].str(), 200) + "'";
  }
  if (std::regex_match(message, m, kIsDir)) {
    return m[1].str() + ": '" + Abbreviate(m[2].str(), 200) +
           "' is a directory, not a file";
  }
  const auto all = ChosenCommand(app)->get_subcommands(
      std::function<bool(const CLI::App*)>(nullptr));
  if (message == "A subcommand is required" && !all.empty()) {
    std::string names;
    for (const CLI::App* sub : all) {
      names += (names.empty() ? "" : ", ") + sub->get_name();
    }
    return "a command is required: one of " + names;
  }
  // Any other message: shorten long runs of digits and long words.
  static const std::regex kLong("[0-9]{25,}|[^ ]{121,}");
  std::string out;
  size_t last = 0;
  for (auto it = std::sregex_iterator(message.begin(), message.end(), kLong);
       it != std::sregex_iterator(); ++it) {
    out += message.substr(last, it->position() - last);
    out += Abbreviate(it->str(), std::isdigit(it->str()[0]) ? 24 : 100);
    last = it->position() + it->length();
  }
  return out + message.substr(last);
}

// Prints a usage error as "COMMAND: MESSAGE" and a pointer to --help, and
// returns kExitUsage; help and version requests print and return 0.
inline int ReportParseError(const CLI::App& app, const CLI::ParseError& e) {
  if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
  const std::string name = CommandPath(app);
  std::fprintf(stderr, "%s: %s\nRun '%s --help' for the options.\n",
               name.c_str(), UsageMessage(app, e).c_str(), name.c_str());
  return kExitUsage;
}

}  // namespace arbiter

#endif  // ARBITER_COMMAND_LINE_USAGE_H_
