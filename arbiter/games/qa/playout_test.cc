// The shared random-playout test, run for every registered game, every
// preset and every seat count: every invariant of checks.h after every step
// (information hiding included) on a sample of games, the cheap ones on many
// more, and determinism (the same seed and choices give the same game).
// A failure names the game, preset, seats and seed, enough to replay it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "arbiter/games/qa/checks.h"
#include "arbiter/games/registry.h"

namespace game::qa {
namespace {

// Per game, preset and seat count: games with every check after every step,
// and games with the cheap checks only.
constexpr int kFullGames = 10;
constexpr int kGames = 100;

std::string Name(const GameType& type, std::string_view preset, int seats,
                 uint64_t seed) {
  return fmt::format("{} {} seats={} seed={}", type.Name(), preset, seats,
                     seed);
}

class PlayoutTest : public testing::TestWithParam<const GameType*> {};

TEST_P(PlayoutTest, EveryInvariantHolds) {
  const GameType& type = *GetParam();
  for (std::string_view preset : type.Presets()) {
    auto game = type.Load(preset);
    ASSERT_TRUE(game.has_value()) << game.error();
    for (int seats = type.MinSeats(); seats <= type.MaxSeats(); ++seats) {
      for (int g = 0; g < kGames; ++g) {
        const uint64_t seed = uint64_t(seats) * 1000003 + uint64_t(g);
        const game::Setup setup{.num_seats = seats, .seed = seed};
        const PlayoutResult r = CheckedPlayout(**game, setup, seed ^ 0xC0FFEE,
                                               {.every_check = g < kFullGames});
        ASSERT_EQ(r.error, "") << Name(type, preset, seats, seed);
        if (g % 10 == 0) {
          const PlayoutResult again = CheckedPlayout(
              **game, setup, seed ^ 0xC0FFEE, {.every_check = false});
          ASSERT_EQ(again.texts, r.texts) << Name(type, preset, seats, seed);
          ASSERT_EQ(again.outcome.scores, r.outcome.scores);
        }
      }
    }
  }
}

// selfplay prints the tallies of every seat count in one table, by position.
TEST_P(PlayoutTest, TalliesHaveTheSameColumnsAtEverySeatCountAndMoment) {
  const GameType& type = *GetParam();
  for (std::string_view preset : type.Presets()) {
    auto game = type.Load(preset);
    ASSERT_TRUE(game.has_value()) << game.error();
    std::vector<std::string> want;
    for (int seats = type.MinSeats(); seats <= type.MaxSeats(); ++seats) {
      auto state = (*game)->NewState({.num_seats = seats, .seed = 7});
      ASSERT_TRUE(state.has_value()) << state.error();
      for (uint64_t step = 1; true; ++step) {
        std::vector<std::string> names;
        for (const Counter& c : (*state)->Tallies()) names.push_back(c.name);
        if (want.empty() && seats == type.MinSeats() && step == 1) want = names;
        ASSERT_EQ(names, want)
            << Name(type, preset, seats, 7) << " step " << step;
        if ((*state)->IsTerminal()) break;
        (*state)->Apply(
            int(step * 7919 % uint64_t((*state)->NumLegalActions())));
      }
    }
  }
}

bool Same(const Zone& a, const Zone& b) {
  return a.name == b.name && a.owner == b.owner && a.cards == b.cards &&
         a.seen_by == b.seen_by;
}
bool Same(const Counter& a, const Counter& b) {
  return a.name == b.name && a.owner == b.owner && a.value == b.value;
}
template <typename T>
bool Same(const std::vector<T>& a, const std::vector<T>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const T& x, const T& y) { return Same(x, y); });
}

// FillView writes what View() gives into a view it reuses: one view here
// through every position of a game at every seat count (larger tables and
// later positions leave more zones, cards and counters behind).
TEST_P(PlayoutTest, FillViewIsViewInAReusedView) {
  const GameType& type = *GetParam();
  auto game = type.Load(type.Presets().front());
  ASSERT_TRUE(game.has_value()) << game.error();
  TableView reused;
  for (int seats = type.MaxSeats(); seats >= type.MinSeats(); --seats) {
    auto state = (*game)->NewState({.num_seats = seats, .seed = 11});
    ASSERT_TRUE(state.has_value()) << state.error();
    for (uint64_t step = 1; true; ++step) {
      const TableView view = (*state)->View();
      (*state)->FillView(&reused);
      const std::string where =
          fmt::format("{} seats={} step {}", type.Name(), seats, step);
      ASSERT_TRUE(Same(reused.zones, view.zones)) << where;
      ASSERT_TRUE(Same(reused.counters, view.counters)) << where;
      if ((*state)->IsTerminal()) break;
      (*state)->Apply(int(step * 7919 % uint64_t((*state)->NumLegalActions())));
    }
  }
}

TEST_P(PlayoutTest, RefusesBadSetups) {
  const GameType& type = *GetParam();
  auto game = type.Load(type.Presets().front());
  ASSERT_TRUE(game.has_value()) << game.error();
  EXPECT_FALSE((*game)->NewState({.num_seats = type.MaxSeats() + 1}));
  EXPECT_FALSE((*game)->NewState({.num_seats = type.MinSeats() - 1}));
  EXPECT_FALSE((*game)->NewState(
      {.num_seats = type.MinSeats(), .first_dealer = type.MaxSeats()}));
  EXPECT_FALSE(
      (*game)->NewState({.num_seats = type.MinSeats(), .decks = {"XX"}}));
  EXPECT_FALSE(type.Load("no-such-preset-or-file"));
}

// A game's states that put every viewer of every event in one class: what
// the checks must refuse for a game whose draws differ by viewer.
class OneClassState : public State {
 public:
  explicit OneClassState(std::unique_ptr<State> s) : s_(std::move(s)) {}
  int EventViewerClass(int, int) const override { return 0; }

  std::unique_ptr<State> Clone() const override {
    return std::make_unique<OneClassState>(s_->Clone());
  }
  int NumSeats() const override { return s_->NumSeats(); }
  int CurrentSeat() const override { return s_->CurrentSeat(); }
  std::vector<int> Teams() const override { return s_->Teams(); }
  int NumLegalActions() const override { return s_->NumLegalActions(); }
  std::string LegalActionText(int i) const override {
    return s_->LegalActionText(i);
  }
  std::expected<int, Refusal> ParseText(std::string_view t) const override {
    return s_->ParseText(t);
  }
  std::expected<int, Refusal> ParseTyped(
      const v1::ActionReply& reply) const override {
    return s_->ParseTyped(reply);
  }
  void Apply(int i) override { s_->Apply(i); }
  int NumEvents() const override { return s_->NumEvents(); }
  std::string EventText(int i, int viewer) const override {
    return s_->EventText(i, viewer);
  }
  void FillEvents(int from, int viewer, v1::GameEvent* out) const override {
    s_->FillEvents(from, viewer, out);
  }
  void FillGameStart(v1::GameStart* out) const override {
    s_->FillGameStart(out);
  }
  void FillDecision(v1::DecisionRequest* out) const override {
    s_->FillDecision(out);
  }
  std::string ObservationText(int seat) const override {
    return s_->ObservationText(seat);
  }
  Outcome GetOutcome() const override { return s_->GetOutcome(); }
  int FirstMover() const override { return s_->FirstMover(); }
  void FillRecord(v1::GameRecord* record) const override {
    s_->FillRecord(record);
  }
  TableView View() const override { return s_->View(); }
  nlohmann::json ToJson() const override { return s_->ToJson(); }
  ExpectCheck Expect(std::string_view key,
                     const toml::node& want) const override {
    return s_->Expect(key, want);
  }

 private:
  std::unique_ptr<State> s_;
};

class OneClassGame : public Game {
 public:
  explicit OneClassGame(std::shared_ptr<const Game> g) : g_(std::move(g)) {}
  const GameType& Type() const override { return g_->Type(); }
  std::string RulesetBase() const override { return g_->RulesetBase(); }
  std::string RulesetToml() const override { return g_->RulesetToml(); }
  std::vector<int> Teams(int num_seats) const override {
    return g_->Teams(num_seats);
  }
  std::expected<std::unique_ptr<State>, std::string> NewState(
      const Setup& setup) const override {
    auto s = g_->NewState(setup);
    if (!s) return std::unexpected(s.error());
    return std::make_unique<OneClassState>(std::move(*s));
  }

 private:
  std::shared_ptr<const Game> g_;
};

TEST(ViewerClassTest, ViewersOfOneClassWhoSeeEventsOtherwiseAreCaught) {
  auto zetema = LoadGame("zetema");
  ASSERT_TRUE(zetema.has_value()) << zetema.error();
  const game::Setup setup{.num_seats = 2, .seed = 5};
  // The game itself says which viewers see its draws alike.
  EXPECT_EQ(CheckedPlayout(**zetema, setup, 5).error, "");
  const PlayoutResult r = CheckedPlayout(OneClassGame(*zetema), setup, 5);
  EXPECT_NE(r.error.find("are of one class but see 'seat"), std::string::npos)
      << r.error;
}

INSTANTIATE_TEST_SUITE_P(Games, PlayoutTest,
                         testing::ValuesIn(Games().begin(), Games().end()),
                         [](const auto& info) {
                           return std::string(info.param->Name());
                         });

}  // namespace
}  // namespace game::qa
