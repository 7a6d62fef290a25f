#include "arbiter/games/zetema/qa/playout_inputs.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

namespace zetema::playout {
namespace {

// A card of some suit and rank, drawn at random.
Card RandomCard(Rng& rng) {
  return MakeCard(int(rng.Below(kNumSuits)), int(rng.Below(kNumRanks)));
}

Card RandomCardOf(const CardSet& set, Rng& rng) {
  const std::vector<Card> cards = set.Cards();
  return cards.empty() ? kNoCard : cards[rng.Below(uint32_t(cards.size()))];
}

// Mutates the text of `a` by one token and parses it back.
bool MutateText(const Action& a, Rng& rng, Action* out) {
  std::string text = ActionToString(a);
  std::vector<std::string> tokens;
  for (size_t pos = 0; pos < text.size();) {
    const size_t end = std::min(text.find(' ', pos), text.size());
    tokens.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  const uint32_t i = rng.Below(uint32_t(tokens.size()));
  static constexpr std::string_view kWords[] = {"discard", "meld", "marry",
                                                ",",       "*",    ""};
  switch (rng.Below(6)) {
    case 0:
      tokens.erase(tokens.begin() + i);
      break;
    case 1:
      tokens[i] = CardToString(RandomCard(rng));
      break;
    case 2:
      tokens.insert(tokens.begin() + i, CardToString(RandomCard(rng)));
      break;
    case 3:
      tokens[i] += "*";
      break;
    case 4:
      tokens[i] = std::string(kWords[rng.Below(6)]);
      break;
    default:
      std::swap(tokens[i], tokens[rng.Below(uint32_t(tokens.size()))]);
      break;
  }
  std::string mutated;
  for (const std::string& t : tokens)
    mutated += (mutated.empty() ? "" : " ") + t;
  auto parsed = ParseAction(mutated);
  if (!parsed) return false;
  *out = *parsed;
  return true;
}

}  // namespace

std::vector<Action> NearMisses(const State& state,
                               const std::vector<Action>& legal, Rng& rng,
                               int count) {
  std::vector<Action> out;
  if (state.IsTerminal() || legal.empty()) return out;
  const CardSet& hand = state.Hand(state.CurrentPlayer());
  for (int tries = 0; int(out.size()) < count && tries < 4 * count; ++tries) {
    Action a = legal[rng.Below(uint32_t(legal.size()))];
    switch (rng.Below(8)) {
      case 0: {  // a discard of a card not in hand
        Card c = RandomCard(rng);
        if (hand.Has(c)) continue;
        a = Action::Discard(c);
        break;
      }
      case 1:  // the discard changed (or dropped, or added)
        a.discard = rng.Below(4) == 0 ? kNoCard : RandomCard(rng);
        break;
      case 2:  // one declared card changed
        if (a.cards.Empty()) continue;
        a.cards.Remove(RandomCardOf(a.cards, rng));
        a.cards.Add(RandomCard(rng));
        break;
      case 3:  // one declared card dropped, or one added
        if (rng.Below(2) == 0 && !a.cards.Empty()) {
          a.cards.Remove(RandomCardOf(a.cards, rng));
        } else {
          a.cards.Add(RandomCard(rng));
        }
        break;
      case 4: {  // a marriage card moved between hand and pile
        if (a.type != ActionType::kMarry) continue;
        if (!a.pile.Empty() && rng.Below(2) == 0) {
          const Card c = RandomCardOf(a.pile, rng);
          a.pile.Remove(c);
          a.cards.Add(c);
        } else {
          const Card c = RandomCardOf(a.cards, rng);
          a.cards.Remove(c);
          a.pile.Add(c);
        }
        break;
      }
      case 5:  // another kind of action with the same cards
        a.type = ActionType((int(a.type) + 1 + rng.Below(2)) % 3);
        break;
      case 6:  // a pile card that is somewhere else
        a.type = ActionType::kMarry;
        a.pile.Add(MakeCard(int(rng.Below(4)), rng.Below(2) ? kKing : kQueen));
        break;
      default:
        if (!MutateText(a, rng, &a)) continue;
        break;
    }
    out.push_back(a);
  }
  return out;
}

Ruleset RandomKnobs(Ruleset r, Rng& rng) {
  auto coin = [&rng] { return rng.Below(2) == 1; };
  auto pick = [&rng](int lo, int hi) {
    return lo + int(rng.Below(hi - lo + 1));
  };
  r.turn_order = coin() ? TurnOrder::kDrawFirst : TurnOrder::kPlayFirst;
  r.imperial_suit = pick(0, 3);
  for (int i = 0; i < 5; ++i) {
    r.hand_size[i] = pick(5, 6);
    r.meld_length[i] = pick(5, r.hand_size[i] + 1);
    r.target[i] = coin() ? pick(1, 400) : pick(150, 300);
  }
  r.partnerships = coin();
  r.six_player_teams = coin() ? SixPlayerTeams::kPairs : SixPlayerTeams::kTrios;
  r.imperial_flush = coin();
  r.imperial_bonus = ImperialBonus(pick(0, 2));
  r.assembly_after =
      coin() ? AssemblyAfter::kDiscard : AssemblyAfter::kWasteAndRefill;
  r.marriage_refill =
      coin() ? MarriageRefill::kEndOfTurn : MarriageRefill::kNextTurn;
  r.two_player_extra_turn = coin();
  r.kq_zetema_needs_assembly = coin();
  r.max_hands = coin() ? pick(1, 3) : 50;
  if (coin()) {
    r.points.sequence = pick(1, 100);
    r.points.flush = pick(1, 100);
    r.points.flush_sequence = pick(1, 100);
    for (int& p : r.points.marriages) p = pick(1, 200);
    for (int& p : r.points.assembly) p = pick(1, 200);
    for (int& p : r.points.zetema) p = pick(1, 100);
  }
  return r;
}

}  // namespace zetema::playout
