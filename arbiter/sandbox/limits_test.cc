#include "arbiter/sandbox/limits.h"

#include <gtest/gtest.h>

namespace arbiter::sandbox {
namespace {

TEST(LimitsTest, ModesParseAndPrint) {
  for (Mode m : {Mode::kFull, Mode::kReduced, Mode::kNone}) {
    EXPECT_EQ(ParseMode(ToString(m)), m);
  }
  auto bad = ParseMode("partial");
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().find("'partial'"), std::string::npos) << bad.error();
  EXPECT_NE(bad.error().find("must be full, reduced or none"),
            std::string::npos)
      << bad.error();
}

// --sandbox's check (CLI::IsMember) and sandbox.mode take this list.
TEST(LimitsTest, ModeNamesAreTheNamesParseModeTakes) {
  EXPECT_EQ(ModeNames(), (std::vector<std::string>{"full", "reduced", "none"}));
  for (const std::string& name : ModeNames()) {
    auto mode = ParseMode(name);
    ASSERT_TRUE(mode.has_value()) << name;
    EXPECT_EQ(ToString(*mode), name);
  }
}

TEST(LimitsTest, DefaultsSuitAStrongBot) {
  const Limits l;
  EXPECT_EQ(l.memory_bytes, uint64_t{1} << 30);
  EXPECT_EQ(l.processes, 64);
  EXPECT_EQ(l.tmp_bytes, uint64_t{64} << 20);
}

TEST(LimitsTest, ChecksRangesAndNamesTheField) {
  Limits l;
  l.memory_bytes = 1 << 20;
  auto r = CheckLimits(&l, "/");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().rfind("memory_mb:", 0), 0u) << r.error();
  l = {};
  l.processes = 2;
  r = CheckLimits(&l, "/");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().rfind("processes:", 0), 0u) << r.error();
  l = {};
  l.cpu_weight = 20000;
  EXPECT_FALSE(CheckLimits(&l, "/").has_value());
  l = {};
  l.memory_bytes = 0;  // no limit is allowed
  l.processes = 0;
  EXPECT_TRUE(CheckLimits(&l, "/").has_value());
}

TEST(LimitsTest, PathsMustExistAndBecomeAbsolute) {
  Limits l;
  l.writable = {"tmp"};
  l.read_only = {"/etc/passwd"};
  ASSERT_TRUE(CheckLimits(&l, "/").has_value());
  EXPECT_EQ(l.writable[0], "/tmp");
  l.writable = {"/etc/passwd"};
  auto r = CheckLimits(&l, "/");
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().find("writable[0]"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("not a directory"), std::string::npos);
  l.writable = {};
  l.read_only = {"/no/such/path"};
  r = CheckLimits(&l, "/");
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().find("read_only[0]"), std::string::npos) << r.error();
}

}  // namespace
}  // namespace arbiter::sandbox
