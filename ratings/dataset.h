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
// different games are merged: slot_y holds, per candidate, the total weight
// with which it was picked. A million two-player games become at most one
// entry per pair of players.
#ifndef ZETEMA_RATINGS_DATASET_H_
#define ZETEMA_RATINGS_DATASET_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ratings/game.h"

namespace ratings {

struct DatasetOptions {
  bool first_seat_advantage = false;  // units remember who moved first
  bool pairwise = false;  // decompose standings into pairwise results
};

struct Dataset {
  std::vector<std::string> names;  // player id -> name, first-seen order

  // Units: players [unit_begin[u], unit_begin[u+1]) of unit_players.
  std::vector<uint32_t> unit_begin;
  std::vector<uint32_t> unit_players;
  std::vector<uint8_t> unit_first;  // holds the seat that moved first

  // Entries: candidate slots [entry_begin[e], entry_begin[e+1]).
  std::vector<uint32_t> entry_begin;
  std::vector<uint32_t> slot_unit;
  std::vector<double> slot_y;  // weight with which the slot was picked

  // Resampling units of the bootstrap: one per game, or one per duplicate
  // set. Sample s adds contrib_weight[i] to slot_y[contrib_slot[i]] for i in
  // [sample_begin[s], sample_begin[s+1]).
  std::vector<uint32_t> sample_begin;
  std::vector<uint32_t> contrib_slot;
  std::vector<double> contrib_weight;

  // Pools: players linked by games. Ratings in different components are
  // not comparable.
  std::vector<uint32_t> component;  // per player
  int num_components = 0;

  size_t NumPlayers() const { return names.size(); }
  size_t NumUnits() const { return unit_first.size(); }
  size_t NumEntries() const { return entry_begin.size() - 1; }
  size_t NumSamples() const { return sample_begin.size() - 1; }
};

Dataset BuildDataset(std::span<const Game> games,
                     const DatasetOptions& options);

// Recomputes slot weights from per-sample multiplicities (the bootstrap).
void WeightsFromCounts(const Dataset& data, std::span<const uint32_t> counts,
                       std::vector<double>* slot_y);

}  // namespace ratings

#endif  // ZETEMA_RATINGS_DATASET_H_
