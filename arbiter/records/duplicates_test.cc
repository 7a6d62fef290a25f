#include "arbiter/records/duplicates.h"

#include <gtest/gtest.h>

namespace arbiter::records {
namespace {

TEST(DuplicateIds, NewCopyAndConflict) {
  DuplicateIds ids;
  EXPECT_EQ(ids.Add("g1", "{\"game_id\":\"g1\"}", {0, 1}).seen,
            DuplicateIds::Seen::kNew);
  EXPECT_EQ(ids.Add("g2", "{\"game_id\":\"g2\"}", {0, 2}).seen,
            DuplicateIds::Seen::kNew);
  const auto copy = ids.Add("g1", "{\"game_id\":\"g1\"}", {1, 7});
  EXPECT_EQ(copy.seen, DuplicateIds::Seen::kCopy);
  ASSERT_TRUE(copy.first);
  EXPECT_EQ(copy.first->file, 0u);
  EXPECT_EQ(copy.first->line, 1);
  const auto conflict = ids.Add("g2", "{\"game_id\":\"g2\",\"x\":1}", {1, 8});
  EXPECT_EQ(conflict.seen, DuplicateIds::Seen::kConflict);
  EXPECT_EQ(conflict.first->line, 2);
  EXPECT_EQ(ids.size(), 2u);
}

TEST(DuplicateIds, ManyIdsWithoutPlaces) {
  DuplicateIds ids(/*keep_places=*/false);
  for (int i = 0; i < 100000; ++i) {
    const std::string id = "g" + std::to_string(i);
    ASSERT_EQ(ids.Add(id, id + "x", {0, i}).seen, DuplicateIds::Seen::kNew);
  }
  for (int i = 0; i < 100000; i += 997) {
    const std::string id = "g" + std::to_string(i);
    const auto copy = ids.Add(id, id + "x", {1, i});
    EXPECT_EQ(copy.seen, DuplicateIds::Seen::kCopy);
    EXPECT_FALSE(copy.first);
    EXPECT_EQ(ids.Add(id, id + "y", {1, i}).seen,
              DuplicateIds::Seen::kConflict);
  }
  EXPECT_EQ(ids.size(), 100000u);
}

TEST(Fingerprint, IdAndTextApart) {
  const auto a = FingerprintOf("ab", "c"), b = FingerprintOf("a", "bc");
  EXPECT_NE(a.id_low, b.id_low);
  EXPECT_NE(a.text_low, b.text_low);
  const auto c = FingerprintOf("ab", "c");
  EXPECT_EQ(a.id_high, c.id_high);
  EXPECT_EQ(a.text_high, c.text_high);
}

}  // namespace
}  // namespace arbiter::records
