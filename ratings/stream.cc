// GameRater (ratings.h): the ratings and their history from sums kept as
// the games stream, nothing per game.
//
// Per slot (a candidate of a choice set, dataset.h) the rater keeps
// replicates + 1 sums: replicate r's weight (each game's contribution times
// its resampling unit's Poisson count in r) and, last, the data's own
// weight; a replicate's weights are then a column of these sums, whatever
// the number of games. A slot of a few games keeps their contributions
// instead (SlotSums, below). The history's points are fit as the games pass
// them:
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

// The sums of some games, slot by slot. A slot holds, while its games are
// few, the chain of their contributions (each unit's counts drawn when a
// replicate's weights are made, as the in-memory bootstrap does); past
// that, one sum per replicate and, last, the data's own sum. A slot thus
// costs at most what its contributions would (24 bytes each) and at most
// (replicates + 1) numbers: memory grows neither with the games of a
// pairing nor with replicates times pairings of a few games each (a league
// of many bots).
class SlotSums {
 public:
  // `keys`: the replicates' (ReplicateKey), filled before the first Add.
  explicit SlotSums(const std::vector<uint64_t>* keys) : keys_(keys) {}

  // Adds `weight` of resampling unit `unit` to `slot` (as the builder
  // numbers slots).
  void Add(uint32_t slot, uint64_t unit, double weight) {
    uint32_t& head = Head(slot);
    if (head & kTable) {
      double* sums = &tables_[size_t(head & ~kTable) * width()];
      const double* counts = CountsOf(unit);
      for (size_t r = 0; r < width(); ++r) sums[r] += counts[r] * weight;
      return;
    }
    const uint32_t length = head ? links_[head - 1].length + 1 : 1;
    links_.push_back({unit, weight, head, length});
    head = uint32_t(links_.size());
    // Past this a chain would cost more than the sums.
    if (3 * size_t(length) > width()) head = ToTable(head);
  }
  // Replicate r's weight of `slot` (r = replicates: the data's own).
  double Value(uint32_t slot, size_t r) const {
    const std::vector<uint32_t>& v = slot & kSetSlotBit ? sets_ : pairs_;
    const size_t at = slot & ~kSetSlotBit;
    const uint32_t head = at < v.size() ? v[at] : 0;
    if (head & kTable) return tables_[size_t(head & ~kTable) * width() + r];
    double y = 0;
    for (uint32_t l = head; l; l = links_[l - 1].next) {
      y += Count(r, links_[l - 1].unit) * links_[l - 1].weight;
    }
    return y;
  }
  // Adds the games of `other`.
  void Merge(const SlotSums& other) {
    auto merge = [&](const std::vector<uint32_t>& heads, uint32_t bit) {
      for (uint32_t i = 0; i < heads.size(); ++i) {
        const uint32_t h = heads[i];
        if (!(h & kTable)) {
          for (uint32_t l = h; l; l = other.links_[l - 1].next) {
            Add(i | bit, other.links_[l - 1].unit, other.links_[l - 1].weight);
          }
          continue;
        }
        uint32_t& head = Head(i | bit);
        if (!(head & kTable)) head = ToTable(head);
        const double* from = &other.tables_[size_t(h & ~kTable) * width()];
        double* to = &tables_[size_t(head & ~kTable) * width()];
        for (size_t r = 0; r < width(); ++r) to[r] += from[r];
      }
    };
    merge(other.pairs_, 0);
    merge(other.sets_, kSetSlotBit);
  }

 private:
  // A slot's head: 0 (nothing), kTable | its table, or 1 + its last link.
  static constexpr uint32_t kTable = 1u << 31;
  struct Link {
    uint64_t unit = 0;
    double weight = 0;
    uint32_t next = 0, length = 0;  // the link before; the chain's length
  };

  size_t width() const { return keys_->size() + 1; }  // sums a table
  double Count(size_t r, uint64_t unit) const {
    return r < keys_->size() ? PoissonCount((*keys_)[r] ^ unit) : 1.0;
  }
  const double* CountsOf(uint64_t unit) {
    if (counts_.empty() || counts_unit_ != unit) {
      counts_.resize(width());
      for (size_t r = 0; r < width(); ++r) counts_[r] = Count(r, unit);
      counts_unit_ = unit;
    }
    return counts_.data();
  }
  uint32_t& Head(uint32_t slot) {
    std::vector<uint32_t>& v = slot & kSetSlotBit ? sets_ : pairs_;
    const size_t at = slot & ~kSetSlotBit;
    if (v.size() <= at) v.resize(at + 1, 0);
    return v[at];
  }
  // A table holding the chain that ends at `head` (whose links stay unused:
  // at most a third of a table's size each).
  uint32_t ToTable(uint32_t head) {
    const size_t t = tables_.size() / width();
    tables_.resize(tables_.size() + width(), 0.0);
    double* sums = &tables_[t * width()];
    for (uint32_t l = head; l; l = links_[l - 1].next) {
      for (size_t r = 0; r < width(); ++r) {
        sums[r] += Count(r, links_[l - 1].unit) * links_[l - 1].weight;
      }
    }
    return kTable | uint32_t(t);
  }

  const std::vector<uint64_t>* keys_;  // per replicate
  std::vector<uint32_t> pairs_, sets_;
  std::vector<double> tables_;
  std::vector<Link> links_;
  std::vector<double> counts_;  // of counts_unit_, per replicate
  uint64_t counts_unit_ = 0;
};

// Sums over some of the games.
struct Sums {
  explicit Sums(const std::vector<uint64_t>* keys) : slots(keys) {}
  SlotSums slots;
  std::vector<double> group_games;  // games by group of players
  int64_t games = 0;                // games added
  int64_t seen = 0;                 // games handed over, refused ones too

  void Merge(const Sums& other) {
    slots.Merge(other.slots);
    if (group_games.size() < other.group_games.size()) {
      group_games.resize(other.group_games.size(), 0.0);
    }
    for (size_t g = 0; g < other.group_games.size(); ++g) {
      group_games[g] += other.group_games[g];
    }
    games += other.games;
    seen += other.seen;
  }
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
        every(plan.every) {
    for (int r = 0; r < replicates; ++r) {
      keys.push_back(ReplicateKey(o.seed, uint64_t(r)));
    }
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
    return cut <= next ? running
                       : pending.try_emplace(cut, &keys).first->second;
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
      const size_t slot = s < pair_slots ? s : (s - pair_slots) | kSetSlotBit;
      (*y)[s] = sums.slots.Value(uint32_t(slot), r);
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
    for (const SlotWeight& c : collector.LastGame()) {
      sums.slots.Add(c.slot, unit, c.weight);
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
    Column(running, data, size_t(replicates), &y);  // the data's own
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
        running.Merge(it->second);
        pending.erase(it);
      }
    }
  }

  Options options;
  Collector collector;
  int replicates;
  int64_t every;
  std::vector<uint64_t> keys;  // per replicate
  // By round: the points' last rounds, and the games up to each.
  std::vector<int64_t> cut_round, cut_games;
  size_t next = 0;                 // the first point not fit
  Sums running{&keys};             // the games up to point `next`
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
  s.Column(s.running, c.data, size_t(s.replicates), &c.data.slot_y);
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
