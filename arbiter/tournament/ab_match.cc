#include "arbiter/tournament/ab_match.h"

#include <fmt/format.h>

#include <algorithm>

#include "arbiter/tournament/driver.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;

}  // namespace

std::string StatusLine(const MatchStatus& s,
                       const std::optional<SprtParams>& sprt) {
  std::string line = fmt::format("games {}  score {:.1f}%  {}", s.games,
                                 100 * s.elo.score, EloText(s.elo));
  if (sprt && s.llr) {
    line += fmt::format("  LLR {:.2f} [{:.2f}, {:.2f}]", *s.llr,
                        sprt->LowerBound(), sprt->UpperBound());
  }
  line += fmt::format("  pairs {}-{}-{}-{}-{}", s.pairs[0], s.pairs[1],
                      s.pairs[2], s.pairs[3], s.pairs[4]);
  if (s.faults_a + s.faults_b > 0) {
    line += fmt::format("  faults {}/{}", s.faults_a, s.faults_b);
  }
  return line;
}

std::expected<MatchResult, std::string> RunMatch(const TournamentConfig& config,
                                                 const TeamLayout& layout,
                                                 GameRunner& runner,
                                                 const MatchOptions& options) {
  if (config.bots.size() < 2 ||
      (layout.NumSeats() > 2 && config.bots.size() < 3)) {
    return Error(
        "a match needs bots A and B, and an opponent at 3 seats or more");
  }
  if (auto ok = CheckPairSeats(layout); !ok) return std::unexpected(ok.error());
  if (options.max_deal_sets <= 0) {
    return Error("a match needs at least one deal set");
  }
  AbFormat format(config, layout,
                  {.key = options.key,
                   .seed = options.seed,
                   .max_deal_sets = options.max_deal_sets,
                   .sprt = options.sprt,
                   .listener = options.listener});
  static const KeptRecords kNone;
  std::optional<records::RecordWriter> writer;
  if (options.writer != nullptr) writer.emplace(std::move(*options.writer));
  auto run = PlayFormat(
      config, format, runner, options.kept ? *options.kept : kNone,
      std::move(writer),
      {.concurrency = std::max(1, options.concurrency), .stop = options.stop});
  if (!run) return Error(run.error().message);
  const MatchStatus& status = format.status();
  return MatchResult{.status = status,
                     .stopped = status.verdict == Verdict::kContinue &&
                                status.deal_sets < options.max_deal_sets,
                     .played = run->played,
                     .reused = run->already_done};
}

}  // namespace arbiter::tournament
