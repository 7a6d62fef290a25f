// Pontoon's table view, tallies, scenario state and [expect] keys.
#include <algorithm>
#include <array>

#include "arbiter/game/expect.h"
#include "arbiter/games/pontoon/pontoon_state.h"

namespace pontoon {
namespace {

uint32_t SeenBy(uint8_t known) {
  return known == kKnownByAll ? game::kSeenByAll : uint32_t(known);
}

// The cards of `seat`'s live hands (a bust punter hand is in the pack; the
// banker's stays on the table), in the order dealt.
std::vector<Card> LiveCards(const State& s, int seat) {
  std::vector<Card> out;
  for (const Hand& h : s.SeatAt(seat).Hands()) {
    if (h.status == HandStatus::kBust && seat != s.Banker()) continue;
    out.insert(out.end(), h.Cards().begin(), h.Cards().end());
  }
  return out;
}

std::string SortedText(std::vector<Card> cards) {
  std::sort(cards.begin(), cards.end());
  return CardsText(cards);
}

std::expected<std::string, std::string> NormalSet(std::string_view text) {
  auto cards = ParseCards(text);
  if (!cards) return std::unexpected(cards.error());
  return SortedText(*cards);
}

// Cards in the order given.
std::expected<std::string, std::string> NormalList(std::string_view text) {
  auto cards = ParseCards(text);
  if (!cards) return std::unexpected(cards.error());
  return CardsText(*cards);
}

std::vector<Card> PackCards(const State& s) {
  std::vector<Card> out;
  for (int i = 0; i < s.PackSize(); ++i) out.push_back(s.PackCard(i));
  return out;
}

}  // namespace

void PontoonState::FillView(game::TableView* out) const {
  const pontoon::State& s = state_;
  // A seat's hands' zone names.
  static constexpr std::array<std::string_view, kMaxHands> kHandNames = {
      "hand 1", "hand 2", "hand 3", "hand 4"};
  game::ViewWriter v(out);
  for (int p = 0; p < s.num_seats(); ++p) {
    for (int i = 0; i < s.SeatAt(p).num_hands; ++i) {
      const Hand& h = s.SeatAt(p).hands[size_t(i)];
      if (h.status == HandStatus::kBust && p != s.Banker()) continue;
      game::Zone& z = v.AddZone(kHandNames[size_t(i)], p);
      for (int c = 0; c < h.size; ++c) {
        z.cards.push_back(CardText(h.cards[size_t(c)]));
        z.seen_by.push_back(h.Shown(c)
                                ? game::kSeenByAll
                                : (1u << p) | SeenBy(h.known[size_t(c)]));
      }
    }
    v.AddCounter("chips", p, s.Chips(p));
    v.AddCounter("stake", p, s.SeatAt(p).Stake());
  }
  game::Zone& pack = v.AddZone("pack", -1);
  for (int i = 0; i < s.PackSize(); ++i) {
    pack.cards.push_back(CardText(s.PackCard(i)));
    pack.seen_by.push_back(SeenBy(s.PackKnown(i)));
  }
  v.AddCounter("pack", -1, s.PackSize());
  v.AddCounter("banker", -1, s.Banker());
}

// The same columns at every seat count (selfplay prints one table for all):
// the first banker's chips (the seat advantage the ratings fit), and how
// often each thing happened.
std::vector<game::Counter> PontoonState::Tallies() const {
  int64_t pontoons = 0, busts = 0, splits = 0, buys = 0, twists = 0,
          bankers = 0;
  for (const Event& e : state_.Events()) {
    switch (e.type) {
      case EventType::kBankerPontoon:
      case EventType::kPontoon:
        ++pontoons;
        break;
      case EventType::kBust:
        ++busts;
        break;
      case EventType::kSplit:
        ++splits;
        break;
      case EventType::kBuy:
        ++buys;
        break;
      case EventType::kTwist:
        ++twists;
        break;
      case EventType::kNewBanker:
        ++bankers;
        break;
      default:
        break;
    }
  }
  return {
      {.name = "chips/banker", .value = state_.Chips(state_.FirstBanker())},
      {.name = "count/pontoon", .value = pontoons},
      {.name = "count/bust", .value = busts},
      {.name = "count/split", .value = splits},
      {.name = "count/buy", .value = buys},
      {.name = "count/twist", .value = twists},
      {.name = "count/shuffle", .value = int64_t(state_.Shuffles().size())},
      {.name = "count/banker", .value = bankers},
  };
}

nlohmann::json PontoonState::ToJson() const {
  const pontoon::State& s = state_;
  nlohmann::json j;
  j["to_move"] = s.CurrentSeat();
  j["current_hand"] = s.CurrentHand();
  j["hand_number"] = s.HandNumber();
  j["banker"] = s.Banker();
  std::vector<int> chips, stakes;
  std::vector<std::string> hands;
  for (int p = 0; p < s.num_seats(); ++p) {
    chips.push_back(s.Chips(p));
    stakes.push_back(s.SeatAt(p).Stake());
    hands.push_back(SortedText(LiveCards(s, p)));
  }
  j["scores"] = chips;
  j["stakes"] = stakes;
  j["hands"] = hands;
  j["pack"] = s.PackSize();
  std::vector<std::string> pack_order;
  for (Card c : PackCards(s)) pack_order.push_back(CardText(c));
  j["pack_order"] = pack_order;
  std::vector<std::string> legal;
  for (int i = 0; i < NumLegalActions(); ++i)
    legal.push_back(LegalActionText(i));
  j["legal"] = legal;
  j["legal_count"] = NumLegalActions();
  return j;
}

game::ExpectCheck PontoonState::Expect(std::string_view key,
                                       const toml::node& want) const {
  const pontoon::State& s = state_;
  if (key == "hand_number") return game::ExpectInt(key, want, s.HandNumber());
  if (key == "banker") return game::ExpectInt(key, want, s.Banker());
  if (key == "pack") return game::ExpectInt(key, want, s.PackSize());
  if (key == "current_hand") {
    return game::ExpectInt(key, want, s.CurrentHand());
  }
  if (key == "stakes") {
    std::vector<int> stakes;
    for (int p = 0; p < s.num_seats(); ++p) {
      stakes.push_back(s.SeatAt(p).Stake());
    }
    return game::ExpectIntList(key, want, stakes);
  }
  if (key == "hands") {
    std::vector<std::string> hands;
    for (int p = 0; p < s.num_seats(); ++p) {
      hands.push_back(SortedText(LiveCards(s, p)));
    }
    return game::ExpectCardsPerSeat(key, want, hands, NormalSet);
  }
  if (key == "pack_order") {
    return game::ExpectCards(key, want, CardsText(PackCards(s)), NormalList);
  }
  return {.known = false};
}

}  // namespace pontoon
