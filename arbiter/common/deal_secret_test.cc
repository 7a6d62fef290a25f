#include "arbiter/common/deal_secret.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <set>

namespace arbiter {
namespace {

using ::testing::HasSubstr;

class DealSecretTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/deal_secret_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(DealSecretTest, WritesMode0600AndReadsBack) {
  const DealSecret secret{.key = {0x0123456789abcdefULL, 42}, .seed = 7};
  ASSERT_TRUE(WriteDealSecret(dir_ / "s", secret));
  struct stat st {};
  ASSERT_EQ(::stat((dir_ / "s").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  auto back = ReadDealSecret(dir_ / "s");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, secret);
  // Never overwritten.
  EXPECT_THAT(WriteDealSecret(dir_ / "s", secret).error(),
              HasSubstr("cannot create"));
}

TEST_F(DealSecretTest, RefusesFilesOthersMayRead) {
  ASSERT_TRUE(WriteDealSecret(dir_ / "s", {.key = {1, 2}}));
  ASSERT_EQ(::chmod((dir_ / "s").c_str(), 0644), 0);
  EXPECT_THAT(ReadDealSecret(dir_ / "s").error(), HasSubstr("chmod 600"));
}

TEST_F(DealSecretTest, RefusesFilesThatAreNotSecrets) {
  auto write = [&](const std::string& text) {
    std::filesystem::remove(dir_ / "bad");
    std::ofstream(dir_ / "bad") << text;
    ::chmod((dir_ / "bad").c_str(), 0600);
    return ReadDealSecret(dir_ / "bad");
  };
  EXPECT_THAT(write("seed = 3\n").error(), HasSubstr("no key"));
  EXPECT_THAT(write("key = \"12\"\n").error(), HasSubstr("32 hex digits"));
  EXPECT_THAT(write("key = \"0123456789abcdef0123456789abcdeg\"\n").error(),
              HasSubstr("32 hex digits"));
  EXPECT_THAT(write("colour = 3\n").error(), HasSubstr("unknown key"));
  EXPECT_THAT(
      write("seed = -1\nkey = \"0123456789abcdef0123456789abcdef\"").error(),
      HasSubstr("line 1: seed"));
  auto ok = write("# c\n key = \"0123456789abcdef0123456789abcdef\" # k\n");
  ASSERT_TRUE(ok) << ok.error();
  EXPECT_EQ(ok->key[0], 0x0123456789abcdefULL);
  EXPECT_FALSE(ok->seed);
}

TEST(DealSeed, DependsOnKeySeedAndPlace) {
  const SipKey key{1, 2}, other{1, 3};
  const uint64_t a[] = {1, 1, 1}, b[] = {1, 1, 2};
  std::set<uint64_t> seeds = {DealSeedOf(key, 5, a), DealSeedOf(key, 5, b),
                              DealSeedOf(key, 6, a), DealSeedOf(other, 5, a)};
  EXPECT_EQ(seeds.size(), 4u);
  EXPECT_EQ(DealSeedOf(key, 5, a), DealSeedOf(key, 5, a));
  EXPECT_EQ(RunTag(key, 5).size(), 8u);
  EXPECT_NE(RunTag(key, 5), RunTag(key, 6));
  EXPECT_NE(RunTag(key, 5), RunTag(other, 5));
}

// The id a bot is told: "g" and 16 hex digits, the same for one game of
// one run, different for every other game (the seatings of one deal
// included) and under every other key; nothing of the record's id in it.
TEST(DealSeed, BotGameIdsAreOpaque) {
  const SipKey key{1, 2}, other{1, 3};
  const std::string id = BotGameId(key, "3fa9c2d1-r1-t2-d3-s0");
  EXPECT_THAT(id, ::testing::MatchesRegex("g[0-9a-f]{16}"));
  EXPECT_EQ(id, BotGameId(key, "3fa9c2d1-r1-t2-d3-s0"));
  std::set<std::string> ids = {id, BotGameId(key, "3fa9c2d1-r1-t2-d3-s1"),
                               BotGameId(other, "3fa9c2d1-r1-t2-d3-s0"),
                               BotGameId(key, "3fa9c2d1-p2-d3-ab"),
                               BotGameId(key, "3fa9c2d1-p2-d3-ba")};
  EXPECT_EQ(ids.size(), 5u);
  for (const std::string& told : ids) {
    EXPECT_EQ(told.find("3fa9c2d1"), std::string::npos) << told;
  }
  // The two seatings' ids differ in most of their digits, not in a suffix.
  const std::string s1 = BotGameId(key, "3fa9c2d1-r1-t2-d3-s1");
  int same = 0;
  for (size_t i = 1; i < id.size(); ++i) same += id[i] == s1[i];
  EXPECT_LT(same, 8) << id << " " << s1;
}

TEST(DealSeed, RandomDrawsDiffer) {
  auto a = RandomKey(), b = RandomKey();
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);
  auto s = RandomSeed();
  ASSERT_TRUE(s);
  EXPECT_LT(*s, uint64_t{1} << 53);
}

TEST_F(DealSecretTest, ResolveCreatesThenFindsAgain) {
  auto first = ResolveRunSecret({.own = dir_ / "secret"});
  ASSERT_TRUE(first) << first.error();
  EXPECT_TRUE(first->created);
  EXPECT_TRUE(first->seed_drawn);
  // Resume: the same key and seed, nothing drawn.
  auto again = ResolveRunSecret({.own = dir_ / "secret"});
  ASSERT_TRUE(again) << again.error();
  EXPECT_FALSE(again->created);
  EXPECT_FALSE(again->seed_drawn);
  EXPECT_EQ(again->key, first->key);
  EXPECT_EQ(again->seed, first->seed);
  // The same seed asked for explicitly is fine; another is refused.
  EXPECT_TRUE(ResolveRunSecret({.own = dir_ / "secret", .seed = first->seed}));
  EXPECT_THAT(
      ResolveRunSecret({.own = dir_ / "secret", .seed = first->seed + 1})
          .error(),
      HasSubstr("holds seed"));
}

TEST_F(DealSecretTest, ResolveWithAGivenSecretCopiesIt) {
  ASSERT_TRUE(WriteDealSecret(dir_ / "league", {.key = {9, 9}, .seed = 11}));
  std::filesystem::create_directory(dir_ / "a");
  auto run = ResolveRunSecret(
      {.own = dir_ / "a" / "secret", .given = dir_ / "league"});
  ASSERT_TRUE(run) << run.error();
  EXPECT_EQ(run->key, (SipKey{9, 9}));
  EXPECT_EQ(run->seed, 11u);
  EXPECT_FALSE(run->seed_drawn);
  auto copy = ReadDealSecret(dir_ / "a" / "secret");
  ASSERT_TRUE(copy);
  EXPECT_EQ(*copy, (DealSecret{.key = {9, 9}, .seed = 11}));
  // A seed asked for wins over the given file's, and is kept.
  std::filesystem::create_directory(dir_ / "b");
  auto asked = ResolveRunSecret(
      {.own = dir_ / "b" / "secret", .given = dir_ / "league", .seed = 5});
  ASSERT_TRUE(asked) << asked.error();
  EXPECT_EQ(asked->seed, 5u);
  auto resumed = ResolveRunSecret(
      {.own = dir_ / "b" / "secret", .given = dir_ / "league"});
  ASSERT_TRUE(resumed) << resumed.error();
  EXPECT_EQ(resumed->seed, 5u);
  // A directory made with another key refuses the given secret.
  ASSERT_TRUE(WriteDealSecret(dir_ / "other", {.key = {8, 8}, .seed = 11}));
  EXPECT_THAT(
      ResolveRunSecret({.own = dir_ / "a" / "secret", .given = dir_ / "other"})
          .error(),
      HasSubstr("another key"));
}

TEST_F(DealSecretTest, PerRunSeedsAreNotKept) {
  auto run = ResolveRunSecret(
      {.own = dir_ / "g.secret", .seed = 5, .keep_seed = false});
  ASSERT_TRUE(run) << run.error();
  EXPECT_EQ(run->seed, 5u);
  auto next = ResolveRunSecret({.own = dir_ / "g.secret", .keep_seed = false});
  ASSERT_TRUE(next) << next.error();
  EXPECT_TRUE(next->seed_drawn);
  EXPECT_EQ(next->key, run->key);
  // A tournament needs its seed back: a key file without one is refused
  // unless the seed is given.
  EXPECT_THAT(ResolveRunSecret({.own = dir_ / "g.secret"}).error(),
              HasSubstr("holds no seed"));
  EXPECT_TRUE(ResolveRunSecret({.own = dir_ / "g.secret", .seed = 3}));
}

}  // namespace
}  // namespace arbiter
