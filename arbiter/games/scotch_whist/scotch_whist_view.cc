// What viewers and scenario files see of a Scotch Whist state: the table
// view (hands, the turned trump card, the trick named with the trump suit,
// each seat's captured cards; scores and tricks as counters), the state as
// JSON, and Scotch Whist's own [expect] keys.
#include <fmt/format.h>

#include <array>
#include <bit>
#include <span>

#include "arbiter/game/expect.h"
#include "arbiter/games/scotch_whist/scotch_whist_state.h"

namespace scotch_whist {
namespace {

using nlohmann::json;

// `cards` into `z`, each seen by `seen_by`.
template <typename Cards>
void AddCards(game::Zone& z, const Cards& cards, uint32_t seen_by) {
  for (Card c : cards) {
    z.cards.push_back(CardToString(c));
    z.seen_by.push_back(seen_by);
  }
}

// A set's cards in card order, without making their list.
void AddCards(game::Zone& z, const CardSet& cards, uint32_t seen_by) {
  for (uint64_t b = cards.bits(); b != 0; b &= b - 1) {
    z.cards.push_back(CardToString(Card(std::countr_zero(b))));
    z.seen_by.push_back(seen_by);
  }
}

std::vector<Card> TrickCards(const Trick& t) {
  return {t.cards.begin(), t.cards.begin() + t.size};
}

std::expected<std::string, std::string> NormalCardSet(std::string_view text) {
  auto cards = ParseCardSet(text);
  if (!cards) return std::unexpected(cards.error());
  return cards->ToString();
}

std::expected<std::string, std::string> NormalCardList(std::string_view text) {
  auto cards = ParseCardList(text);
  if (!cards) return std::unexpected(cards.error());
  return CardsToString(*cards);
}

std::expected<std::string, std::string> NormalSuit(std::string_view text) {
  auto suit = ParseSuit(text);
  if (!suit) return std::unexpected(suit.error());
  return std::string(1, SuitChar(*suit));
}

}  // namespace

void ScotchWhistState::FillView(game::TableView* out) const {
  const scotch_whist::State& s = state_;
  const int n = s.num_players();
  game::ViewWriter view(out);
  // The turned card has a zone of its own while the dealer holds it.
  const Card turned = s.TrumpHeld() ? s.TrumpCard() : kNoCard;
  for (int p = 0; p < n; ++p) {
    CardSet hand = s.Hand(p);
    if (turned != kNoCard) hand.Remove(turned);
    AddCards(view.AddZone("hand", p), hand, 1u << p);
  }
  game::Zone& trump = view.AddZone("trump", s.Dealer());
  if (turned != kNoCard) AddCards(trump, std::array{turned}, game::kSeenByAll);
  // The trump suit stays on the table after the turned card is played: in
  // the trick's name, as a viewer has nowhere else to read it.
  constexpr std::array<std::string_view, kNumSuits> kTrickNames = {
      "trick, trumps spades", "trick, trumps hearts", "trick, trumps diamonds",
      "trick, trumps clubs"};
  const Trick& trick = s.CurrentTrick();
  AddCards(view.AddZone(s.TrumpCard() == kNoCard
                            ? "trick"
                            : kTrickNames[size_t(s.TrumpSuit())],
                        -1),
           std::span(trick.cards.data(), size_t(trick.size)), game::kSeenByAll);
  for (int p = 0; p < n; ++p) {
    AddCards(view.AddZone("captured", p), s.Captured(p), game::kSeenByAll);
  }
  std::array<int, kMaxPlayers> tricks{};
  for (const Trick& t : s.Tricks()) ++tricks[size_t(t.winner)];
  const bool teams = s.NumTeams() < n;
  for (int p = 0; p < n; ++p) {
    view.AddCounter("score", p, s.Score(p));
    if (teams) view.AddCounter("team score", p, s.TeamScore(s.TeamOf(p)));
    view.AddCounter("tricks", p, tricks[size_t(p)]);
  }
  view.AddCounter("hand", -1, s.HandNumber());
  view.AddCounter("dealer", -1, s.Dealer());
  view.AddCounter("target", -1, s.rules().target);
}

std::vector<game::Counter> ScotchWhistState::Tallies() const {
  constexpr int kItems = 6;
  std::array<int64_t, kItems> points{};
  int64_t hands = 0;
  for (const Event& e : state_.Events()) {
    if (e.type == EventType::kScore) points[size_t(e.item)] += e.points;
    if (e.type == EventType::kHandEnd) ++hands;
  }
  std::vector<game::Counter> out;
  for (int i = 0; i < kItems; ++i) {
    out.push_back({.name = fmt::format("points/{}", ToString(ScoreItem(i))),
                   .value = points[size_t(i)]});
  }
  out.push_back({.name = "count/hands", .value = hands});
  return out;
}

json ScotchWhistState::ToJson() const {
  const scotch_whist::State& s = state_;
  json j;
  j["hand_number"] = s.HandNumber();
  j["dealer"] = s.Dealer();
  j["to_move"] = s.CurrentPlayer();
  j["winner"] = s.Winner();
  j["trump"] = std::string(1, SuitChar(s.TrumpSuit()));
  j["trump_card"] = CardToString(s.TrumpCard());
  j["trump_held"] = s.TrumpHeld();
  j["trick"] = CardsToString(TrickCards(s.CurrentTrick()));
  j["trick_leader"] = s.CurrentTrick().leader;
  for (const char* key :
       {"scores", "team_scores", "teams", "hands", "captured"}) {
    j[key] = json::array();
  }
  for (int p = 0; p < s.num_players(); ++p) {
    j["scores"].push_back(s.Score(p));
    j["teams"].push_back(s.TeamOf(p));
    j["hands"].push_back(s.Hand(p).ToString());
    j["captured"].push_back(s.Captured(p).ToString());
  }
  for (int t = 0; t < s.NumTeams(); ++t) {
    j["team_scores"].push_back(s.TeamScore(t));
  }
  j["legal_count"] = Legal().size();
  j["legal"] = json::array();
  for (Card c : Legal()) j["legal"].push_back("play " + CardToString(c));
  if (s.IsTerminal()) j["standings"] = s.Standings();
  return j;
}

game::ExpectCheck ScotchWhistState::Expect(std::string_view key,
                                           const toml::node& want) const {
  const scotch_whist::State& s = state_;
  const int n = s.num_players();
  if (key == "hand_number") return game::ExpectInt(key, want, s.HandNumber());
  if (key == "dealer") return game::ExpectInt(key, want, s.Dealer());
  if (key == "trump") {
    return game::ExpectString(
        key, want, std::string(1, SuitChar(s.TrumpSuit())), NormalSuit);
  }
  if (key == "trump_card") {
    return game::ExpectCards(key, want, CardToString(s.TrumpCard()),
                             NormalCardSet);
  }
  if (key == "trump_held") {
    const auto v = want.value_exact<bool>();
    if (!v) return {.error = "expect.trump_held: must be true or false"};
    if (*v == s.TrumpHeld()) return {};
    return {.failure = fmt::format("expect.trump_held: expected {}, got {}", *v,
                                   s.TrumpHeld())};
  }
  if (key == "trick") {
    return game::ExpectCards(
        key, want, CardsToString(TrickCards(s.CurrentTrick())), NormalCardList);
  }
  if (key == "standings") {
    return game::ExpectIntList(key, want, s.Standings());
  }
  if (key == "hands" || key == "captured") {
    std::vector<std::string> sets;
    for (int p = 0; p < n; ++p) {
      sets.push_back((key == "hands" ? s.Hand(p) : s.Captured(p)).ToString());
    }
    return game::ExpectCardsPerSeat(key, want, sets, NormalCardSet);
  }
  return {.known = false};
}

}  // namespace scotch_whist
