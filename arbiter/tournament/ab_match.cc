#include "arbiter/tournament/ab_match.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>

#include "arbiter/common/deal_secret.h"
#include "arbiter/game/registry.h"
#include "arbiter/records/run_ids.h"
#include "arbiter/tournament/game_pool.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;

int SeatOf(const ScheduledGame& game, int bot) {
  const auto it = std::find(game.seat_bots.begin(), game.seat_bots.end(), bot);
  return it == game.seat_bots.end() ? -1 : int(it - game.seat_bots.begin());
}

// A match played through the game pool: deal sets in order until the
// sequential test stops or the last set. Every member after `mutex_` is
// guarded by it; `games_` by the pool's lock (only Game touches it).
class Match {
 public:
  Match(const TournamentConfig& config, const TeamLayout& layout,
        GameRunner& runner, const MatchOptions& options)
      : config_(config), layout_(layout), runner_(runner), options_(options) {}

  std::expected<MatchResult, std::string> Run() {
    const GameFeed feed{
        .count = size_t(2 * options_.max_deal_sets),
        .game = [this](size_t i) { return Game(int(i)); },
        .stop =
            [this] {
              std::lock_guard lock(mutex_);
              return Done();
            },
        .done =
            [this](const ScheduledGame& game,
                   std::expected<std::string, std::string> record) {
              std::lock_guard lock(mutex_);
              Played(game, record);
            }};
    PlayGames(runner_, feed, std::max(1, options_.concurrency),
              config_.affinity);
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

  // Game `index` (the pool asks in order): nullptr when it was recorded
  // earlier, and is counted here.
  const ScheduledGame* Game(int index) {
    if (index % 2 == 0) {
      for (ScheduledGame& g : DealSetGames(layout_, options_.key, options_.seed,
                                           index / 2 + 1, config_.game)) {
        games_.push_back(std::move(g));
      }
    }
    const ScheduledGame& game = games_[size_t(index)];
    if (options_.kept == nullptr) return &game;
    const auto it = options_.kept->by_id.find(game.game_id);
    if (it == options_.kept->by_id.end()) return &game;
    std::lock_guard lock(mutex_);
    Finish(game, index, it->second.summary, nullptr, it->second.where);
    return nullptr;
  }

  void Played(const ScheduledGame& game,
              const std::expected<std::string, std::string>& record) {
    if (!record) {
      return Finish(game, game.index, std::unexpected(record.error()), nullptr,
                    "");
    }
    auto summary = records::SummarizeRecord(*record);
    Finish(game, game.index,
           summary ? std::expected<records::RecordSummary, std::string>(
                         std::move(*summary))
                   : std::unexpected("unreadable record: " +
                                     summary.error().message),
           &*record, "");
  }

  // `record`: the text of a new record, to append; null for a kept one.
  void Finish(const ScheduledGame& game, int index,
              const std::expected<records::RecordSummary, std::string>& summary,
              const std::string* record, std::string_view where) {
    auto fail = [&](const std::string& message) {
      if (error_.empty()) {
        error_ =
            where.empty()
                ? fmt::format("game {}: {}", game.game_id, message)
                : fmt::format("{}: game {}: {}", where, game.game_id, message);
      }
    };
    if (!summary) return fail(summary.error());
    auto score = ScoreOfA(game, *summary, config_.bots[kBotA].name,
                          config_.bots[kBotB].name);
    if (!score) return fail(score.error());
    if (record == nullptr) {
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
  std::deque<ScheduledGame> games_;  // asked for by the pool, in order
  std::mutex mutex_;
  std::map<int, Outcome> outcomes_;
  MatchResult result_;
  std::string error_;
};

std::string Signed(double x) { return fmt::format("{:+.1f}", x); }

}  // namespace

std::expected<void, std::string> CheckPairSeats(const TeamLayout& layout) {
  const int n = layout.NumSeats();
  for (int s = 0; s < n && n > 1; ++s) {
    const int next = (s + 1) % n;
    if (layout.team_of[s] == layout.team_of[next]) {
      return Error(fmt::format(
          "seats {} and {} are partners at {} seats: A and B sit side by "
          "side, so a match needs adjacent seats on different teams",
          s, next, n));
    }
  }
  return {};
}

std::vector<ScheduledGame> DealSetGames(const TeamLayout& layout,
                                        const SipKey& key, uint64_t seed,
                                        int deal_set, std::string_view game) {
  const std::string tag = RunTag(key, seed);
  const std::string named = game.empty() || game == game::DefaultGame().Name()
                                ? std::string()
                                : fmt::format("{}-", game);
  const uint64_t place[] = {1, 1, uint64_t(deal_set)};
  const uint64_t deal_seed = DealSeedOf(key, seed, place);
  const int n = layout.NumSeats();
  const int first = (deal_set - 1) % n;
  const int second = (first + 1) % n;
  std::vector<ScheduledGame> games;
  for (int swap = 0; swap < 2; ++swap) {
    ScheduledGame g;
    g.index = 2 * (deal_set - 1) + swap;
    g.game_id = records::RunGameId(
        tag,
        fmt::format("{}p{}-d{}-{}", named, n, deal_set, swap ? "ba" : "ab"));
    g.round = 1;
    g.table = 1;
    g.deal = deal_set;
    g.rotation = swap;
    g.seat_bots.assign(size_t(n), kOpponent);
    g.seat_bots[first] = swap ? kBotB : kBotA;
    g.seat_bots[second] = swap ? kBotA : kBotB;
    g.teams = layout.team_of;
    g.deal_seed = deal_seed;
    g.first_dealer = n - 1;
    g.duplicate_group =
        records::RunGameId(tag, fmt::format("{}d{}", named, deal_set));
    g.seatings = 2;
    g.bot_game_id = BotGameId(key, g.game_id);
    games.push_back(std::move(g));
  }
  return games;
}

std::expected<double, std::string> ScoreOfA(
    const ScheduledGame& game, const records::RecordSummary& summary,
    const std::string& name_a, const std::string& name_b) {
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
  if (summary.seed != game.deal_seed) {
    return Error(
        "the record's deal seed is not the match's: this match did not make "
        "this record (forged, or made with another secret)");
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
    return Error(
        "a match needs bots A and B, and an opponent at 3 seats or more");
  }
  if (auto ok = CheckPairSeats(layout); !ok) return std::unexpected(ok.error());
  if (options.max_deal_sets <= 0) {
    return Error("a match needs at least one deal set");
  }
  Match match(config, layout, runner, options);
  return match.Run();
}

}  // namespace arbiter::tournament
