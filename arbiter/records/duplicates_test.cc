#include "arbiter/records/duplicates.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>

namespace arbiter::records {
namespace {

// Copies and conflicts found with the fingerprints sorted on disk (a few in
// memory at once: many runs), as DuplicateIds finds them in memory.
TEST(CopyFinder, CopiesInReadingOrderAndTheFirstConflicts) {
  const auto dir = std::filesystem::temp_directory_path();
  CopyFinder finder(/*max_in_memory=*/16, dir);
  std::mt19937 random(7);
  // 1000 games in file 0; file 1 repeats every 7th (a copy), and 3 of them
  // differ (conflicts), in a shuffled order.
  for (int i = 0; i < 1000; ++i) {
    const std::string id = "g" + std::to_string(i);
    ASSERT_TRUE(finder.Add(id, id + " text", {0, i + 1}, uint32_t(i)));
  }
  std::vector<int> again;
  for (int i = 0; i < 1000; i += 7) again.push_back(i);
  std::shuffle(again.begin(), again.end(), random);
  std::map<int64_t, int> copy_of, conflict_of;  // line in file 1 -> game
  for (size_t k = 0; k < again.size(); ++k) {
    const int i = again[k];
    const std::string id = "g" + std::to_string(i);
    const bool differs = k == 5 || k == 50 || k == 100;
    ASSERT_TRUE(finder.Add(id, id + (differs ? " other" : " text"),
                           {1, int64_t(k + 1)}, uint32_t(5000 + i)));
    (differs ? conflict_of : copy_of)[int64_t(k + 1)] = i;
  }
  std::vector<int> seen_copies;
  auto conflicts = finder.Finish(
      2, [&](const CopyFinder::Repeat& r) { seen_copies.push_back(r.tag); });
  ASSERT_TRUE(conflicts) << conflicts.error();
  // The first two conflicts in reading order, each naming its first record.
  ASSERT_EQ(conflicts->size(), 2u);
  EXPECT_EQ((*conflicts)[0].place.line, 6);
  EXPECT_EQ((*conflicts)[1].place.line, 51);
  EXPECT_EQ((*conflicts)[0].first.file, 0u);
  EXPECT_EQ((*conflicts)[0].first.line, conflict_of[6] + 1);
  EXPECT_EQ(seen_copies.size(), copy_of.size());
  // The copies come back in reading order, each with its first record.
  CopyFinder::Repeat copy;
  for (const auto& [line, game] : copy_of) {
    auto more = finder.NextCopy(&copy);
    ASSERT_TRUE(more && *more);
    EXPECT_EQ(copy.place.file, 1u);
    EXPECT_EQ(copy.place.line, line);
    EXPECT_EQ(copy.first.file, 0u);
    EXPECT_EQ(copy.first.line, game + 1);
    EXPECT_EQ(copy.tag, uint32_t(5000 + game));
  }
  auto more = finder.NextCopy(&copy);
  ASSERT_TRUE(more);
  EXPECT_FALSE(*more);
}

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

// The repeats a count finds, each once, sorted.
std::vector<uint64_t> CountedRepeats(const std::vector<uint64_t>& hashes) {
  std::map<uint64_t, int> count;
  for (const uint64_t h : hashes) ++count[h];
  std::vector<uint64_t> out;
  for (const auto& [h, n] : count) {
    if (n > 1) out.push_back(h);
  }
  return out;
}

TEST(RepeatedHashes, FindsEveryRepeatOnce) {
  std::mt19937_64 random(7);
  std::vector<uint64_t> hashes;
  for (int i = 0; i < 200000; ++i) hashes.push_back(random());
  // Repeats: twice, three times, a hash of 0 (the table's empty mark) and
  // all of one top byte.
  for (int i = 0; i < 1000; i += 7) hashes.push_back(hashes[i]);
  for (int i = 0; i < 3; ++i) hashes.push_back(hashes[5000]);
  hashes.push_back(0);
  hashes.push_back(0);
  hashes.push_back(uint64_t{0xab} << 56);
  hashes.push_back(uint64_t{0xab} << 56);
  std::shuffle(hashes.begin(), hashes.end(), random);
  const std::vector<uint64_t> expected = CountedRepeats(hashes);
  ASSERT_EQ(expected.size(), 1000u / 7 + 1 + 1 + 1 + 1);
  std::vector<uint64_t> repeated = RepeatedHashes(hashes);
  std::sort(repeated.begin(), repeated.end());
  EXPECT_EQ(repeated, expected);
}

TEST(RepeatedHashes, NoneInDistinctOrTinyInputs) {
  std::vector<uint64_t> none;
  EXPECT_TRUE(RepeatedHashes(none).empty());
  std::vector<uint64_t> one = {0};
  EXPECT_TRUE(RepeatedHashes(one).empty());
  std::vector<uint64_t> distinct;
  for (uint64_t i = 0; i < 5000; ++i) distinct.push_back(i << 52 | i);
  EXPECT_TRUE(RepeatedHashes(distinct).empty());
  std::vector<uint64_t> zeros = {0, 5, 0};
  EXPECT_THAT(RepeatedHashes(zeros), ::testing::ElementsAre(0u));
}

}  // namespace
}  // namespace arbiter::records
