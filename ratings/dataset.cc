#include "ratings/dataset.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <map>
#include <numeric>
#include <string>
#include <unordered_map>

namespace ratings {
namespace {

// A key of unit or player ids. A u32string keeps up to three ids inline
// (small-string optimisation), so the keys of pairs never allocate.
using Key = std::u32string;

// Open addressing with linear probing for the choice sets of two units, the
// bulk of the data: one cache miss per lookup where a node-based map takes
// several.
class PairMap {
 public:
  // The value stored for key, inserting `fresh` if it is new.
  uint32_t FindOrInsert(uint64_t key, uint32_t fresh, bool* inserted) {
    if (2 * (size_ + 1) > keys_.size()) Grow();
    size_t i = Slot(key);
    while (keys_[i] != kEmpty) {
      if (keys_[i] == key) {
        *inserted = false;
        return values_[i];
      }
      i = (i + 1) & (keys_.size() - 1);
    }
    keys_[i] = key;
    values_[i] = fresh;
    ++size_;
    *inserted = true;
    return fresh;
  }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t{0};
  size_t Slot(uint64_t key) const {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    return static_cast<size_t>(key) & (keys_.size() - 1);
  }
  void Grow() {
    std::vector<uint64_t> keys = std::move(keys_);
    std::vector<uint32_t> values = std::move(values_);
    keys_.assign(std::max<size_t>(64, 2 * keys.size()), kEmpty);
    values_.assign(keys_.size(), 0);
    for (size_t j = 0; j < keys.size(); ++j) {
      if (keys[j] == kEmpty) continue;
      size_t i = Slot(keys[j]);
      while (keys_[i] != kEmpty) i = (i + 1) & (keys_.size() - 1);
      keys_[i] = keys[j];
      values_[i] = values[j];
    }
  }
  std::vector<uint64_t> keys_;
  std::vector<uint32_t> values_;
  size_t size_ = 0;
};

class Builder {
 public:
  Builder(Dataset* data, const DatasetOptions& options)
      : data_(*data), options_(options) {
    data_.entry_begin.push_back(0);
    data_.sample_begin.push_back(0);
    data_.unit_begin.push_back(0);
  }

  uint32_t PlayerId(const std::string& name) {
    auto [it, inserted] = player_ids_.try_emplace(name, data_.names.size());
    if (inserted) data_.names.push_back(name);
    return it->second;
  }

  void AddGame(const Game& game) {
    // Seats -> units: partners form one unit; its place is the team's.
    // Buffers are members so that a million games do not allocate a million
    // times.
    size_t num_units = 0;
    uint32_t first_player = 0;
    for (const SeatResult& seat : game.seats) {
      const uint32_t player = PlayerId(seat.player);
      if (&seat == &game.seats[0]) first_player = player;
      Union(player, first_player);
      size_t k = num_units;
      if (seat.team >= 0) {
        for (size_t u = 0; u < num_units; ++u) {
          if (units_[u].team == seat.team) k = u;
        }
      }
      if (k == num_units) {
        if (units_.size() == num_units) units_.emplace_back();
        Unit& unit = units_[num_units++];
        unit.team = seat.team;
        unit.players.clear();
        unit.first = false;
        unit.place = seat.place;
      }
      Unit& unit = units_[k];
      unit.players.push_back(player);
      unit.first = unit.first || seat.moved_first;
      unit.place = std::min(unit.place, seat.place);
    }
    if (num_units < 2) return;
    ids_.clear();
    places_.clear();
    for (size_t k = 0; k < num_units; ++k) {
      Unit& u = units_[k];
      std::sort(u.players.begin(), u.players.end());
      u.players.erase(std::unique(u.players.begin(), u.players.end()),
                      u.players.end());
      ids_.push_back(
          UnitId(u.players, options_.first_seat_advantage && u.first));
      places_.push_back(u.place);
    }
    if (options_.pairwise || num_units == 2) {
      AddPairwise(ids_, places_);  // with two units, also Plackett-Luce
    } else {
      AddPlackettLuce(ids_, places_);
    }
  }

  // Players linked by a game, for the pools.
  void Union(uint32_t a, uint32_t b) {
    while (parent_.size() < data_.NumPlayers()) {
      parent_.push_back(static_cast<uint32_t>(parent_.size()));
    }
    parent_[Find(a)] = Find(b);
  }

  uint32_t Find(uint32_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }

  void ComputeComponents() {
    const size_t n = data_.NumPlayers();
    Union(0, 0);  // sizes parent_ to every player
    data_.component.assign(n, 0);
    std::vector<int> label(n, -1);
    data_.num_components = 0;
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t root = Find(i);
      if (label[root] < 0) label[root] = data_.num_components++;
      data_.component[i] = label[root];
    }
  }

  // Closes the current resampling unit.
  void EndSample() {
    data_.sample_begin.push_back(
        static_cast<uint32_t>(data_.contrib_slot.size()));
  }

 private:
  // Lookups reuse scratch_ so that only new keys allocate.
  uint32_t UnitId(const std::vector<uint32_t>& players, bool first) {
    if (players.size() == 1) {  // the common case: a direct index
      const size_t index = 2 * size_t{players[0]} + (first ? 1 : 0);
      if (lone_units_.size() <= index) lone_units_.resize(index + 1, kNone);
      if (lone_units_[index] == kNone) {
        lone_units_[index] = NewUnit(players, first);
      }
      return lone_units_[index];
    }
    scratch_.assign(players.begin(), players.end());
    scratch_.push_back(first ? 1 : 0);
    if (auto it = unit_ids_.find(scratch_); it != unit_ids_.end()) {
      return it->second;
    }
    const uint32_t id = NewUnit(players, first);
    unit_ids_.emplace(scratch_, id);
    return id;
  }

  uint32_t NewUnit(const std::vector<uint32_t>& players, bool first) {
    data_.unit_players.insert(data_.unit_players.end(), players.begin(),
                              players.end());
    data_.unit_begin.push_back(
        static_cast<uint32_t>(data_.unit_players.size()));
    data_.unit_first.push_back(first ? 1 : 0);
    return static_cast<uint32_t>(data_.NumUnits() - 1);
  }

  // Adds weight to `chosen` (a unit of `set`) being picked from `set`.
  void AddChoice(const std::vector<uint32_t>& set, uint32_t chosen,
                 double weight) {
    scratch_.assign(set.begin(), set.end());
    std::sort(scratch_.begin(), scratch_.end());
    const size_t size = set.size();
    uint32_t entry = static_cast<uint32_t>(data_.NumEntries());
    bool inserted = false;
    if (size == 2) {
      entry = pair_entries_.FindOrInsert(
          uint64_t{scratch_[0]} << 32 | scratch_[1], entry, &inserted);
    } else if (auto found = entry_ids_.find(scratch_);
               found != entry_ids_.end()) {
      entry = found->second;
    } else {
      entry_ids_.emplace(scratch_, entry);
      inserted = true;
    }
    if (inserted) {
      for (char32_t u : scratch_) {
        data_.slot_unit.push_back(u);
        data_.slot_y.push_back(0.0);
      }
      data_.entry_begin.push_back(
          static_cast<uint32_t>(data_.slot_unit.size()));
    }
    const uint32_t begin = data_.entry_begin[entry];
    uint32_t slot = begin;
    while (data_.slot_unit[slot] != chosen) ++slot;
    assert(slot < begin + size);
    data_.slot_y[slot] += weight;
    data_.contrib_slot.push_back(slot);
    data_.contrib_weight.push_back(weight);
  }

  void AddPairwise(const std::vector<uint32_t>& ids,
                   const std::vector<int>& places) {
    for (size_t a = 0; a < ids.size(); ++a) {
      for (size_t b = a + 1; b < ids.size(); ++b) {
        pair_.assign({ids[a], ids[b]});
        const std::vector<uint32_t>& set = pair_;
        if (places[a] == places[b]) {
          AddChoice(set, ids[a], 0.5);
          AddChoice(set, ids[b], 0.5);
        } else {
          AddChoice(set, places[a] < places[b] ? ids[a] : ids[b], 1.0);
        }
      }
    }
  }

  // Plackett-Luce: from the best place down, each unit is picked from those
  // not yet placed. A group of k tied units is every one of its k! orders
  // with weight 1/k!: when t of them are already placed (a subset T, each
  // with probability 1/C(k,t)), each of the k-t others is picked next with
  // probability 1/(k-t).
  void AddPlackettLuce(const std::vector<uint32_t>& ids,
                       const std::vector<int>& places) {
    std::vector<size_t> order(ids.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return places[a] < places[b]; });
    for (size_t g = 0; g < order.size();) {
      size_t end = g;
      while (end < order.size() && places[order[end]] == places[order[g]])
        ++end;
      const size_t k = end - g;
      std::vector<uint32_t> lower;
      for (size_t i = end; i < order.size(); ++i)
        lower.push_back(ids[order[i]]);
      if (k > 16) {
        // 2^k subsets would be too many; such ties do not occur in games.
        g = end;
        continue;
      }
      for (uint32_t taken = 0; taken + 1 < (1u << k); ++taken) {
        const int t = std::popcount(taken);
        std::vector<uint32_t> set = lower;
        for (size_t i = 0; i < k; ++i) {
          if (!(taken >> i & 1)) set.push_back(ids[order[g + i]]);
        }
        if (set.size() < 2) continue;
        const double weight = 1.0 / (Binomial(k, t) * (k - t));
        for (size_t i = 0; i < k; ++i) {
          if (!(taken >> i & 1)) AddChoice(set, ids[order[g + i]], weight);
        }
      }
      g = end;
    }
  }

  static double Binomial(size_t n, size_t k) {
    double r = 1;
    for (size_t i = 1; i <= k; ++i) r = r * static_cast<double>(n - k + i) / i;
    return r;
  }

  Dataset& data_;
  const DatasetOptions& options_;
  std::unordered_map<std::string, uint32_t> player_ids_;
  std::unordered_map<Key, uint32_t> unit_ids_;
  std::unordered_map<Key, uint32_t> entry_ids_;
  PairMap pair_entries_;
  static constexpr uint32_t kNone = ~uint32_t{0};
  std::vector<uint32_t> lone_units_;  // by 2 * player + moved first
  Key scratch_;
  std::vector<uint32_t> pair_;
  struct Unit {
    int team = -1;
    std::vector<uint32_t> players;
    bool first = false;
    int place = 0;
  };
  std::vector<Unit> units_;
  std::vector<uint32_t> ids_;
  std::vector<int> places_;
  std::vector<uint32_t> parent_;
};

}  // namespace

Dataset BuildDataset(std::span<const Game> games,
                     const DatasetOptions& options) {
  Dataset data;
  Builder builder(&data, options);
  // Games of one duplicate set are one resampling unit, so visit them
  // together, in order of first appearance.
  std::map<std::string, std::vector<size_t>> groups;
  for (size_t i = 0; i < games.size(); ++i) {
    if (!games[i].duplicate_group.empty()) {
      groups[games[i].duplicate_group].push_back(i);
    }
  }
  for (size_t i = 0; i < games.size(); ++i) {
    const Game& game = games[i];
    if (game.duplicate_group.empty()) {
      builder.AddGame(game);
      builder.EndSample();
      continue;
    }
    auto it = groups.find(game.duplicate_group);
    if (it == groups.end() || it->second.front() != i) continue;
    for (size_t j : it->second) builder.AddGame(games[j]);
    builder.EndSample();
  }
  if (data.NumPlayers() > 0) builder.ComputeComponents();
  return data;
}

void WeightsFromCounts(const Dataset& data, std::span<const uint32_t> counts,
                       std::vector<double>* slot_y) {
  assert(counts.size() == data.NumSamples());
  slot_y->assign(data.slot_unit.size(), 0.0);
  for (size_t s = 0; s < counts.size(); ++s) {
    if (counts[s] == 0) continue;
    const double c = counts[s];
    for (uint32_t i = data.sample_begin[s]; i < data.sample_begin[s + 1]; ++i) {
      (*slot_y)[data.contrib_slot[i]] += c * data.contrib_weight[i];
    }
  }
}

}  // namespace ratings
