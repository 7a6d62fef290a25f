#include "arbiter/games/zetema/qa/playout_checks.h"

#include <fmt/format.h>

#include <algorithm>

namespace zetema::playout {
namespace {

// Counts of each card kind (suit * 16 + rank).
using KindCounts = std::array<int, 64>;

void Count(const CardSet& set, KindCounts* counts) {
  for (Card c : set.Cards()) ++(*counts)[c];
}

std::string CountsDiff(const KindCounts& got, const KindCounts& want) {
  std::string missing, extra;
  for (int k = 0; k < 64; ++k) {
    for (int i = got[k]; i < want[k]; ++i)
      missing += CardToString(Card(k)) + " ";
    for (int i = want[k]; i < got[k]; ++i) extra += CardToString(Card(k)) + " ";
  }
  return fmt::format("missing [{}] extra [{}]", missing, extra);
}

}  // namespace

Snapshot TakeSnapshot(const State& state) {
  Snapshot s;
  for (int seat = 0; seat < state.num_players(); ++seat) {
    s.hands[seat] = state.Hand(seat);
    s.known[seat] = state.Known(seat);
    s.scores[seat] = state.Score(seat);
  }
  for (int t = 0; t < state.NumTeams(); ++t)
    s.team_scores[t] = state.TeamScore(t);
  s.piles = state.Piles();
  s.waste = state.Waste();
  s.stock_size = state.StockSize();
  s.current = state.CurrentPlayer();
  s.hand_number = state.HandNumber();
  s.dealer = state.Dealer();
  s.winner = state.Winner();
  s.num_events = state.Events().size();
  return s;
}

std::string DescribeState(const State& state) {
  std::string out =
      fmt::format("hand {} dealer {} to_move {} winner {} stock {} waste {}\n",
                  state.HandNumber(), state.Dealer(), state.CurrentPlayer(),
                  state.Winner(), state.StockSize(), state.WasteSize());
  for (int seat = 0; seat < state.num_players(); ++seat) {
    out +=
        fmt::format("  seat {} team {} score {} hand [{}] known [{}]\n", seat,
                    state.TeamOf(seat), state.Score(seat),
                    state.Hand(seat).ToString(), state.Known(seat).ToString());
  }
  out += fmt::format("  piles [{}]\n", state.Piles().ToString());
  return out;
}

std::string CheckState(const State& state) {
  const int n = state.num_players();
  const Ruleset& rules = state.rules();
  if (state.HandNumber() < 1 || state.HandNumber() > rules.max_hands) {
    return fmt::format("hand number {} outside 1..{}", state.HandNumber(),
                       rules.max_hands);
  }
  const std::vector<Card>& deck = state.Deck(state.HandNumber());
  if (state.StockSize() < 0 || state.StockSize() > int(deck.size())) {
    return fmt::format("stock size {} outside 0..{}", state.StockSize(),
                       deck.size());
  }
  KindCounts got{}, want{};
  for (Card c : FullDeck(rules.imperial_suit)) ++want[c];
  for (int seat = 0; seat < n; ++seat) Count(state.Hand(seat), &got);
  Count(state.Piles(), &got);
  Count(state.Waste(), &got);
  for (size_t i = deck.size() - state.StockSize(); i < deck.size(); ++i) {
    ++got[deck[i]];
  }
  if (got != want) return "cards not conserved: " + CountsDiff(got, want);

  const int max_hand = rules.HandSize(n) + 1;
  for (int seat = 0; seat < n; ++seat) {
    if (state.Hand(seat).Size() > max_hand) {
      return fmt::format("seat {} holds {} cards, more than {}", seat,
                         state.Hand(seat).Size(), max_hand);
    }
    if (!state.Hand(seat).Contains(state.Known(seat))) {
      return fmt::format("seat {} known cards [{}] not all in hand", seat,
                         state.Known(seat).ToString());
    }
  }
  for (int r = 0; r < kNumRanks; ++r) {
    if (state.PileSize(r) > 4) {
      return fmt::format("pile {} holds {} cards, more than 4", r,
                         state.PileSize(r));
    }
  }
  const std::vector<int> teams = rules.Teams(n);
  std::vector<int> sums(state.NumTeams(), 0);
  for (int seat = 0; seat < n; ++seat) {
    if (state.TeamOf(seat) != teams[seat]) {
      return fmt::format("seat {} in team {}, rules say {}", seat,
                         state.TeamOf(seat), teams[seat]);
    }
    sums[teams[seat]] += state.Score(seat);
  }
  const int target = rules.Target(n);
  for (int t = 0; t < state.NumTeams(); ++t) {
    if (sums[t] != state.TeamScore(t)) {
      return fmt::format("team {} score {} but its members have {}", t,
                         state.TeamScore(t), sums[t]);
    }
    if (!state.IsTerminal() && state.TeamScore(t) >= target) {
      return fmt::format("team {} has {} >= target {} but the game goes on", t,
                         state.TeamScore(t), target);
    }
  }
  const int w = state.Winner();
  if (w != -1 && (!state.IsTerminal() || w < 0 || w >= n ||
                  state.TeamScore(state.TeamOf(w)) < target)) {
    return fmt::format("winner {} inconsistent (terminal {}, target {})", w,
                       int(state.IsTerminal()), target);
  }
  if (state.IsTerminal()) {
    if (w == -1 && state.HandNumber() != rules.max_hands) {
      return fmt::format("game over with no winner in hand {} of {}",
                         state.HandNumber(), rules.max_hands);
    }
    return "";
  }
  const int cur = state.CurrentPlayer();
  if (cur < 0 || cur >= n)
    return fmt::format("seat to act {} out of range", cur);
  if (state.Hand(cur).Empty())
    return fmt::format("seat {} must act with no cards", cur);
  const Observation obs = state.ObservationFor(cur, /*with_history=*/false);
  if (obs.seat != cur || obs.hand != state.Hand(cur) ||
      obs.piles != state.Piles() || obs.waste != state.Waste() ||
      obs.stock_size != state.StockSize() || int(obs.scores.size()) != n ||
      obs.scores[cur] != state.Score(cur) || obs.current_player != cur) {
    return "observation disagrees with the state";
  }
  return "";
}

std::string CheckLegalList(const State& state,
                           const std::vector<Action>& legal) {
  if (state.IsTerminal()) {
    return legal.empty() ? "" : "legal actions listed after the game ended";
  }
  if (legal.empty()) {
    return fmt::format("seat {} must act but has no legal action",
                       state.CurrentPlayer());
  }
  for (size_t i = 0; i < legal.size(); ++i) {
    const Action& a = legal[i];
    for (size_t j = i + 1; j < legal.size(); ++j) {
      if (a == legal[j]) {
        return fmt::format("legal action listed twice: {} (at {} and {})",
                           ActionToString(a), i, j);
      }
    }
    if (a.type == ActionType::kMeld && a.meld == MeldType::kNone) {
      return "listed meld without a meld type: " + ActionToString(a);
    }
    const std::string text = ActionToString(a);
    auto parsed = ParseAction(text);
    if (!parsed || !(*parsed == a)) {
      return fmt::format("'{}' does not parse back to itself ({})", text,
                         parsed ? ActionToString(*parsed) : parsed.error());
    }
    auto legalized = state.Legalize(*parsed);
    if (!legalized || !(*legalized == a) || legalized->meld != a.meld) {
      return fmt::format(
          "Legalize refuses listed '{}': {}", text,
          legalized ? ActionToString(*legalized) : legalized.error());
    }
  }
  return "";
}

std::string CheckAllApply(const State& state,
                          const std::vector<Action>& legal) {
  for (const Action& a : legal) {
    State copy = state;
    if (auto r = copy.Apply(a); !r) {
      return fmt::format("listed '{}' refused: {}", ActionToString(a),
                         r.error());
    }
  }
  return "";
}

// Text of an action that may hold cards no pack has (the near misses do):
// CardToString is only defined for real cards.
std::string SafeText(const Action& a) {
  bool all_real = a.discard == kNoCard || IsValidCard(a.discard);
  for (Card c : a.cards.Plus(a.pile).Cards())
    all_real = all_real && IsValidCard(c);
  if (all_real && !(a.type == ActionType::kDiscard && a.discard == kNoCard)) {
    return ActionToString(a);
  }
  return fmt::format("(type {} discard {} cards {}/{} pile {}/{})", int(a.type),
                     int(a.discard), a.cards.KindBits(), a.cards.DoubleBits(),
                     a.pile.KindBits(), a.pile.DoubleBits());
}

std::string CheckApplyMatchesList(const State& state,
                                  const std::vector<Action>& legal,
                                  const Action& action) {
  const bool listed =
      std::find(legal.begin(), legal.end(), action) != legal.end();
  auto legalized = state.Legalize(action);
  if (legalized.has_value() != listed) {
    return fmt::format("Legalize {} '{}', which is {}listed",
                       legalized ? "accepts" : "refuses", SafeText(action),
                       listed ? "" : "not ");
  }
  State copy = state;
  auto applied = copy.Apply(action);
  if (applied.has_value() != listed) {
    return fmt::format("Apply {} '{}', which is {}listed",
                       applied ? "accepts" : "refuses", SafeText(action),
                       listed ? "" : "not ");
  }
  if (!listed) {
    if (applied.error().empty())
      return "empty error refusing " + SafeText(action);
    if (!(TakeSnapshot(copy) == TakeSnapshot(state))) {
      return "refused '" + SafeText(action) + "' changed the state";
    }
  }
  return "";
}

std::string CheckObservations(const State& state) {
  const int n = state.num_players();
  const std::vector<Event>& events = state.Events();
  for (int seat = 0; seat < n; ++seat) {
    const Observation obs = state.ObservationFor(seat);
    if (obs.seat != seat || obs.hand != state.Hand(seat) ||
        int(obs.hand_sizes.size()) != n || int(obs.known.size()) != n ||
        int(obs.team_scores.size()) != state.NumTeams() ||
        obs.history.size() != events.size()) {
      return fmt::format("observation of seat {} has the wrong shape", seat);
    }
    for (int p = 0; p < n; ++p) {
      if (obs.hand_sizes[p] != state.Hand(p).Size() ||
          obs.known[p] != state.Known(p) || obs.team_of[p] != state.TeamOf(p)) {
        return fmt::format("observation of seat {} is wrong about seat {}",
                           seat, p);
      }
    }
    for (size_t i = 0; i < events.size(); ++i) {
      Event want = events[i];
      if (want.type == EventType::kDraw && want.seat != seat)
        want.card = kNoCard;
      if (!SameEvent(obs.history[i], want)) {
        return fmt::format("seat {} sees event {} as '{}', should be '{}'",
                           seat, i, EventToString(obs.history[i], seat),
                           EventToString(want, seat));
      }
    }
  }
  return "";
}

std::string CheckStandings(const State& state) {
  const int n = state.num_players();
  const std::vector<int> places = state.Standings();
  if (int(places.size()) != n) {
    return fmt::format("standings list {} seats of {}", places.size(), n);
  }
  const int win_team = state.Winner() >= 0 ? state.TeamOf(state.Winner()) : -1;
  // Lower key = better place: the winner's team first, then by team score.
  auto key = [&](int seat) {
    const int team = state.TeamOf(seat);
    return std::pair(team == win_team ? 0 : 1, -state.TeamScore(team));
  };
  if (*std::min_element(places.begin(), places.end()) != 1) {
    return "nobody is placed first";
  }
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if ((key(i) < key(j)) != (places[i] < places[j]) ||
          (key(i) == key(j)) != (places[i] == places[j])) {
        return fmt::format(
            "seat {} (team score {}) placed {} but seat {} (team score {}) "
            "placed {}; winner {}",
            i, state.TeamScore(state.TeamOf(i)), places[i], j,
            state.TeamScore(state.TeamOf(j)), places[j], state.Winner());
      }
    }
  }
  return "";
}

std::string CheckScoresRise(const State& state, std::vector<int>* previous) {
  previous->resize(state.num_players(), 0);
  for (int seat = 0; seat < state.num_players(); ++seat) {
    if (state.Score(seat) < (*previous)[seat]) {
      return fmt::format("seat {} score fell from {} to {}", seat,
                         (*previous)[seat], state.Score(seat));
    }
    (*previous)[seat] = state.Score(seat);
  }
  return "";
}

bool SameEvent(const Event& a, const Event& b) {
  return a.type == b.type && a.seat == b.seat && a.card == b.card &&
         a.points == b.points && a.value == b.value && a.action == b.action &&
         a.action.meld == b.action.meld;
}

uint64_t HashEvents(const std::vector<Event>& events, uint64_t hash) {
  auto mix = [&hash](uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      hash = (hash ^ ((v >> (8 * i)) & 0xFF)) * 0x100000001B3ULL;
    }
  };
  // Cards by rank and suit, not by their bit layout, so that a change of
  // encoding is a refactor that keeps the digest.
  auto mix_card = [&mix](Card c) {
    mix(c == kNoCard ? 0xFFFF : uint64_t(RankOf(c) * 8 + SuitOf(c)));
  };
  auto mix_set = [&](const CardSet& set) {
    mix(uint64_t(set.Size()));
    for (Card c : set.SortedByRank()) mix_card(c);
  };
  for (const Event& e : events) {
    mix(uint64_t(e.type));
    mix(uint64_t(int64_t(e.seat)));
    mix_card(e.card);
    mix(uint64_t(int64_t(e.points)));
    mix(uint64_t(int64_t(e.value)));
    if (e.type == EventType::kDeclare || e.type == EventType::kWaste) {
      mix(uint64_t(e.action.type));
      mix(uint64_t(e.action.meld));
      mix_card(e.action.discard);
      mix_set(e.action.cards);
      mix_set(e.action.pile);
    }
  }
  return hash;
}

}  // namespace zetema::playout
