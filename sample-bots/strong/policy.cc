#include "sample-bots/strong/policy.h"

#include <algorithm>
#include <cmath>

#include "arbiter/games/zetema/melds.h"

namespace strong {
namespace {

using zetema::Action;
using zetema::ActionType;
using zetema::Card;
using zetema::CardSet;
using zetema::State;

// What a discard of `card` from `hand` is worth, in rough points: a zetema
// it forms, less what it gives away (a pile of four for the next seats) and
// what it breaks up (a pair toward an assembly, a marriage, a flush).
double DiscardValue(const State& state, const CardSet& hand, Card card) {
  const int rank = zetema::RankOf(card);
  const int suit = zetema::SuitOf(card);
  const int zetema_points = state.rules().points.zetema[rank];
  const int on_pile = state.PileSize(rank);
  double value = 0;
  if (on_pile == 4) {
    value += zetema_points;
  } else if (on_pile == 3) {
    value -= 0.6 * zetema_points + 2;
  }
  value -= 2.0 * (hand.RankCount(rank) - 1);
  if (rank == zetema::kKing || rank == zetema::kQueen) {
    const Card mate = zetema::MakeCard(
        suit, rank == zetema::kKing ? zetema::kQueen : zetema::kKing);
    if (hand.Has(mate) || state.Piles().Has(mate)) value -= 6;
  }
  value -= 0.7 * (hand.SuitCount(suit) - 1);
  return value;
}

}  // namespace

int ImmediatePoints(const State& state, const Action& action) {
  const zetema::Ruleset& r = state.rules();
  int points = 0;
  if (action.type == ActionType::kMarry) {
    const int n = (action.cards.Size() + action.pile.Size()) / 2;
    return r.points.marriages[std::clamp(n, 1, 5) - 1];
  }
  if (action.type == ActionType::kMeld) {
    switch (action.meld) {
      case zetema::MeldType::kSequence:
        points = r.points.sequence;
        break;
      case zetema::MeldType::kFlush:
        points = r.points.flush;
        break;
      case zetema::MeldType::kFlushSequence:
        points = r.points.flush_sequence;
        break;
      case zetema::MeldType::kAssembly:
        points = r.points.assembly[zetema::AssemblyRank(action.cards)];
        break;
      case zetema::MeldType::kNone:
        break;
    }
  }
  if (action.discard != zetema::kNoCard &&
      state.PileSize(zetema::RankOf(action.discard)) == 4) {
    points += r.points.zetema[zetema::RankOf(action.discard)];
  }
  return points;
}

const Action& PlayoutChoice(const State& state,
                            const std::vector<Action>& legal,
                            arbiter::SplitMix64& rng) {
  const CardSet& hand = state.Hand(state.CurrentPlayer());
  size_t best = 0;
  double best_value = -1e9;
  for (size_t i = 0; i < legal.size(); ++i) {
    const Action& a = legal[i];
    double value = 0;
    if (a.type == ActionType::kDiscard) {
      value = DiscardValue(state, hand, a.discard);
    } else {
      value = 100 + ImmediatePoints(state, a);
      if (a.discard != zetema::kNoCard) {
        value += 0.1 * DiscardValue(state, hand, a.discard);
      }
    }
    value += 1.5 * double(rng.Next() >> 11) * 0x1.0p-53;
    if (value > best_value) {
      best_value = value;
      best = i;
    }
  }
  return legal[best];
}

double Evaluate(const State& state, int seat) {
  const int teams = state.NumTeams();
  if (teams < 2) return 0.5;
  const int mine = state.TeamOf(seat);
  double total = 0;
  if (state.IsTerminal()) {
    const std::vector<int> places = state.Standings();
    int place_of_team[zetema::kMaxPlayers];
    for (int p = 0; p < state.num_players(); ++p) {
      place_of_team[state.TeamOf(p)] = places[p];
    }
    for (int t = 0; t < teams; ++t) {
      if (t == mine) continue;
      total += place_of_team[mine] < place_of_team[t]    ? 1.0
               : place_of_team[mine] == place_of_team[t] ? 0.5
                                                         : 0.0;
    }
  } else {
    const double scale = 0.2 * state.rules().Target(state.num_players());
    for (int t = 0; t < teams; ++t) {
      if (t == mine) continue;
      const double diff = state.TeamScore(mine) - state.TeamScore(t);
      total += 0.5 + 0.5 * std::tanh(diff / scale);
    }
  }
  return total / (teams - 1);
}

void Playout(State& state, arbiter::SplitMix64& rng) {
  thread_local std::vector<Action> legal;
  const int hand = state.HandNumber();
  while (!state.IsTerminal() && state.HandNumber() == hand) {
    state.LegalActions(&legal);
    state.ApplyLegal(PlayoutChoice(state, legal, rng));
  }
}

}  // namespace strong
