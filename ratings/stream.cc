// GameRater (ratings.h): the ratings and their history from sums kept as
// the games stream, nothing per game.
//
// Per slot (a candidate of a choice set, dataset.h) the rater keeps
// replicates + 1 sums: replicate r's weight (each game's contribution times
// its resampling unit's Poisson count in r) and, last, the data's own
// weight; a replicate's weights are then a column of these sums, whatever
// the number of games. A slot of a few games keeps their contributions
// instead (Slot, below). The history's points are fit as the games pass them:
// by game count when the count is reached; by round once every game of the
// rounds up to the point is in (the first pass counted them), with the
// games of later rounds read early summed apart until then.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>

#include "ratings/collector.h"
#include "ratings/rate_steps.h"

namespace ratings {
namespace {

// A duplicate set's unit is told from a game's of the same name.
constexpr uint64_t kGroupSalt = 0x9e6c63d0676a9a99ull;

// One slot's share of some games: while they are few, their contributions
// (each unit's counts drawn when a replicate's weights are made, as the
// in-memory bootstrap does); past that, one sum per replicate and, last,
// the data's own sum. A slot thus costs at most about as much as its
// games' contributions would, and at most (replicates + 1) numbers:
// memory grows neither with the games of a pairing nor with the
// replicates times the pairings that only a few games fill.
struct Slot {
  std::vector<double> sums;
  std::vector<std::pair<uint64_t, double>> list;  // (unit, weight)
};

// Sums over some of the games.
struct Sums {
  // By slot, numbered as the builder numbers them: the pairs' and the
  // larger sets' apart.
  std::vector<Slot> pairs, sets;
  std::vector<double> group_games;  // games by group of players
  int64_t games = 0;                // games added
  int64_t seen = 0;                 // games handed over, refused ones too
};

std::string Message(const GameError& e) {
  if (e.field == GameField::kGame) return e.message;
  return fmt::format("field 'seats[{}].{}': {}", e.seat,
                     e.field == GameField::kPlayer ? "player" : "place",
                     e.message);
}

}  // namespace

struct GameRater::State {
  State(const Options& o, const HistoryPlan& plan)
      : options(o),
        collector([&] {
          CollectorOptions c = CollectorOptionsOf(o, HistoryKey::kNone);
          c.stream = true;
          return c;
        }()),
        replicates(std::max(0, o.bootstrap)),
        width(size_t(replicates) + 1),
        every(plan.every) {
    for (int r = 0; r < replicates; ++r) {
      keys.push_back(ReplicateKey(o.seed, uint64_t(r)));
    }
    counts.assign(width, 1.0);
    // The points: every round, or kMaxHistoryPoints of them evenly spread.
    std::vector<std::pair<int64_t, int64_t>> rounds(plan.round_games.begin(),
                                                    plan.round_games.end());
    const size_t n = rounds.size();
    const size_t points = std::min<size_t>(n, kMaxHistoryPoints);
    int64_t games = 0;
    for (size_t k = 0, i = 0; k < points; ++k) {
      const size_t last = (k + 1) * n / points - 1;  // the last is n - 1
      for (; i <= last; ++i) games += rounds[i].second;
      cut_round.push_back(rounds[last].first);
      cut_games.push_back(games);
    }
  }

  bool by_round() const { return !cut_round.empty(); }
  // The point whose rounds hold `round`.
  size_t CutOf(int64_t round) const {
    const auto it = std::lower_bound(cut_round.begin(), cut_round.end(), round);
    return std::min<size_t>(it - cut_round.begin(), cut_round.size() - 1);
  }
  Sums& SumsOf(int64_t round) {
    if (!by_round()) return running;
    const size_t cut = CutOf(round);
    return cut <= next ? running : pending[cut];
  }
  Slot& SlotOf(Sums& sums, uint32_t slot) {
    std::vector<Slot>& v = slot & kSetSlotBit ? sums.sets : sums.pairs;
    const size_t at = slot & ~kSetSlotBit;
    if (v.size() <= at) v.resize(at + 1);
    return v[at];
  }
  double Count(size_t r, uint64_t unit) const {
    return r < keys.size() ? PoissonCount(keys[r] ^ unit) : 1.0;
  }
  // Adds `weight` of `unit` (whose counts are `counts`, when drawn).
  void Put(Slot& slot, uint64_t unit, double weight, const double* counts) {
    if (slot.sums.empty()) {
      slot.list.emplace_back(unit, weight);
      // Past this a list would cost more than the sums.
      if (slot.list.size() * 2 <= width) return;
      slot.sums.assign(width, 0.0);
      for (const auto& [u, w] : slot.list) {
        for (size_t r = 0; r < width; ++r) slot.sums[r] += Count(r, u) * w;
      }
      slot.list = {};
      return;
    }
    for (size_t r = 0; r < width; ++r) slot.sums[r] += counts[r] * weight;
  }
  double Value(const Slot& slot, size_t r) const {
    if (!slot.sums.empty()) return slot.sums[r];
    double y = 0;
    for (const auto& [u, w] : slot.list) y += Count(r, u) * w;
    return y;
  }
  // Adds `from` to `to`.
  void Merge(std::vector<Slot>& to, std::vector<Slot>& from) {
    if (to.size() < from.size()) to.resize(from.size());
    for (size_t i = 0; i < from.size(); ++i) {
      Slot& a = to[i];
      Slot& b = from[i];
      if (a.sums.empty() && !b.sums.empty()) std::swap(a, b);
      if (!b.sums.empty()) {
        for (size_t r = 0; r < width; ++r) a.sums[r] += b.sums[r];
      }
      for (const auto& [u, w] : b.list) {
        if (!a.sums.empty()) {
          for (size_t r = 0; r < width; ++r) a.sums[r] += Count(r, u) * w;
        } else {
          Put(a, u, w, nullptr);
        }
      }
    }
  }
  void Merge(Sums& to, Sums& from) {
    Merge(to.pairs, from.pairs);
    Merge(to.sets, from.sets);
    if (to.group_games.size() < from.group_games.size()) {
      to.group_games.resize(from.group_games.size(), 0.0);
    }
    for (size_t g = 0; g < from.group_games.size(); ++g) {
      to.group_games[g] += from.group_games[g];
    }
    to.games += from.games;
    to.seen += from.seen;
  }
  uint32_t GroupOf(std::span<const uint32_t> players) {
    scratch.assign(players.begin(), players.end());
    std::sort(scratch.begin(), scratch.end());
    const auto [it, added] =
        group_ids.try_emplace(scratch, uint32_t(group_begin.size() - 1));
    if (added) {
      group_players.insert(group_players.end(), scratch.begin(), scratch.end());
      group_begin.push_back(uint32_t(group_players.size()));
    }
    return it->second;
  }
  // Column `r` of `sums` as the weights of `data`'s slots.
  void Column(const Sums& sums, const Dataset& data, size_t r,
              std::vector<double>* y) const {
    const size_t pair_slots = data.pair_unit.size();
    y->assign(data.NumSlots(), 0.0);
    for (size_t s = 0; s < y->size(); ++s) {
      const std::vector<Slot>& v = s < pair_slots ? sums.pairs : sums.sets;
      const size_t at = s < pair_slots ? s : s - pair_slots;
      if (at < v.size()) (*y)[s] = Value(v[at], r);
    }
  }
  LevelFunction Level(const Dataset& data) const {
    return [this, &data](const Solution& full) {
      return LevelWeights(
          data.num_players, full, group_begin, group_players, [this](size_t g) {
            return g < running.group_games.size() ? running.group_games[g]
                                                  : 0.0;
          });
    };
  }
  ReplicateWeights Weights(const Dataset& data) const {
    return [this, &data](int r, std::vector<double>* y) {
      Column(running, data, size_t(r), y);
    };
  }

  void Add(const GameView& game, Sums& sums) {
    const uint64_t unit = !game.duplicate_group.empty()
                              ? SampleOfId(game.duplicate_group) ^ kGroupSalt
                          : !game.id.empty()
                              ? SampleOfId(game.id)
                              : SampleOfId(std::to_string(collector.games()));
    bool drawn = false;  // the unit's counts, drawn once when needed
    for (const SlotWeight& c : collector.LastGame()) {
      Slot& slot = SlotOf(sums, c.slot);
      if (!slot.sums.empty() && !drawn) {
        for (int r = 0; r < replicates; ++r) counts[r] = Count(r, unit);
        drawn = true;
      }
      Put(slot, unit, c.weight, counts.data());
    }
    const uint32_t group = GroupOf(collector.LastPlayers());
    if (sums.group_games.size() <= group) sums.group_games.resize(group + 1);
    ++sums.group_games[group];
    ++sums.games;
  }

  // The history's point of the running sums.
  void Fit(int64_t round) {
    if (!points.empty() && points.back().games == running.games) return;
    const Dataset data = collector.Structure();
    const auto anchor_id = AnchorId(collector.names(), options);
    if (!anchor_id) {
      history_error = anchor_id.error();
      return;
    }
    std::vector<double> y;
    Column(running, data, width - 1, &y);
    HistoryPoint point{.games = running.games, .round = round};
    point.players = RatePoint(data, y, collector.names(), *anchor_id, options,
                              Level(data), Weights(data));
    points.push_back(std::move(point));
  }
  // Fits the points whose games are all in (all of them at the end).
  void Advance(bool end) {
    if (!by_round()) {
      if (every > 0 && running.games > 0 &&
          (running.games % every == 0 || end)) {
        Fit(0);
      }
      return;
    }
    while (next < cut_round.size() &&
           (end || running.seen >= cut_games[next])) {
      if (running.games > 0) Fit(cut_round[next]);
      if (++next == cut_round.size()) break;
      if (auto it = pending.find(next); it != pending.end()) {
        Merge(running, it->second);
        pending.erase(it);
      }
    }
  }

  Options options;
  Collector collector;
  int replicates;
  size_t width;  // sums per slot
  int64_t every;
  std::vector<uint64_t> keys;  // per replicate
  std::vector<double> counts;  // the current game's, per replicate (last: 1)
  // By round: the points' last rounds, and the games up to each.
  std::vector<int64_t> cut_round, cut_games;
  size_t next = 0;                 // the first point not fit
  Sums running;                    // the games up to point `next`
  std::map<size_t, Sums> pending;  // by point: games of later rounds
  // Groups of players: the distinct players of a game, sorted.
  std::unordered_map<std::u32string, uint32_t> group_ids;
  std::vector<uint32_t> group_begin = {0}, group_players;
  std::u32string scratch;
  std::vector<HistoryPoint> points;
  std::string history_error;
};

GameRater::GameRater(const Options& options, const HistoryPlan& plan)
    : state_(std::make_unique<State>(options, plan)) {}
GameRater::GameRater(GameRater&&) noexcept = default;
GameRater& GameRater::operator=(GameRater&&) noexcept = default;
GameRater::~GameRater() = default;

std::expected<void, std::string> GameRater::Add(const GameView& game) {
  State& s = *state_;
  Sums& sums = s.SumsOf(game.round);
  ++sums.seen;
  auto added = s.collector.Add(game);
  if (added) s.Add(game, sums);
  s.Advance(false);
  if (!added) return std::unexpected(Message(added.error()));
  return {};
}

int64_t GameRater::games() const { return state_->collector.games(); }

std::expected<Report, std::string> GameRater::Rate() {
  State& s = *state_;
  if (auto ok = CheckOptions(s.options); !ok) {
    return std::unexpected(ok.error());
  }
  if (s.collector.games() == 0) return std::unexpected("no games to rate");
  s.Advance(/*end=*/true);
  Collected c = s.collector.Finish();
  s.Column(s.running, c.data, s.width - 1, &c.data.slot_y);
  const ReplicateWeights weights = s.Weights(c.data);
  auto report = RateCollected(c, s.options, s.Level(c.data), &weights);
  if (report) report->resampling_units = 0;
  return report;
}

std::expected<History, std::string> GameRater::RateHistory() {
  State& s = *state_;
  if (s.collector.games() == 0) return std::unexpected("no games to rate");
  s.Advance(/*end=*/true);
  if (!s.history_error.empty()) return std::unexpected(s.history_error);
  History history;
  history.model = ModelName(s.collector.max_sides(), s.options.pairwise);
  history.step = {.by_round = s.by_round(), .every = s.every};
  history.bootstrap_replicates = s.replicates;
  history.points = std::move(s.points);
  history.options = s.options;
  return history;
}

}  // namespace ratings
