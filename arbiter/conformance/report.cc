#include "arbiter/conformance/report.h"

#include <nlohmann/json.hpp>

namespace arbiter::conformance {
namespace {

std::string FailureLine(const std::string& situation, const Failure& f) {
  std::string line = "FAIL  " + situation;
  if (f.game > 0) line += "  game " + std::to_string(f.game);
  if (f.step > 0) line += " step " + std::to_string(f.step);
  line += ": " + f.message + "\n";
  if (!f.bot_output.empty()) {
    line += "      the bot's last lines of output:\n";
    for (const auto& l : f.bot_output) line += "      | " + l + "\n";
  }
  return line;
}

}  // namespace

bool Report::passed() const {
  if (situations.empty()) return false;
  for (const auto& s : situations) {
    if (!s.passed()) return false;
  }
  return true;
}

std::string FormatText(const Report& report) {
  std::string out = "check-bot: " + report.bot + "\n";
  if (!report.sandbox.empty()) out += "sandbox: " + report.sandbox + "\n";
  if (!report.hello.empty()) out += "hello: " + report.hello + "\n";
  int failed = 0, skipped = 0;
  for (const auto& s : report.situations) {
    if (s.skipped) {
      ++skipped;
      out += "skip  " + s.name + "\n";
      continue;
    }
    if (s.failures.empty()) {
      out += "ok    " + s.name + (s.summary.empty() ? "" : ": " + s.summary) +
             "\n";
      continue;
    }
    ++failed;
    for (const auto& f : s.failures) out += FailureLine(s.name, f);
  }
  const int total = int(report.situations.size());
  if (report.passed()) {
    out += "check-bot: passed: all " + std::to_string(total) + " situations\n";
  } else {
    out += "check-bot: FAILED: " + std::to_string(failed) + " of " +
           std::to_string(total) + " situations failed" +
           (skipped ? ", " + std::to_string(skipped) + " skipped" : "") + "\n";
  }
  return out;
}

std::string FormatJson(const Report& report) {
  nlohmann::json situations = nlohmann::json::array();
  for (const auto& s : report.situations) {
    nlohmann::json failures = nlohmann::json::array();
    for (const auto& f : s.failures) {
      failures.push_back({{"game", f.game},
                          {"step", f.step},
                          {"message", f.message},
                          {"bot_output", f.bot_output}});
    }
    situations.push_back({{"name", s.name},
                          {"result", s.skipped    ? "skipped"
                                     : s.passed() ? "passed"
                                                  : "failed"},
                          {"summary", s.summary},
                          {"failures", failures}});
  }
  const nlohmann::json out = {{"bot", report.bot},
                              {"hello", report.hello},
                              {"sandbox", report.sandbox},
                              {"passed", report.passed()},
                              {"situations", situations}};
  // Bot text is escaped already; replace keeps any stray invalid UTF-8
  // from stopping the report.
  return out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

}  // namespace arbiter::conformance
