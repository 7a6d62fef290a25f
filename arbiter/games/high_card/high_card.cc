#include "arbiter/games/high_card/high_card.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <sstream>

#include "arbiter/game/expect.h"
#include "arbiter/game/ruleset_game.h"

namespace high_card {
namespace {

using game::Refusal;
constexpr int kPack = 52;
constexpr char kRanks[] = "23456789TJQKA";
constexpr char kSuits[] = "SHDC";

std::string CardText(int c) { return {kRanks[c % 13], kSuits[c / 13]}; }

std::expected<int, std::string> ParseCard(std::string_view t) {
  const char* r =
      t.size() == 2 ? std::strchr(kRanks, std::toupper(t[0])) : nullptr;
  const char* s =
      t.size() == 2 ? std::strchr(kSuits, std::toupper(t[1])) : nullptr;
  if (!r || !s || !*r || !*s)
    return std::unexpected("'" + std::string(t) + "' is not a card");
  return int(s - kSuits) * 13 + int(r - kRanks);
}

std::expected<std::vector<int>, std::string> ParseCards(std::string_view text) {
  std::vector<int> out;
  std::istringstream in{std::string(text)};
  for (std::string word; in >> word;) {
    auto c = ParseCard(word);
    if (!c) return std::unexpected(c.error());
    out.push_back(*c);
  }
  return out;
}

uint64_t Mix(uint64_t& x) {  // SplitMix64
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

struct Event {
  enum Kind { kDeal, kPlay, kTrick, kEnd } kind;
  int seat = -1;
  int card = -1;
};

class HighCardState final : public game::State {
 public:
  HighCardState(std::shared_ptr<const game::Game> game, int cards,
                std::vector<int> deck, int dealer)
      : game_(std::move(game)), deck_(std::move(deck)), dealer_(dealer) {
    for (int i = 0; i < 2 * cards; ++i)
      hands_[(dealer + 1 + i) % 2].push_back(deck_[i]);
    events_.push_back({Event::kDeal, dealer});
    current_ = leader_ = (dealer + 1) % 2;
  }

  std::unique_ptr<game::State> Clone() const override {
    return std::make_unique<HighCardState>(*this);
  }
  int NumSeats() const override { return 2; }
  int CurrentSeat() const override { return current_; }
  std::vector<int> Teams() const override { return {0, 1}; }

  int NumLegalActions() const override {
    return current_ < 0 ? 0 : int(Sorted().size());
  }
  std::string LegalActionText(int i) const override {
    return "play " + CardText(Sorted()[i]);
  }
  std::expected<int, Refusal> ParseText(std::string_view text) const override {
    if (!text.starts_with("play ")) {
      return std::unexpected(Refusal{Refusal::kMalformed,
                                     "unreadable action '" + std::string(text) +
                                         "': expected 'play CARD'"});
    }
    auto card = ParseCard(text.substr(5));
    if (!card)
      return std::unexpected(
          Refusal{Refusal::kMalformed, "unreadable action: " + card.error()});
    const auto legal = Sorted();
    const auto it = std::find(legal.begin(), legal.end(), *card);
    if (it == legal.end())
      return std::unexpected(
          Refusal{Refusal::kIllegal, "illegal action '" + std::string(text) +
                                         "': the card is not in the hand"});
    return int(it - legal.begin());
  }
  std::expected<int, Refusal> ParseTyped(
      const game::v1::ActionReply&) const override {
    return std::unexpected(
        Refusal{Refusal::kMalformed,
                "high_card has no typed actions: answer by index or text"});
  }
  void Apply(int index) override {
    const int card = Sorted()[index];
    auto& hand = hands_[current_];
    hand.erase(std::find(hand.begin(), hand.end(), card));
    events_.push_back({Event::kPlay, current_, card});
    if (trick_ < 0) {
      trick_ = card;
      current_ = 1 - current_;
      return;
    }
    const int lead = trick_ % 13, follow = card % 13;
    const int winner = lead == follow ? -1 : lead > follow ? leader_ : current_;
    if (winner >= 0) ++scores_[winner];
    events_.push_back({Event::kTrick, winner});
    played_.push_back(trick_);
    played_.push_back(card);
    trick_ = -1;
    if (winner >= 0) leader_ = winner;
    current_ = leader_;
    if (hands_[0].empty() && hands_[1].empty()) {
      current_ = -1;
      events_.push_back({Event::kEnd});
    }
  }

  int NumEvents() const override { return int(events_.size()); }
  std::string EventText(int i, int) const override {
    const Event& e = events_[i];
    switch (e.kind) {
      case Event::kDeal:
        return fmt::format("seat {} deals", e.seat);
      case Event::kPlay:
        return fmt::format("seat {} plays {}", e.seat, CardText(e.card));
      case Event::kTrick:
        return e.seat < 0 ? "equal ranks: nobody scores"
                          : fmt::format("seat {} scores", e.seat);
      case Event::kEnd:
        break;
    }
    return "game over";
  }
  void FillEvents(int from, int viewer,
                  game::v1::GameEvent* out) const override {
    for (int i = from; i < NumEvents(); ++i)
      out->mutable_text()->add_lines(EventText(i, viewer));
  }
  void FillGameStart(game::v1::GameStart*) const override {}
  void FillDecision(game::v1::DecisionRequest* out) const override {
    out->set_num_legal_actions(uint32_t(NumLegalActions()));
    auto* d = out->mutable_text();
    d->set_observation(ObservationText(current_));
    for (int i = 0; i < NumLegalActions(); ++i)
      d->add_legal_actions(LegalActionText(i));
  }
  std::string ObservationText(int seat) const override {
    std::string hand;
    for (int c : hands_[seat]) hand += (hand.empty() ? "" : " ") + CardText(c);
    return fmt::format("your hand: {}\ntrick: {}\nscores: {} {}\n", hand,
                       trick_ < 0 ? "-" : CardText(trick_), scores_[0],
                       scores_[1]);
  }

  game::Outcome GetOutcome() const override {
    game::Outcome o{.scores = {scores_[0], scores_[1]},
                    .team_scores = {scores_[0], scores_[1]}};
    o.places = {scores_[1] > scores_[0] ? 2 : 1,
                scores_[0] > scores_[1] ? 2 : 1};
    if (current_ < 0) o.end_reason = game::v1::END_REASON_COMPLETE;
    o.hands_played = 1;
    return o;
  }
  int FirstMover() const override { return (dealer_ + 1) % 2; }
  void FillRecord(game::v1::GameRecord* r) const override;

  game::TableView View() const override {
    game::TableView v;
    auto zone = [&](std::string name, int owner, const std::vector<int>& cards,
                    uint32_t seen) {
      game::Zone z{.name = std::move(name), .owner = owner};
      for (int c : cards) {
        z.cards.push_back(CardText(c));
        z.seen_by.push_back(seen);
      }
      v.zones.push_back(std::move(z));
    };
    for (int s = 0; s < 2; ++s) {
      zone("hand", s, hands_[s], 1u << s);
      v.counters.push_back({.name = "score", .owner = s, .value = scores_[s]});
    }
    zone("trick", -1,
         trick_ < 0 ? std::vector<int>{} : std::vector<int>{trick_},
         game::kSeenByAll);
    zone("played", -1, played_, game::kSeenByAll);
    zone("stock", -1, StockCards(), 0);
    return v;
  }
  nlohmann::json ToJson() const override {
    nlohmann::json j;
    j["to_move"] = current_;
    j["scores"] = {scores_[0], scores_[1]};
    j["hands"] = {HandText(0), HandText(1)};
    j["trick"] = trick_ < 0 ? "" : CardText(trick_);
    j["legal_count"] = NumLegalActions();
    return j;
  }
  game::ExpectCheck Expect(std::string_view key,
                           const toml::node& want) const override {
    auto normal =
        [](std::string_view t) -> std::expected<std::string, std::string> {
      auto cards = ParseCards(t);
      if (!cards) return std::unexpected(cards.error());
      std::sort(cards->begin(), cards->end());
      std::string out;
      for (int c : *cards) out += (out.empty() ? "" : " ") + CardText(c);
      return out;
    };
    if (key == "hands")
      return game::ExpectCardsPerSeat(key, want, {HandText(0), HandText(1)},
                                      normal);
    if (key == "trick")
      return game::ExpectCards(key, want, trick_ < 0 ? "" : CardText(trick_),
                               normal);
    return {.known = false};
  }

 private:
  std::vector<int> Sorted() const {
    if (current_ < 0) return {};
    std::vector<int> cards = hands_[current_];
    std::sort(cards.begin(), cards.end(), [](int a, int b) {
      return std::pair(a % 13, a / 13) < std::pair(b % 13, b / 13);
    });
    return cards;
  }
  std::string HandText(int seat) const {
    std::vector<int> cards = hands_[seat];
    std::sort(cards.begin(), cards.end());
    std::string out;
    for (int c : cards) out += (out.empty() ? "" : " ") + CardText(c);
    return out;
  }
  std::vector<int> StockCards() const {
    const size_t dealt =
        played_.size() + hands_[0].size() + hands_[1].size() + (trick_ >= 0);
    return {deck_.begin() + long(dealt), deck_.end()};
  }

  std::shared_ptr<const game::Game> game_;
  std::vector<int> deck_;
  int dealer_;
  std::array<std::vector<int>, 2> hands_;
  std::vector<int> played_;
  int trick_ = -1, leader_ = 0, current_ = 0;
  std::array<int, 2> scores_{};
  std::vector<Event> events_;
};

struct Ruleset {
  std::string base = "standard";
  int cards = 3;  // dealt to each seat, 1 to 26
};

constexpr std::array<std::string_view, 1> kPresets = {"standard"};

// `cards` from a TOML table (`base` skipped); errors name the key.
std::expected<void, std::string> ApplyTable(const toml::table& t,
                                            std::string_view prefix,
                                            Ruleset* rules) {
  for (auto&& [key, node] : t) {
    if (key.str() == "base") continue;
    if (key.str() != "cards")
      return std::unexpected(
          fmt::format("{}{}: unknown key", prefix, key.str()));
    const auto v = node.value_exact<int64_t>();
    if (!v || *v < 1 || *v > 26)
      return std::unexpected(fmt::format("{}cards: must be 1 to 26", prefix));
    rules->cards = int(*v);
  }
  return {};
}

// A ruleset file's text; its keys' errors prefixed with `prefix`.
std::expected<Ruleset, std::string> ParseRuleset(std::string_view text,
                                                 std::string_view source,
                                                 std::string_view prefix) {
  toml::table table;
  try {
    table = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    return std::unexpected(
        fmt::format("{}:{}:{}: {}", source, e.source().begin.line,
                    e.source().begin.column, e.description()));
  }
  Ruleset rules;
  if (auto ok = ApplyTable(table, prefix, &rules); !ok)
    return std::unexpected(ok.error());
  return rules;
}

game::RulesetGameSpec<Ruleset>::StateOrError NewState(
    std::shared_ptr<const game::Game> game,
    std::shared_ptr<const Ruleset> rules, const game::Setup& setup) {
  if (setup.num_seats != 2)
    return std::unexpected(
        fmt::format("high_card is for 2 seats, not {}", setup.num_seats));
  if (setup.first_dealer < -1 || setup.first_dealer > 1)
    return std::unexpected(
        fmt::format("dealer {} is no seat", setup.first_dealer));
  uint64_t rng = setup.seed;
  std::vector<int> deck(kPack);
  for (int i = 0; i < kPack; ++i) deck[i] = i;
  for (int i = kPack - 1; i > 0; --i)
    std::swap(deck[i], deck[Mix(rng) % uint64_t(i + 1)]);
  const int dealer =
      setup.first_dealer >= 0 ? setup.first_dealer : int(Mix(rng) % 2);
  if (!setup.decks.empty()) {
    auto given = ParseCards(setup.decks[0]);
    if (!given) return std::unexpected("decks[0]: " + given.error());
    std::vector<int> sorted = *given;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end() ||
        int(sorted.size()) != kPack) {
      return std::unexpected("decks[0]: not the 52 cards of a pack, each once");
    }
    deck = *given;
  }
  return std::make_unique<HighCardState>(std::move(game), rules->cards,
                                         std::move(deck), dealer);
}

void HighCardState::FillRecord(game::v1::GameRecord* r) const {
  r->set_ruleset_toml(game_->RulesetToml());
  r->set_first_dealer(dealer_);
  r->set_first_mover(FirstMover());
  r->clear_deals();
  auto* deal = r->add_deals();
  deal->set_hand_number(1);
  deal->set_dealer(dealer_);
  std::string deck;
  for (int c : deck_) deck += (deck.empty() ? "" : " ") + CardText(c);
  deal->set_deck(deck);
  r->clear_event_texts();
  for (int i = 0; i < NumEvents(); ++i)
    r->add_event_texts(EventText(i, game::kPublic));
}

}  // namespace

const game::GameType& GameType() {
  static const game::RulesetGameType<Ruleset> type({
      .name = "high_card",
      .min_seats = 2,
      .max_seats = 2,
      .presets = kPresets,
      .preset = [](std::string_view) -> std::expected<Ruleset, std::string> {
        return Ruleset{};
      },
      .parse =
          [](std::string_view text, std::string_view source) {
            return ParseRuleset(text, source, "");
          },
      .apply = ApplyTable,
      .to_toml =
          [](const Ruleset& rules) {
            return fmt::format(
                "base = \"standard\"\ncards = {}  # cards dealt to each seat, "
                "1 to "
                "26\n",
                rules.cards);
          },
      .from_record =
          [](const game::v1::GameRecord& r) {
            return ParseRuleset(r.ruleset_toml(), "ruleset_toml",
                                "ruleset_toml.");
          },
      .new_state = NewState,
  });
  return type;
}

}  // namespace high_card
