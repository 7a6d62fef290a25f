#include "arbiter/league/store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "arbiter/league/sha256.h"

namespace arbiter::league {
namespace {

namespace fs = std::filesystem;

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("league_store_test." + std::to_string(::getpid()) + "." +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "bot" / "lib");
    Write("bot/bot.py", "print('hi')\n");
    Write("bot/lib/util.py", "x = 1\n");
  }
  void TearDown() override { fs::remove_all(root_); }
  void Write(const std::string& rel, const std::string& text) {
    const fs::path path = root_ / rel;
    fs::permissions(path.parent_path(), fs::perms::owner_all,
                    fs::perm_options::add);
    if (fs::exists(path)) {
      fs::permissions(path, fs::perms::owner_write, fs::perm_options::add);
    }
    std::ofstream(path) << text;
  }
  fs::path root_;
};

TEST(Sha256Test, KnownVectors) {
  EXPECT_EQ(Sha256Hex(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256Hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(
      Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  Sha256 split;  // the same bytes in odd pieces
  const std::string million(1000000, 'a');
  for (size_t i = 0; i < million.size(); i += 999) {
    split.Update(std::string_view(million).substr(i, 999));
  }
  EXPECT_EQ(split.HexDigest(),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_F(StoreTest, HashCoversContentNamesAndModes) {
  auto first = HashFolder(root_ / "bot");
  ASSERT_TRUE(first) << first.error();
  EXPECT_EQ(first->size(), 64u);
  EXPECT_EQ(*HashFolder(root_ / "bot"), *first);  // stable
  Write("bot/bot.py", "print('ho')\n");
  const std::string content = *HashFolder(root_ / "bot");
  EXPECT_NE(content, *first);
  fs::permissions(root_ / "bot/bot.py", fs::perms::owner_exec,
                  fs::perm_options::add);
  const std::string mode = *HashFolder(root_ / "bot");
  EXPECT_NE(mode, content);
  fs::rename(root_ / "bot/lib/util.py", root_ / "bot/lib/other.py");
  EXPECT_NE(*HashFolder(root_ / "bot"), mode);
}

TEST_F(StoreTest, StoresACopyThatLaterChangesDoNotTouch) {
  auto hash = StoreFolder(root_ / "bot", root_ / "store");
  ASSERT_TRUE(hash) << hash.error();
  const fs::path copy = root_ / "store" / *hash;
  ASSERT_TRUE(fs::is_regular_file(copy / "lib/util.py"));
  EXPECT_EQ(*HashFolder(copy), *hash);
  Write("bot/bot.py", "changed\n");
  EXPECT_EQ(*HashFolder(copy), *hash);
  auto second = StoreFolder(root_ / "bot", root_ / "store");
  ASSERT_TRUE(second);
  EXPECT_NE(*second, *hash);
  // The same build again: the same copy, nothing new left behind.
  EXPECT_EQ(*StoreFolder(root_ / "bot", root_ / "store"), *second);
  int entries = 0;
  for (auto& e : fs::directory_iterator(root_ / "store")) entries += bool(&e);
  EXPECT_EQ(entries, 2);
}

TEST_F(StoreTest, RefusesWhatIsNotAFileOrFolder) {
  fs::create_directory_symlink(root_ / "bot/lib", root_ / "bot/linked");
  auto hash = HashFolder(root_ / "bot");
  ASSERT_FALSE(hash);
  EXPECT_NE(hash.error().find("linked: a link to a folder"), std::string::npos)
      << hash.error();
  EXPECT_FALSE(HashFolder(root_ / "missing"));
}

TEST_F(StoreTest, RefusesLinksLeadingOutOfTheFolder) {
  Write("secret.key", "not the bot's\n");
  fs::create_symlink(root_ / "secret.key", root_ / "bot/key");
  auto hash = StoreFolder(root_ / "bot", root_ / "store");
  ASSERT_FALSE(hash);
  EXPECT_NE(hash.error().find("key: a link to"), std::string::npos)
      << hash.error();
  EXPECT_NE(hash.error().find("outside the bot's folder"), std::string::npos);
  EXPECT_FALSE(fs::exists(root_ / "store") && !fs::is_empty(root_ / "store"));
  // Relative, through "..": the same.
  fs::remove(root_ / "bot/key");
  fs::create_symlink("../secret.key", root_ / "bot/lib/up");
  EXPECT_FALSE(HashFolder(root_ / "bot"));
  // A link that leads inside is copied as the file it leads to.
  fs::remove(root_ / "bot/lib/up");
  fs::create_symlink("lib/util.py", root_ / "bot/util.py");
  EXPECT_TRUE(HashFolder(root_ / "bot"));
  // A loop names the link.
  fs::create_symlink("loop", root_ / "bot/loop");
  hash = HashFolder(root_ / "bot");
  ASSERT_FALSE(hash);
  EXPECT_NE(hash.error().find("loop"), std::string::npos) << hash.error();
}

TEST_F(StoreTest, PlansTheCommandInsideItsFolder) {
  const std::vector<std::string> command = {"python3", "bot/bot.py", "--fast",
                                            "bot/lib"};
  auto plan = PlanSubmission(command, "", root_);
  ASSERT_TRUE(plan) << plan.error();
  EXPECT_EQ(plan->folder, root_ / "bot");
  EXPECT_EQ(plan->argv, (std::vector<std::string>{"python3", "./bot.py",
                                                  "--fast", "./lib"}));
  auto given = PlanSubmission(command, "bot/lib", root_);
  ASSERT_TRUE(given);
  EXPECT_EQ(given->argv[1], (root_ / "bot/bot.py").string());  // outside
  auto none =
      PlanSubmission(std::vector<std::string>{"python3", "-c", "1"}, "", root_);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().find("--dir"), std::string::npos);
  EXPECT_FALSE(PlanSubmission({}, "", root_));
  EXPECT_FALSE(PlanSubmission(command, "nope", root_));
}

}  // namespace
}  // namespace arbiter::league
