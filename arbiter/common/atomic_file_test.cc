#include "arbiter/common/atomic_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace arbiter {
namespace {

std::string Read(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(AtomicFileTest, ReplacesTheWholeFileAndLeavesNoTemporary) {
  const auto dir = std::filesystem::path(testing::TempDir()) / "atomic_file";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto file = dir / "a.json";
  ASSERT_TRUE(WriteFileAtomically(file, "first, and longer").has_value());
  ASSERT_TRUE(WriteFileAtomically(file, "second").has_value());
  EXPECT_EQ(Read(file), "second");
  ASSERT_TRUE(WriteFileAtomically(file, "durable", /*durable=*/true));
  EXPECT_EQ(Read(file), "durable");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir),
                          std::filesystem::directory_iterator()),
            1);
}

TEST(AtomicFileTest, AnUnwritableDirectoryIsNamed) {
  const auto result =
      WriteFileAtomically("/nonexistent-dir-of-the-test/a.json", "x");
  ASSERT_FALSE(result.has_value());
  EXPECT_NE(result.error().find("/nonexistent-dir-of-the-test/a.json"),
            std::string::npos);
  EXPECT_NE(result.error().find("No such file or directory"),
            std::string::npos);
}

}  // namespace
}  // namespace arbiter
