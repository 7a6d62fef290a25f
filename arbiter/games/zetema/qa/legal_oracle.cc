#include "arbiter/games/zetema/qa/legal_oracle.h"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

namespace zetema::playout {
namespace {

bool Consecutive(std::vector<int> ranks) {
  std::sort(ranks.begin(), ranks.end());
  for (size_t i = 1; i < ranks.size(); ++i) {
    if (ranks[i] != ranks[i - 1] + 1) return false;
  }
  return true;
}

// Distinct kinds of a set, one card each.
std::vector<Card> Kinds(const CardSet& set) {
  std::vector<Card> kinds = set.Cards();
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  return kinds;
}

std::string Where(const State& state) {
  const int cur = state.CurrentPlayer();
  return " (seat " + std::to_string(cur) + " hand [" +
         state.Hand(cur).ToString() + "], piles [" + state.Piles().ToString() +
         "], stock " + std::to_string(state.StockSize()) + ")";
}

void AddMelds(const State& state, std::vector<Action>* out) {
  const Ruleset& rules = state.rules();
  const int meld_length = rules.MeldLength(state.num_players());
  const CardSet& hand = state.Hand(state.CurrentPlayer());
  const std::vector<Card> cards = hand.Cards();
  std::vector<CardSet> seen;
  for (uint32_t mask = 0; mask < (1u << cards.size()); ++mask) {
    const int size = std::popcount(mask);
    if (size != meld_length && size != 5) continue;
    std::vector<Card> chosen;
    CardSet set;
    for (size_t i = 0; i < cards.size(); ++i) {
      if (mask >> i & 1) {
        chosen.push_back(cards[i]);
        set.Add(cards[i]);
      }
    }
    if (std::find(seen.begin(), seen.end(), set) != seen.end()) continue;
    seen.push_back(set);
    const MeldType type = ClassifyMeld(chosen, rules, meld_length);
    if (type == MeldType::kNone) continue;
    std::vector<Card> discards;
    if (type == MeldType::kAssembly &&
        rules.assembly_after == AssemblyAfter::kWasteAndRefill) {
      discards = {kNoCard};
    } else if (rules.turn_order == TurnOrder::kDrawFirst) {
      discards = Kinds(set);  // one of the declared cards
    } else {
      discards = Kinds(hand);  // any card
    }
    for (Card d : discards) {
      Action a;
      a.type = ActionType::kMeld;
      a.meld = type;
      a.discard = d;
      a.cards = set;
      out->push_back(a);
    }
  }
}

// One suit's share of a marriage declaration.
struct SuitPart {
  int hand_kings, pile_kings, hand_queens, pile_queens;
};

void AddMarriages(const State& state, std::vector<Action>* out) {
  const CardSet& hand = state.Hand(state.CurrentPlayer());
  const CardSet& piles = state.Piles();
  std::array<std::vector<SuitPart>, kNumSuits> options;
  for (int s = 0; s < kNumSuits; ++s) {
    const Card k = MakeCard(s, kKing), q = MakeCard(s, kQueen);
    for (int kh = 0; kh <= hand.Count(k); ++kh) {
      for (int kp = 0; kp <= piles.Count(k); ++kp) {
        for (int qh = 0; qh <= hand.Count(q); ++qh) {
          for (int qp = 0; qp <= piles.Count(q); ++qp) {
            // Equal kings and queens, and pairs that each hold a hand card:
            // every pile king needs a hand queen.
            if (kh + kp == qh + qp && kp <= qh)
              options[s].push_back({kh, kp, qh, qp});
          }
        }
      }
    }
  }
  for (const SuitPart& s0 : options[0]) {
    for (const SuitPart& s1 : options[1]) {
      for (const SuitPart& s2 : options[2]) {
        for (const SuitPart& s3 : options[3]) {
          const SuitPart parts[] = {s0, s1, s2, s3};
          Action a;
          a.type = ActionType::kMarry;
          for (int s = 0; s < kNumSuits; ++s) {
            for (int i = 0; i < parts[s].hand_kings; ++i)
              a.cards.Add(MakeCard(s, kKing));
            for (int i = 0; i < parts[s].pile_kings; ++i)
              a.pile.Add(MakeCard(s, kKing));
            for (int i = 0; i < parts[s].hand_queens; ++i)
              a.cards.Add(MakeCard(s, kQueen));
            for (int i = 0; i < parts[s].pile_queens; ++i)
              a.pile.Add(MakeCard(s, kQueen));
          }
          if (!a.cards.Empty()) out->push_back(a);
        }
      }
    }
  }
}

int MarriagePoints(const Ruleset& rules, const Action& a, int earlier_imperial,
                   int* imperial) {
  const int pairs = (a.cards.Size() + a.pile.Size()) / 2;
  const Card imperial_king = MakeCard(rules.imperial_suit, kKing);
  *imperial = a.cards.Count(imperial_king) + a.pile.Count(imperial_king);
  const int base = rules.points.marriages[pairs - 1];
  if (pairs == 5) return base;  // never an imperial bonus on top of 150
  switch (rules.imperial_bonus) {
    case ImperialBonus::kEach:
      return base + 10 * *imperial;
    case ImperialBonus::kSecond:
      if (*imperial == 2) return base + 20;
      return base + (*imperial == 1 && earlier_imperial >= 1 ? 10 : 0);
    case ImperialBonus::kNone:
      break;
  }
  return base;
}

}  // namespace

MeldType ClassifyMeld(const std::vector<Card>& cards, const Ruleset& rules,
                      int meld_length) {
  if (cards.empty()) return MeldType::kNone;
  bool one_rank = true, one_suit = true;
  std::vector<int> ranks;
  for (Card c : cards) {
    one_rank = one_rank && RankOf(c) == RankOf(cards[0]);
    one_suit = one_suit && SuitOf(c) == SuitOf(cards[0]);
    ranks.push_back(RankOf(c));
  }
  // Five cards of one rank are all five of them.
  if (cards.size() == 5 && one_rank) return MeldType::kAssembly;
  if (int(cards.size()) != meld_length) return MeldType::kNone;
  std::vector<int> high = ranks;  // the ace above the king
  for (int& r : high) r = r == kAce ? kKing + 1 : r;
  const bool sequence = Consecutive(ranks) || Consecutive(high);
  const bool excluded =
      SuitOf(cards[0]) == rules.imperial_suit && !rules.imperial_flush;
  if (one_suit && sequence) {
    return excluded ? MeldType::kSequence : MeldType::kFlushSequence;
  }
  if (one_suit) return excluded ? MeldType::kNone : MeldType::kFlush;
  return sequence ? MeldType::kSequence : MeldType::kNone;
}

std::vector<Action> OracleLegalActions(const State& state) {
  std::vector<Action> out;
  if (state.IsTerminal()) return out;
  for (Card c : Kinds(state.Hand(state.CurrentPlayer()))) {
    out.push_back(Action::Discard(c));
  }
  AddMelds(state, &out);
  AddMarriages(state, &out);
  return out;
}

std::string CheckAgainstOracle(const State& state,
                               const std::vector<Action>& legal) {
  const std::vector<Action> expected = OracleLegalActions(state);
  for (const Action& e : expected) {
    auto it = std::find(legal.begin(), legal.end(), e);
    if (it == legal.end()) {
      return "legal action missing from the list: " + ActionToString(e) +
             Where(state);
    }
    if (it->meld != e.meld) {
      return "meld " + ActionToString(e) + " listed as " +
             std::string(ToString(it->meld)) + ", rules say " +
             std::string(ToString(e.meld)) + Where(state);
    }
  }
  for (const Action& l : legal) {
    if (std::find(expected.begin(), expected.end(), l) == expected.end()) {
      return "listed action breaks the rules: " + ActionToString(l) +
             Where(state);
    }
  }
  return "";
}

std::string EventAuditor::Check(const State& state) {
  points_.resize(state.num_players(), 0);
  const std::vector<Event>& events = state.Events();
  for (; seen_ < events.size(); ++seen_) {
    if (auto e = CheckOne(state, events[seen_]); !e.empty()) {
      return "event " + std::to_string(seen_) + " '" +
             EventToString(events[seen_]) + "': " + e;
    }
  }
  for (int seat = 0; seat < state.num_players(); ++seat) {
    if (points_[seat] != state.Score(seat)) {
      return "seat " + std::to_string(seat) + " scores " +
             std::to_string(state.Score(seat)) + " but its events give " +
             std::to_string(points_[seat]);
    }
  }
  return "";
}

std::string EventAuditor::CheckOne(const State& state, const Event& e) {
  const Ruleset& rules = state.rules();
  int expected = 0;
  switch (e.type) {
    case EventType::kDeal:
      std::fill(std::begin(assembly_declared_), std::end(assembly_declared_),
                false);
      imperial_marriages_ = 0;
      return "";
    case EventType::kZetema: {
      const int rank = RankOf(e.card);
      expected = rules.points.zetema[rank];
      if (rules.kq_zetema_needs_assembly && (rank == kKing || rank == kQueen) &&
          !assembly_declared_[rank]) {
        expected = 0;
      }
      break;
    }
    case EventType::kDeclare:
      if (e.action.type == ActionType::kMarry) {
        int imperial = 0;
        expected =
            MarriagePoints(rules, e.action, imperial_marriages_, &imperial);
        imperial_marriages_ += imperial;
        break;
      }
      if (e.action.type != ActionType::kMeld) return "declares a discard";
      {
        const MeldType type =
            ClassifyMeld(e.action.cards.Cards(), rules,
                         rules.MeldLength(state.num_players()));
        if (type != e.action.meld) {
          return "meld type " + std::string(ToString(e.action.meld)) +
                 ", rules say " + std::string(ToString(type));
        }
        switch (type) {
          case MeldType::kSequence:
            expected = rules.points.sequence;
            break;
          case MeldType::kFlush:
            expected = rules.points.flush;
            break;
          case MeldType::kFlushSequence:
            expected = rules.points.flush_sequence;
            break;
          case MeldType::kAssembly: {
            const int rank = RankOf(e.action.cards.Cards()[0]);
            expected = rules.points.assembly[rank];
            assembly_declared_[rank] = true;
            break;
          }
          case MeldType::kNone:
            return "declares no meld";
        }
      }
      break;
    default:
      return "";
  }
  if (e.points != expected) {
    return "scores " + std::to_string(e.points) + ", rules say " +
           std::to_string(expected);
  }
  if (e.seat < 0 || e.seat >= state.num_players()) return "no seat";
  points_[e.seat] += e.points;
  return "";
}

}  // namespace zetema::playout
