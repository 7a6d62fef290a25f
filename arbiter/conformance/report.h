// What `arbiter check-bot` found: per situation, passed or each failure
// with the game and decision it happened at and the bot's output around it.
#ifndef ARBITER_CONFORMANCE_REPORT_H_
#define ARBITER_CONFORMANCE_REPORT_H_

#include <string>
#include <vector>

namespace arbiter::conformance {

struct Failure {
  int game = 0;  // 1-based in its situation; 0: not in a game
  int step = 0;  // the bot's decision in that game, 1-based; 0: none
  std::string message;
  // The bot's last lines of output (stdout and stderr), already escaped
  // and capped.
  std::vector<std::string> bot_output;
};

struct SituationResult {
  std::string name;
  std::string summary;   // what was played, e.g. "2 games, 1 process"
  bool skipped = false;  // not played: the bot could not be started
  std::vector<Failure> failures;
  bool passed() const { return !skipped && failures.empty(); }
};

struct Report {
  std::string bot;    // the command line checked
  std::string hello;  // DescribeHello of its Hello; "" when none came
  // What the bots' sandbox guarantees, when less than in tournaments
  // (--sandbox reduced or none); "" for the full sandbox.
  std::string sandbox;
  std::vector<SituationResult> situations;
  bool passed() const;
};

// For people: one line per situation ("ok    NAME: SUMMARY", "FAIL  NAME
// game G step D: MESSAGE" and the bot's lines, "skip  NAME"), then a
// total.
std::string FormatText(const Report& report);
// For machines: the same as one JSON object (docs/check-bot.md).
std::string FormatJson(const Report& report);

}  // namespace arbiter::conformance

#endif  // ARBITER_CONFORMANCE_REPORT_H_
