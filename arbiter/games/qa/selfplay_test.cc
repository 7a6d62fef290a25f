#include "arbiter/games/qa/selfplay.h"

#include <gtest/gtest.h>

#include "arbiter/games/registry.h"

namespace game::qa {
namespace {

// Every game: one row per preset and table size, every game ended, and the
// same rows from the same seed.
TEST(SelfplayTest, EveryPresetAndSizeOfEveryGame) {
  for (const GameType* type : Games()) {
    auto rows = Selfplay(*type, {.games = 3, .seed = 5});
    ASSERT_TRUE(rows) << type->Name() << ": " << rows.error();
    const size_t sizes = size_t(type->MaxSeats() - type->MinSeats() + 1);
    ASSERT_EQ(rows->size(), type->Presets().size() * sizes) << type->Name();
    EXPECT_EQ((*rows)[0].preset, type->Presets()[0]);
    EXPECT_EQ((*rows)[0].players, type->MinSeats());
    for (const SelfplayRow& row : *rows) {
      EXPECT_EQ(row.summary.games, 3) << type->Name() << " " << row.preset;
      EXPECT_GE(row.summary.decisions, 3) << type->Name() << " " << row.preset;
      EXPECT_EQ(row.summary.max_hand_games, 0) << row.preset;
    }
    auto again = Selfplay(*type, {.games = 3, .seed = 5});
    ASSERT_TRUE(again);
    for (size_t i = 0; i < rows->size(); ++i) {
      EXPECT_EQ((*again)[i].summary.decisions, (*rows)[i].summary.decisions);
      EXPECT_EQ((*again)[i].summary.hands, (*rows)[i].summary.hands);
    }
  }
}

TEST(SelfplayTest, OnePresetOneSizeAndABadPreset) {
  const GameType& type = *Games()[0];
  const std::string preset(type.Presets().back());
  auto rows = Selfplay(
      type,
      {.games = 2, .seed = 1, .preset = preset, .players = type.MaxSeats()});
  ASSERT_TRUE(rows) << rows.error();
  ASSERT_EQ(rows->size(), 1u);
  EXPECT_EQ((*rows)[0].preset, preset);
  EXPECT_EQ((*rows)[0].players, type.MaxSeats());
  auto bad = Selfplay(type, {.games = 1, .preset = "no-such-preset"});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().rfind("no-such-preset: ", 0), 0u) << bad.error();
}

}  // namespace
}  // namespace game::qa
