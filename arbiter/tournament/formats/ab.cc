#include "arbiter/tournament/formats/ab.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "arbiter/common/deal_secret.h"
#include "arbiter/games/registry.h"
#include "arbiter/records/run_ids.h"

namespace arbiter::tournament {
namespace {

using Error = std::unexpected<std::string>;

int SeatOf(const ScheduledGame& game, int bot) {
  const auto it = std::find(game.seat_bots.begin(), game.seat_bots.end(), bot);
  return it == game.seat_bots.end() ? -1 : int(it - game.seat_bots.begin());
}

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

AbFormat::AbFormat(const TournamentConfig& config, const TeamLayout& layout,
                   const AbSettings& settings)
    : config_(config), layout_(layout), settings_(settings) {}

std::expected<std::optional<Batch>, std::string> AbFormat::Next() {
  if (given_) return std::nullopt;
  given_ = true;
  return Batch{
      .stream = GameStream{
          .most = Total(),
          .game = [this](int i) { return Game(i); },
          .enough = [this] { return status_.verdict != Verdict::kContinue; },
      }};
}

// Asked for in order: both games of a deal set are made at its first.
ScheduledGame AbFormat::Game(int index) {
  if (index % 2 == 0) {
    deal_set_ = DealSetGames(layout_, settings_.key, settings_.seed,
                             index / 2 + 1, config_.game);
  }
  return deal_set_[size_t(index % 2)];
}

std::expected<void, std::string> AbFormat::CheckRecord(
    const ScheduledGame& game, const records::RecordSummary& summary,
    const TournamentConfig&, std::string_view where) const {
  auto score = ScoreOfA(game, summary, config_.bots[kBotA].name,
                        config_.bots[kBotB].name);
  if (!score) {
    return Error(
        fmt::format("{}: game {}: {}", where, game.game_id, score.error()));
  }
  return {};
}

std::expected<void, std::string> AbFormat::Record(
    const ScheduledGame& game, const records::RecordSummary* summary) {
  assert(summary != nullptr);  // a stream's results are all readable
  Outcome& o = outcomes_[game.index];
  o.score = ScoreOfA(game, *summary, config_.bots[kBotA].name,
                     config_.bots[kBotB].name)
                .value();  // checked by CheckRecord
  for (int seat : summary->fault_seats) {
    if (seat >= 0 && seat < int(game.seat_bots.size())) {
      o.faults_a += game.seat_bots[seat] == kBotA ? 1 : 0;
      o.faults_b += game.seat_bots[seat] == kBotB ? 1 : 0;
    }
  }
  CountCompleteDealSets();
  return {};
}

void AbFormat::CountCompleteDealSets() {
  MatchStatus& s = status_;
  while (s.verdict == Verdict::kContinue &&
         s.deal_sets < settings_.max_deal_sets) {
    const int first = 2 * s.deal_sets;
    const auto a = outcomes_.find(first), b = outcomes_.find(first + 1);
    if (a == outcomes_.end() || b == outcomes_.end()) break;
    const double pair = a->second.score + b->second.score;  // 0..2
    s.pairs[std::clamp(int(pair * 2 + 0.5), 0, 4)] += 1;
    s.faults_a += a->second.faults_a + b->second.faults_a;
    s.faults_b += a->second.faults_b + b->second.faults_b;
    outcomes_.erase(a);
    outcomes_.erase(b);
    ++s.deal_sets;
    s.games += 2;
    s.elo = EstimateElo(s.pairs);
    if (settings_.sprt) {
      s.llr = Llr(s.pairs, *settings_.sprt);
      s.verdict = Decide(*s.llr, *settings_.sprt);
    }
    if (settings_.listener != nullptr) settings_.listener->OnDealSet(s);
  }
}

Plan AbFormat::MakePlan() const {
  // At most: every game seats A, B and (at 3 seats or more) the opponent.
  Plan plan{.rounds = 1, .games = Total()};
  plan.games_per_bot.assign(config_.bots.size(), Total());
  return plan;
}

std::expected<void, std::string> AbFormat::CheckSplit(
    const RunSplit& split) const {
  return RefuseSplit(split, "an A/B match",
                     "an A/B match counts its deal sets in order and stops "
                     "at its verdict");
}

}  // namespace arbiter::tournament
