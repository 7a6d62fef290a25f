#include "arbiter/tournament/ab_match.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <thread>

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;

int SeatOf(const ScheduledGame& game, int bot) {
  const auto it = std::find(game.seat_bots.begin(), game.seat_bots.end(), bot);
  return it == game.seat_bots.end() ? -1 : int(it - game.seat_bots.begin());
}

// The shared state of the workers; every member after `mutex_` is guarded
// by it.
class Match {
 public:
  Match(const TournamentConfig& config, const TeamLayout& layout,
        GameRunner& runner, const MatchOptions& options)
      : config_(config), layout_(layout), runner_(runner), options_(options) {}

  std::expected<MatchResult, std::string> Run() {
    int workers = std::max(1, options_.concurrency);
    std::vector<std::thread> threads;
    for (int i = 0; i < workers; ++i) threads.emplace_back([this] { Work(); });
    for (auto& t : threads) t.join();
    if (!error_.empty()) return Error(error_);
    result_.stopped = result_.status.verdict == Verdict::kContinue &&
                      result_.status.deal_sets < options_.max_deal_sets;
    return result_;
  }

 private:
  bool Done() const {
    return !error_.empty() || result_.status.verdict != Verdict::kContinue ||
           (options_.stop != nullptr && options_.stop->load());
  }

  void Work() {
    std::unique_lock lock(mutex_);
    while (!Done() && next_ < 2 * options_.max_deal_sets) {
      const int index = next_++;
      const int deal_set = index / 2 + 1;
      const ScheduledGame game =
          DealSetGames(layout_, options_.seed, deal_set)[index % 2];
      std::expected<std::string, std::string> record;
      bool reused = false;
      if (const auto it = options_.recorded.find(game.game_id);
          it != options_.recorded.end()) {
        record = it->second;
        reused = true;
      } else {
        lock.unlock();
        record = runner_.Run(game);
        lock.lock();
      }
      Finish(game, index, std::move(record), reused);
    }
  }

  void Finish(const ScheduledGame& game, int index,
              std::expected<std::string, std::string> record, bool reused) {
    auto fail = [&](const std::string& message) {
      if (error_.empty())
        error_ = fmt::format("game {}: {}", game.game_id, message);
    };
    if (!record) return fail(record.error());
    auto summary = ParseRecordSummary(*record);
    if (!summary) return fail("unreadable record: " + summary.error());
    auto score = ScoreOfA(game, *summary, config_.bots[kBotA].name,
                          config_.bots[kBotB].name);
    if (!score) return fail(score.error());
    if (reused) {
      ++result_.reused;
    } else {
      ++result_.played;
      if (options_.writer != nullptr) {
        if (auto ok = options_.writer->Append(*record); !ok) {
          return fail(ok.error());
        }
      }
    }
    Outcome& o = outcomes_[index];
    o.score = *score;
    for (int seat : summary->fault_seats) {
      if (seat >= 0 && seat < int(game.seat_bots.size())) {
        o.faults_a += game.seat_bots[seat] == kBotA ? 1 : 0;
        o.faults_b += game.seat_bots[seat] == kBotB ? 1 : 0;
      }
    }
    CountCompleteDealSets();
  }

  void CountCompleteDealSets() {
    MatchStatus& s = result_.status;
    while (s.verdict == Verdict::kContinue &&
           s.deal_sets < options_.max_deal_sets) {
      const int first = 2 * s.deal_sets;
      const auto a = outcomes_.find(first), b = outcomes_.find(first + 1);
      if (a == outcomes_.end() || b == outcomes_.end()) break;
      const double pair = a->second.score + b->second.score;  // 0..2
      s.pairs[std::clamp(int(pair * 2 + 0.5), 0, 4)] += 1;
      s.faults_a += a->second.faults_a + b->second.faults_a;
      s.faults_b += a->second.faults_b + b->second.faults_b;
      ++s.deal_sets;
      s.games += 2;
      s.elo = EstimateElo(s.pairs);
      if (options_.sprt) {
        s.llr = Llr(s.pairs, *options_.sprt);
        s.verdict = Decide(*s.llr, *options_.sprt);
      }
      if (options_.listener != nullptr) options_.listener->OnDealSet(s);
    }
  }

  struct Outcome {
    double score = 0;
    int faults_a = 0, faults_b = 0;
  };

  const TournamentConfig& config_;
  const TeamLayout& layout_;
  GameRunner& runner_;
  const MatchOptions& options_;
  std::mutex mutex_;
  int next_ = 0;  // index of the next game to start
  std::map<int, Outcome> outcomes_;
  MatchResult result_;
  std::string error_;
};

std::string Signed(double x) { return fmt::format("{:+.1f}", x); }

}  // namespace

std::vector<ScheduledGame> DealSetGames(const TeamLayout& layout, uint64_t seed,
                                        int deal_set) {
  const int n = layout.NumSeats();
  const int first = (deal_set - 1) % n;
  const int second = (first + 1) % n;
  std::vector<ScheduledGame> games;
  for (int swap = 0; swap < 2; ++swap) {
    ScheduledGame g;
    g.index = 2 * (deal_set - 1) + swap;
    g.game_id =
        fmt::format("p{}-s{}-d{}-{}", n, seed, deal_set, swap ? "ba" : "ab");
    g.round = 1;
    g.table = 1;
    g.deal = deal_set;
    g.rotation = swap;
    g.seat_bots.assign(size_t(n), kOpponent);
    g.seat_bots[first] = swap ? kBotB : kBotA;
    g.seat_bots[second] = swap ? kBotA : kBotB;
    g.teams = layout.team_of;
    g.deal_seed = DealSeed(seed, 1, 1, deal_set);
    g.first_dealer = n - 1;
    g.duplicate_group = fmt::format("d{}", deal_set);
    games.push_back(std::move(g));
  }
  return games;
}

std::expected<double, std::string> ScoreOfA(const ScheduledGame& game,
                                            const RecordSummary& summary,
                                            const std::string& name_a,
                                            const std::string& name_b) {
  const int n = int(game.seat_bots.size());
  if (summary.game_id != game.game_id) {
    return Error(fmt::format("the record is of game \"{}\"", summary.game_id));
  }
  if (int(summary.places.size()) != n || int(summary.bots.size()) != n) {
    return Error(
        fmt::format("the record has {} places and {} bots for {} seats",
                    summary.places.size(), summary.bots.size(), n));
  }
  const int a = SeatOf(game, kBotA), b = SeatOf(game, kBotB);
  if (summary.bots[a] != name_a || summary.bots[b] != name_b) {
    return Error(fmt::format(
        "seats {} and {} hold \"{}\" and \"{}\" in the record, not \"{}\" and "
        "\"{}\" (other bots under the same --out?)",
        a, b, summary.bots[a], summary.bots[b], name_a, name_b));
  }
  const int pa = summary.places[a], pb = summary.places[b];
  return pa < pb ? 1.0 : pa == pb ? 0.5 : 0.0;
}

std::string StatusLine(const MatchStatus& s,
                       const std::optional<SprtParams>& sprt) {
  std::string line = fmt::format("games {}  score {:.1f}%  Elo {} [{}, {}]",
                                 s.games, 100 * s.elo.score, Signed(s.elo.elo),
                                 Signed(s.elo.lower), Signed(s.elo.upper));
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
    return Error("a match needs bots A and B, and an opponent at 3 to 6 seats");
  }
  if (options.max_deal_sets <= 0) {
    return Error("a match needs at least one deal set");
  }
  Match match(config, layout, runner, options);
  return match.Run();
}

}  // namespace arbiter::tournament
