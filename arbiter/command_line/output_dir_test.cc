#include "arbiter/command_line/output_dir.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace arbiter {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

class OutputDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/output_dir_test.XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    root_ = tmpl;
  }
  void TearDown() override {
    std::system(("chattr -i " + root_.string() + "/* 2>/dev/null").c_str());
    fs::remove_all(root_);
  }
  // chattr +i `dir`; false where the file system or user cannot.
  static bool MakeImmutable(const fs::path& dir) {
    return std::system(
               ("chattr +i " + dir.string() + " 2>/dev/null").c_str()) == 0;
  }
  fs::path root_;
};

TEST_F(OutputDirTest, MakesMissingFolders) {
  ASSERT_TRUE(MakeOutputDir(root_ / "a" / "b"));
  EXPECT_TRUE(fs::is_directory(root_ / "a" / "b"));
  EXPECT_TRUE(MakeOutputDir(root_ / "a" / "b"));  // again: there already
}

TEST_F(OutputDirTest, AFileInTheWayIsNamed) {
  std::ofstream(root_ / "f") << "x";
  auto made = MakeOutputDir(root_ / "f" / "sub");
  ASSERT_FALSE(made);
  EXPECT_EQ(made.error(), "cannot create the folder: " +
                              (root_ / "f").string() + " is a file");
}

TEST_F(OutputDirTest, AnImmutableFolderIsCalledSoNotMissing) {
  const fs::path frozen = root_ / "frozen";
  fs::create_directory(frozen);
  if (!MakeImmutable(frozen)) GTEST_SKIP() << "chattr +i is not possible here";
  auto inside = MakeOutputDir(frozen / "out");
  ASSERT_FALSE(inside);
  EXPECT_THAT(inside.error(),
              HasSubstr("cannot create the folder in " + frozen.string() +
                        ": immutable or append-only"));
  EXPECT_THAT(inside.error(), Not(HasSubstr("No such file")));
  auto itself = MakeOutputDir(frozen);
  ASSERT_FALSE(itself);
  EXPECT_THAT(itself.error(),
              HasSubstr("cannot write to the folder: immutable or append-only "
                        "(chattr +i or +a)"));
}

TEST_F(OutputDirTest, ReasonsInWords) {
  EXPECT_EQ(WhyNotWritable(root_, EROFS), "a read-only file system");
  EXPECT_EQ(WhyNotWritable(root_, EACCES),
            "permission denied (the arbiter runs as user " +
                std::to_string(::geteuid()) + ")");
  EXPECT_EQ(WhyNotWritable(root_, ENOSPC), "No space left on device");
}

}  // namespace
}  // namespace arbiter
