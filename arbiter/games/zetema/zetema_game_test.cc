#include "arbiter/games/zetema/zetema_game.h"

#include <gtest/gtest.h>

namespace zetema {
namespace {

// Plays whole games through the game-independent interface only, as the
// arbiter would for any game.
TEST(ZetemaGameTest, PlaysThroughTheGenericInterface) {
  const auto game = MakeGame(*Preset("sackson"));
  EXPECT_EQ(game->Name(), "zetema");
  EXPECT_FALSE(game->NewGame(7, 1).has_value());
  for (int players = game->MinPlayers(); players <= game->MaxPlayers();
       ++players) {
    auto state = *game->NewGame(players, /*seed=*/players);
    int steps = 0;
    while (!state->IsTerminal()) {
      const std::vector<std::string> legal = state->LegalActionTexts();
      ASSERT_FALSE(legal.empty());
      const std::string& pick = legal[(steps * 7919) % legal.size()];
      auto copy = state->Clone();
      ASSERT_TRUE(state->ApplyText(pick).has_value()) << pick;
      EXPECT_EQ(copy->LegalActionTexts(), legal)
          << "a clone does not change with the original";
      ASSERT_LT(++steps, 100000);
    }
    const std::vector<int> places = state->Standings();
    EXPECT_EQ(int(places.size()), players);
    EXPECT_EQ(*std::min_element(places.begin(), places.end()), 1);
    EXPECT_EQ(state->Teams().size(), size_t(players));
  }
}

TEST(ZetemaGameTest, RefusesBadText) {
  auto state = *MakeGame(*Preset("parlett"))->NewGame(2, 3);
  const auto legal_before = state->LegalActionTexts();
  EXPECT_FALSE(state->ApplyText("discard").has_value());
  EXPECT_FALSE(state->ApplyText("pass").has_value());
  EXPECT_EQ(state->LegalActionTexts(), legal_before);
  EXPECT_NE(state->ObservationText(0).find("your hand:"), std::string::npos);
}

}  // namespace
}  // namespace zetema
