#include "ratings/dataset.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <numeric>

namespace ratings {

uint32_t DatasetBuilder::PairIndex::FindOrInsert(
    uint32_t a, uint32_t b, uint32_t fresh,
    const std::vector<uint32_t>& pair_unit, bool* inserted) {
  if (direct_) {
    if (b >= side_) {
      if (b < kMaxDirect) {
        GrowDirect(b + 1);
      } else {
        // Too many units for a table: move the pairs to the hash.
        direct_ = false;
        table_ = {};
        for (size_t k = 0; k < pair_unit.size() / 2; ++k) {
          bool unused;
          FindOrInsert(pair_unit[2 * k], pair_unit[2 * k + 1],
                       static_cast<uint32_t>(k), pair_unit, &unused);
        }
      }
    }
  }
  if (direct_) {
    assert(a < b);
    uint32_t& id = table_[size_t{b} * (b - 1) / 2 + a];
    *inserted = id == kNone;
    if (*inserted) id = fresh;
    return id;
  }
  const uint64_t key = uint64_t{a} << 32 | b;
  if (2 * (size_ + 1) > keys_.size()) GrowHash();
  size_t i = Slot(key);
  while (keys_[i] != ~uint64_t{0}) {
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

void DatasetBuilder::PairIndex::GrowDirect(uint32_t units) {
  side_ = std::min(kMaxDirect, std::bit_ceil(std::max(units, 64u)));
  table_.resize(size_t{side_} * (side_ - 1) / 2, kNone);
}

size_t DatasetBuilder::PairIndex::Slot(uint64_t key) const {
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdull;
  key ^= key >> 33;
  return static_cast<size_t>(key) & (keys_.size() - 1);
}

void DatasetBuilder::PairIndex::GrowHash() {
  std::vector<uint64_t> keys = std::move(keys_);
  std::vector<uint32_t> values = std::move(values_);
  keys_.assign(std::max<size_t>(64, 2 * keys.size()), ~uint64_t{0});
  values_.assign(keys_.size(), 0);
  for (size_t j = 0; j < keys.size(); ++j) {
    if (keys[j] == ~uint64_t{0}) continue;
    size_t i = Slot(keys[j]);
    while (keys_[i] != ~uint64_t{0}) i = (i + 1) & (keys_.size() - 1);
    keys_[i] = keys[j];
    values_[i] = values[j];
  }
}

DatasetBuilder::DatasetBuilder(const DatasetOptions& options)
    : options_(options) {
  data_.first_seat_advantage = options.first_seat_advantage;
  data_.unit_begin.push_back(0);
}

uint32_t DatasetBuilder::UnitId(std::span<const uint32_t> players, bool first) {
  first = first && options_.first_seat_advantage;
  auto add = [&] {
    data_.unit_players.insert(data_.unit_players.end(), players.begin(),
                              players.end());
    data_.unit_begin.push_back(
        static_cast<uint32_t>(data_.unit_players.size()));
    data_.unit_first.push_back(first ? 1 : 0);
    return static_cast<uint32_t>(data_.NumUnits() - 1);
  };
  if (players.size() == 1) {  // the common case: a direct index
    const size_t index = 2 * size_t{players[0]} + (first ? 1 : 0);
    if (lone_units_.size() <= index) lone_units_.resize(index + 1, kNone);
    if (lone_units_[index] == kNone) lone_units_[index] = add();
    return lone_units_[index];
  }
  data_.lone_units = false;
  scratch_.assign(players.begin(), players.end());
  scratch_.push_back(first ? 1 : 0);
  if (auto it = team_units_.find(scratch_); it != team_units_.end()) {
    return it->second;
  }
  const uint32_t id = add();
  team_units_.emplace(scratch_, id);
  return id;
}

void DatasetBuilder::AddGame(std::span<const UnitView> units, uint32_t sample,
                             uint32_t key) {
  assert(units.size() >= 2);
  sample_ = sample;
  key_ = key;
  last_.clear();
  ids_.clear();
  places_.clear();
  for (const UnitView& u : units) {
    ids_.push_back(UnitId(u.players, u.moved_first));
    places_.push_back(u.place);
  }
  if (options_.pairwise || units.size() == 2) {
    AddPairwise();  // with two units, also Plackett-Luce
  } else {
    AddPlackettLuce();
  }
}

// Adds weight to `chosen` (a unit of `set`) being picked from `set`.
void DatasetBuilder::AddChoice(std::span<const uint32_t> set, uint32_t chosen,
                               double weight) {
  uint32_t slot = 0;
  if (set.size() == 2) {
    const uint32_t a = std::min(set[0], set[1]), b = std::max(set[0], set[1]);
    bool inserted = false;
    const uint32_t pair = pair_entries_.FindOrInsert(
        a, b, static_cast<uint32_t>(data_.NumPairs()), data_.pair_unit,
        &inserted);
    if (inserted) {
      data_.pair_unit.push_back(a);
      data_.pair_unit.push_back(b);
    }
    slot = 2 * pair + (chosen == b ? 1 : 0);
  } else {
    scratch_.assign(set.begin(), set.end());
    std::sort(scratch_.begin(), scratch_.end());
    const auto fresh = static_cast<uint32_t>(set_slot_begin_.size() - 1);
    const auto [it, inserted] = set_entries_.try_emplace(scratch_, fresh);
    if (inserted) {
      data_.set_unit.insert(data_.set_unit.end(), scratch_.begin(),
                            scratch_.end());
      set_slot_begin_.push_back(static_cast<uint32_t>(data_.set_unit.size()));
    }
    const uint32_t begin = set_slot_begin_[it->second];
    uint32_t i = begin;
    while (data_.set_unit[i] != chosen) ++i;
    assert(i < set_slot_begin_[it->second + 1]);
    slot = kSetSlotBit | i;
  }
  if (options_.stream) {
    last_.push_back({slot, weight});
    return;
  }
  if (options_.totals) {
    const bool in_set = slot & kSetSlotBit;
    std::vector<double>& y = in_set ? set_y_ : pair_y_;
    const size_t slots =
        in_set ? data_.set_unit.size() : data_.pair_unit.size();
    if (y.size() < slots) y.resize(std::max(slots, 2 * y.size()), 0.0);
    y[slot & ~kSetSlotBit] += weight;
    return;
  }
  data_.contrib_slot.push_back(slot);
  data_.contrib_sample.push_back(sample_);
  data_.contrib_weight.push_back(weight);
  if (options_.keys) data_.contrib_key.push_back(key_);
}

void DatasetBuilder::AddPairwise() {
  for (size_t a = 0; a < ids_.size(); ++a) {
    for (size_t b = a + 1; b < ids_.size(); ++b) {
      const uint32_t set[2] = {ids_[a], ids_[b]};
      if (places_[a] == places_[b]) {
        AddChoice(set, ids_[a], 0.5);
        AddChoice(set, ids_[b], 0.5);
      } else {
        AddChoice(set, places_[a] < places_[b] ? ids_[a] : ids_[b], 1.0);
      }
    }
  }
}

// Plackett-Luce: from the best place down, each unit is picked from those
// not yet placed. A group of k tied units is every one of its k! orders
// with weight 1/k!: when t of them are already placed (a subset T, each
// with probability 1/C(k,t)), each of the k-t others is picked next with
// probability 1/(k-t).
void DatasetBuilder::AddPlackettLuce() {
  auto binomial = [](size_t n, size_t k) {
    double r = 1;
    for (size_t i = 1; i <= k; ++i) r = r * static_cast<double>(n - k + i) / i;
    return r;
  };
  std::vector<size_t> order(ids_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return places_[a] < places_[b]; });
  std::vector<uint32_t> set;
  for (size_t g = 0; g < order.size();) {
    size_t end = g;
    while (end < order.size() && places_[order[end]] == places_[order[g]]) {
      ++end;
    }
    const size_t k = end - g;
    // A tie of more than 16 sides would be 2^k subsets; games have at most
    // a handful of sides, and the readers refuse more than kMaxTie.
    assert(k <= 16);
    for (uint32_t taken = 0; taken + 1 < (1u << k); ++taken) {
      const int t = std::popcount(taken);
      set.clear();
      for (size_t i = end; i < order.size(); ++i) set.push_back(ids_[order[i]]);
      for (size_t i = 0; i < k; ++i) {
        if (!(taken >> i & 1)) set.push_back(ids_[order[g + i]]);
      }
      if (set.size() < 2) continue;
      const double weight = 1.0 / (binomial(k, t) * (k - t));
      for (size_t i = 0; i < k; ++i) {
        if (!(taken >> i & 1)) AddChoice(set, ids_[order[g + i]], weight);
      }
    }
    g = end;
  }
}

Dataset DatasetBuilder::Finish(size_t num_players, uint32_t num_samples) {
  Dataset d =
      Finalize(std::move(data_), set_slot_begin_, num_players, num_samples);
  CopyTotals(&d);
  return d;
}

Dataset DatasetBuilder::Snapshot(size_t num_players,
                                 uint32_t num_samples) const {
  Dataset d = Finalize(data_, set_slot_begin_, num_players, num_samples);
  CopyTotals(&d);
  return d;
}

void DatasetBuilder::CopyTotals(Dataset* d) const {
  if (!options_.totals) return;
  std::copy_n(pair_y_.begin(), d->pair_unit.size(), d->slot_y.begin());
  std::copy_n(set_y_.begin(), d->set_unit.size(),
              d->slot_y.begin() + d->pair_unit.size());
}

Dataset DatasetBuilder::Finalize(Dataset d,
                                 const std::vector<uint32_t>& set_begin,
                                 size_t num_players, uint32_t num_samples) {
  d.num_players = num_players;
  d.num_samples = num_samples;
  const auto pair_slots = static_cast<uint32_t>(d.pair_unit.size());
  d.set_begin.clear();
  if (set_begin.size() > 1) {
    for (uint32_t b : set_begin) d.set_begin.push_back(b + pair_slots);
  }
  const size_t slots = pair_slots + d.set_unit.size();
  for (uint32_t& s : d.contrib_slot) {
    if (s & kSetSlotBit) s = (s & ~kSetSlotBit) + pair_slots;
  }
  d.slot_y.assign(slots, 0.0);
  for (size_t i = 0; i < d.contrib_slot.size(); ++i) {
    d.slot_y[d.contrib_slot[i]] += d.contrib_weight[i];
  }
  // Counting sort by slot, so that resampling writes the weights in order.
  std::vector<uint32_t> start(slots + 1, 0);
  for (uint32_t s : d.contrib_slot) ++start[s + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  const size_t n = d.contrib_slot.size();
  std::vector<uint32_t> slot(n), sample(n), key(d.contrib_key.size());
  std::vector<double> weight(n);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t at = start[d.contrib_slot[i]]++;
    slot[at] = d.contrib_slot[i];
    sample[at] = d.contrib_sample[i];
    weight[at] = d.contrib_weight[i];
    if (!key.empty()) key[at] = d.contrib_key[i];
  }
  d.contrib_slot = std::move(slot);
  d.contrib_sample = std::move(sample);
  d.contrib_weight = std::move(weight);
  d.contrib_key = std::move(key);
  return d;
}

}  // namespace ratings
