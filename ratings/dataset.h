// Games turned into the sufficient statistics of the fit.
//
// A "unit" is what has one strength in a game: a lone seat, or a team of
// partners. Its strength is the sum of the ratings of its distinct players
// (so a team of copies of one bot is that bot), plus the first-seat
// advantage when it holds the seat that moved first.
//
// An "entry" is a choice set: a set of units from which one is picked as
// best. A two-player game is one choice set {white, black}; a Plackett-Luce
// standing of k units is k-1 nested choice sets. Ties are expanded into every
// order of the tied units, each with equal weight, so that a two-player tie
// is half a win each way (draws as half points). Identical choice sets from
// different games are merged: a slot holds, per candidate, the total weight
// with which it was picked. A million two-player games become at most one
// entry per pair of players.
//
// Slots are numbered pairs first (pair k has slots 2k and 2k+1, the common
// case, kept in flat arrays for the fit) and then the larger choice sets.
#ifndef ZETEMA_RATINGS_DATASET_H_
#define ZETEMA_RATINGS_DATASET_H_

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace ratings {

struct DatasetOptions {
  bool first_seat_advantage = false;  // units remember who moved first
  bool pairwise = false;  // decompose standings into pairwise results
  bool keys = false;      // keep a key per contribution (rating history)
  // Keep each slot's total weight instead of the contributions (no
  // resampling, no history): Snapshot() is then a copy, not a sort.
  bool totals = false;
  // Keep nothing per game: only the last game's contributions
  // (DatasetBuilder::LastGame()), for a caller that sums them itself (the
  // streaming GameRater, stream.cc).
  bool stream = false;
};

// A slot as the builder numbers it while games come in: pairs' slots from
// 0, the larger sets' slots from 0 with kSetSlotBit (a Dataset numbers them
// after the pairs' slots).
inline constexpr uint32_t kSetSlotBit = 1u << 31;
struct SlotWeight {
  uint32_t slot = 0;
  double weight = 0;
};

struct Dataset {
  size_t num_players = 0;
  bool first_seat_advantage = false;

  // Units: players [unit_begin[u], unit_begin[u+1]) of unit_players.
  std::vector<uint32_t> unit_begin;
  std::vector<uint32_t> unit_players;
  std::vector<uint8_t> unit_first;  // holds the seat that moved first
  bool lone_units = true;           // every unit is a single player

  // Pairs: pair k is units pair_unit[2k] (slot 2k) and pair_unit[2k+1]
  // (slot 2k+1).
  std::vector<uint32_t> pair_unit;
  // Larger choice sets: set s has slots [set_begin[s], set_begin[s+1]),
  // numbered after the pairs' slots; set_unit[slot - 2 * NumPairs()].
  std::vector<uint32_t> set_begin;
  std::vector<uint32_t> set_unit;

  std::vector<double> slot_y;  // every game once: weight of each slot

  // Resampling: contribution i adds contrib_weight[i] to slot
  // contrib_slot[i] per count of resampling unit contrib_sample[i] (a game,
  // or a whole duplicate set). Sorted by slot. contrib_key[i] (with
  // DatasetOptions::keys) orders the contributions for the history.
  std::vector<uint32_t> contrib_slot;
  std::vector<uint32_t> contrib_sample;
  std::vector<double> contrib_weight;
  std::vector<uint32_t> contrib_key;
  uint32_t num_samples = 0;

  size_t NumUnits() const { return unit_first.size(); }
  size_t NumPairs() const { return pair_unit.size() / 2; }
  size_t NumSets() const {
    return set_begin.empty() ? 0 : set_begin.size() - 1;
  }
  size_t NumSlots() const { return slot_y.size(); }
  uint32_t SlotUnit(size_t slot) const {
    return slot < pair_unit.size() ? pair_unit[slot]
                                   : set_unit[slot - pair_unit.size()];
  }
};

// One side of a game as the builder takes it: its distinct players, sorted.
struct UnitView {
  std::span<const uint32_t> players;
  int place = 1;
  bool moved_first = false;
};

class DatasetBuilder {
 public:
  explicit DatasetBuilder(const DatasetOptions& options);

  // Adds a game of two or more units (no player in two of them) to
  // resampling unit `sample`.
  void AddGame(std::span<const UnitView> units, uint32_t sample, uint32_t key);
  Dataset Finish(size_t num_players, uint32_t num_samples);
  // The dataset of the games so far, leaving the builder as it was (more
  // games may follow): what Finish() would return now.
  Dataset Snapshot(size_t num_players, uint32_t num_samples) const;
  // DatasetOptions::stream: what the last AddGame() added to which slot.
  std::span<const SlotWeight> LastGame() const { return last_; }

 private:
  uint32_t UnitId(std::span<const uint32_t> players, bool first);
  void AddChoice(std::span<const uint32_t> set, uint32_t chosen, double weight);
  void AddPairwise();
  void AddPlackettLuce();
  void CopyTotals(Dataset* d) const;  // options_.totals: into slot_y
  static Dataset Finalize(Dataset d, const std::vector<uint32_t>& set_begin,
                          size_t num_players, uint32_t num_samples);

  DatasetOptions options_;
  Dataset data_;
  // Slots of the larger sets are numbered from 0 here and shifted by the
  // pairs' slots in Finish(); such contributions carry kSetSlotBit.
  std::vector<SlotWeight> last_;  // DatasetOptions::stream
  std::vector<uint32_t> set_slot_begin_ = {0};
  uint32_t sample_ = 0, key_ = 0;

  // Pair of units -> pair id. While there are few units, a direct table
  // (one cache miss per game, the bulk of the work for a million games),
  // triangular: half the memory of a square one, so that more of it stays
  // in cache, and it grows in place; beyond, open addressing.
  class PairIndex {
   public:
    uint32_t FindOrInsert(uint32_t a, uint32_t b, uint32_t fresh,
                          const std::vector<uint32_t>& pair_unit,
                          bool* inserted);

   private:
    static constexpr uint32_t kMaxDirect = 2048;  // 8 MB of table
    static constexpr uint32_t kNone = ~uint32_t{0};
    void GrowDirect(uint32_t units);
    size_t Slot(uint64_t key) const;
    void GrowHash();
    bool direct_ = true;
    uint32_t side_ = 0;             // direct: units below side_
    std::vector<uint32_t> table_;   // direct: (a, b) at b (b - 1) / 2 + a
    std::vector<uint64_t> keys_;    // hash
    std::vector<uint32_t> values_;  // hash
    size_t size_ = 0;
  };
  std::vector<double> pair_y_, set_y_;  // totals: per pair, set slot
  PairIndex pair_entries_;
  std::unordered_map<std::u32string, uint32_t> set_entries_;
  std::unordered_map<std::u32string, uint32_t> team_units_;
  static constexpr uint32_t kNone = ~uint32_t{0};
  std::vector<uint32_t> lone_units_;  // by 2 * player + moved first
  std::u32string scratch_;
  // The current game's units and places.
  std::vector<uint32_t> ids_;
  std::vector<int> places_;
};

// Slot weights of a resampling: contributions of sample s count
// counts(s) times (a functor: sample -> count); contributions whose key is
// above `max_key` are left out.
template <typename Counts>
void ResampledWeights(const Dataset& data, Counts&& counts,
                      std::vector<double>* y, uint32_t max_key = ~uint32_t{0}) {
  y->assign(data.NumSlots(), 0.0);
  const bool keyed = !data.contrib_key.empty() && max_key != ~uint32_t{0};
  const size_t n = data.contrib_slot.size();
  double* out = y->data();
  const uint32_t* slot = data.contrib_slot.data();
  const uint32_t* sample = data.contrib_sample.data();
  const double* weight = data.contrib_weight.data();
  if (keyed) {
    for (size_t i = 0; i < n; ++i) {
      if (data.contrib_key[i] <= max_key) {
        out[slot[i]] += counts(sample[i]) * weight[i];
      }
    }
    return;
  }
  for (size_t i = 0; i < n; ++i) out[slot[i]] += counts(sample[i]) * weight[i];
}

}  // namespace ratings

#endif  // ZETEMA_RATINGS_DATASET_H_
