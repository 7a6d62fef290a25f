// What viewers and scenario files see of a Zetema state: the table view
// (hands, the thirteen rank piles, the waste, the stock), the state as JSON,
// and Zetema's own [expect] keys (hand_number, hands, piles, waste, stock,
// dealer).
#include <fmt/format.h>

#include <array>

#include "arbiter/game/card_keys.h"
#include "arbiter/game/expect.h"
#include "arbiter/games/zetema/zetema_state.h"

namespace zetema {
namespace {

using nlohmann::json;

// Every card's text, by card (the view writes one per card at every
// position of a replay).
const std::array<std::string, 64> kCardTexts = [] {
  std::array<std::string, 64> texts;
  for (size_t c = 0; c < texts.size(); ++c) texts[c] = CardToString(Card(c));
  return texts;
}();

// The cards of `cards` by rank into `z`, each seen by `seen_by` but those
// of `shown` (one copy each), which every seat has seen.
void AddCards(game::Zone& z, const CardSet& cards, uint32_t seen_by,
              CardSet shown = {}) {
  cards.ForEachByRank([&](Card c) {
    z.cards.push_back(kCardTexts[c]);
    z.seen_by.push_back(shown.Has(c) ? game::kSeenByAll : seen_by);
    if (shown.Has(c)) shown.Remove(c);
  });
}

// The piles' zone names, by rank.
constexpr std::array<std::string_view, kNumRanks> kPileNames = {
    "pile A", "pile 2", "pile 3", "pile 4", "pile 5", "pile 6", "pile 7",
    "pile 8", "pile 9", "pile T", "pile J", "pile Q", "pile K"};

std::expected<std::string, std::string> NormalCardSet(std::string_view text) {
  auto cards = ParseCardSet(text);
  if (!cards) return std::unexpected(cards.error());
  return cards->ToString();
}

game::ExpectCheck ExpectPiles(const zetema::State& s, const toml::node& want) {
  const toml::table* table = want.as_table();
  if (!table) {
    return {.error = "expect.piles: must be a table of rank = \"cards\""};
  }
  std::array<CardSet, kNumRanks> wanted{};
  for (auto&& [key, value] : *table) {
    const std::string sub = fmt::format("expect.piles.{}", key.str());
    const auto rank = ParseRank(key.str());
    if (!rank) return {.error = sub + ": " + rank.error()};
    const auto text = game::CardsText(value, sub);
    if (!text) return {.error = text.error()};
    const auto cards = ParseCardSet(*text);
    if (!cards) return {.error = sub + ": " + cards.error()};
    wanted[*rank] = *cards;
  }
  // Ranks the expectation does not name must be empty.
  for (int r = 0; r < kNumRanks; ++r) {
    const CardSet got = s.Piles().OfRank(r);
    if (got != wanted[r]) {
      return {.failure = fmt::format("expect.piles.{}: expected \"{}\", got "
                                     "\"{}\"",
                                     RankChar(r), wanted[r].ToString(),
                                     got.ToString())};
    }
  }
  return {};
}

// The kinds of points a summary counts; "imper" is the imperial bonus, read
// off a marriage declaration as its points beyond the ruleset's.
enum Kind {
  kSequence,
  kFlush,
  kFlushSequence,
  kAssembly,
  kMarriages,
  kImperial,
  kZetema,
  kNumKinds
};
constexpr const char* kKindNames[kNumKinds] = {
    "seq", "flush", "fseq", "assem", "marr", "imper", "zetema"};

Kind KindOf(MeldType meld) {
  switch (meld) {
    case MeldType::kSequence:
      return kSequence;
    case MeldType::kFlush:
      return kFlush;
    case MeldType::kFlushSequence:
      return kFlushSequence;
    default:
      return kAssembly;
  }
}

}  // namespace

std::vector<game::Counter> ZetemaState::Tallies() const {
  std::array<int64_t, kNumKinds> points{}, count{};
  auto add = [&](Kind k, int p) {
    points[k] += p;
    ++count[k];
  };
  for (const Event& e : state_.Events()) {
    if (e.type == EventType::kZetema) add(kZetema, e.points);
    if (e.type != EventType::kDeclare) continue;
    const Action& a = e.action;
    if (a.type != ActionType::kMarry) {
      add(KindOf(a.meld), e.points);
      continue;
    }
    const int pairs = (a.cards.Size() + a.pile.Size()) / 2;
    const int base = state_.rules().points.marriages[pairs - 1];
    add(kMarriages, base);
    if (e.points > base) add(kImperial, e.points - base);
  }
  std::vector<game::Counter> out;
  for (int k = 0; k < kNumKinds; ++k) {
    out.push_back(
        {.name = fmt::format("points/{}", kKindNames[k]), .value = points[k]});
  }
  for (int k = 0; k < kNumKinds; ++k) {
    out.push_back(
        {.name = fmt::format("count/{}", kKindNames[k]), .value = count[k]});
  }
  return out;
}

void ZetemaState::FillView(game::TableView* out) const {
  const zetema::State& s = state_;
  game::ViewWriter view(out);
  for (int p = 0; p < s.num_players(); ++p) {
    // Cards shown in a declaration and still held are public.
    AddCards(view.AddZone("hand", p), s.Hand(p), 1u << p, s.Known(p));
    view.AddCounter("score", p, s.Score(p));
  }
  for (int r = 0; r < kNumRanks; ++r) {
    AddCards(view.AddZone(kPileNames[size_t(r)], -1), s.Piles().OfRank(r),
             game::kSeenByAll);
  }
  // Every card that goes to the waste was shown on its way.
  AddCards(view.AddZone("waste", -1), s.Waste(), game::kSeenByAll);
  const std::vector<Card>& deck = s.Deck(s.HandNumber());
  game::Zone& stock = view.AddZone("stock", -1);
  for (auto c = deck.end() - s.StockSize(); c != deck.end(); ++c) {
    stock.cards.push_back(kCardTexts[*c]);
    stock.seen_by.push_back(0);
  }
  view.AddCounter("stock", -1, s.StockSize());
  view.AddCounter("hand", -1, s.HandNumber());
  view.AddCounter("dealer", -1, s.Dealer());
}

json ZetemaState::ToJson() const {
  const zetema::State& s = state_;
  json j;
  j["hand_number"] = s.HandNumber();
  j["dealer"] = s.Dealer();
  j["to_move"] = s.CurrentPlayer();
  j["winner"] = s.Winner();
  j["scores"] = json::array();
  j["team_scores"] = json::array();
  j["teams"] = json::array();
  j["hands"] = json::array();
  j["known"] = json::array();
  for (int p = 0; p < s.num_players(); ++p) {
    j["scores"].push_back(s.Score(p));
    j["teams"].push_back(s.TeamOf(p));
    j["hands"].push_back(s.Hand(p).ToString());
    j["known"].push_back(s.Known(p).ToString());
  }
  for (int t = 0; t < s.NumTeams(); ++t) {
    j["team_scores"].push_back(s.TeamScore(t));
  }
  j["piles"] = json::object();
  for (int r = 0; r < kNumRanks; ++r) {
    const CardSet pile = s.Piles().OfRank(r);
    if (!pile.Empty())
      j["piles"][std::string(1, RankChar(r))] = pile.ToString();
  }
  j["waste"] = s.WasteSize();
  j["waste_cards"] = s.Waste().ToString();
  j["stock"] = s.StockSize();
  j["legal_count"] = Legal().size();
  j["legal"] = json::array();
  for (const Action& a : Legal()) j["legal"].push_back(ActionToString(a));
  if (s.IsTerminal()) j["standings"] = s.Standings();
  return j;
}

game::ExpectCheck ZetemaState::Expect(std::string_view key,
                                      const toml::node& want) const {
  const zetema::State& s = state_;
  if (key == "hand_number") return game::ExpectInt(key, want, s.HandNumber());
  if (key == "dealer") return game::ExpectInt(key, want, s.Dealer());
  if (key == "waste") return game::ExpectInt(key, want, s.WasteSize());
  if (key == "stock") return game::ExpectInt(key, want, s.StockSize());
  if (key == "piles") return ExpectPiles(s, want);
  if (key == "hands") {
    std::vector<std::string> hands;
    for (int p = 0; p < s.num_players(); ++p) {
      hands.push_back(s.Hand(p).ToString());
    }
    return game::ExpectCardsPerSeat(key, want, hands, NormalCardSet);
  }
  return {.known = false};
}

}  // namespace zetema
