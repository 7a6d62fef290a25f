#include "arbiter/game/registry.h"

#include <gtest/gtest.h>

namespace game {
namespace {

// The default game is the registry's first: what a name left out means
// everywhere (options, configs, records, Hellos).
TEST(RegistryTest, TheDefaultGameIsTheFirstRegistered) {
  ASSERT_FALSE(Games().empty());
  EXPECT_EQ(&DefaultGame(), Games().front());
  EXPECT_EQ(DefaultGame().Name(), "zetema");
}

TEST(RegistryTest, ANameLeftOutMeansTheDefaultGame) {
  auto loaded = LoadGame();
  ASSERT_TRUE(loaded.has_value()) << loaded.error();
  EXPECT_EQ(&(*loaded)->Type(), &DefaultGame());
  v1::GameRecord record;
  auto from_record = RecordGame(record);
  ASSERT_TRUE(from_record.has_value()) << from_record.error();
  EXPECT_EQ(*from_record, &DefaultGame());
  record.set_game("pontoon");
  EXPECT_EQ((*RecordGame(record))->Name(), "pontoon");
}

}  // namespace
}  // namespace game
