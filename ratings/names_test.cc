#include "ratings/names.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace ratings {
namespace {

using ::testing::HasSubstr;

TEST(NamesTest, AcceptsPrintableUtf8) {
  EXPECT_TRUE(CheckName("greedy-2.1"));
  EXPECT_TRUE(CheckName("Bot, the \"best\""));
  EXPECT_TRUE(CheckName("caf\xc3\xa9 \xf0\x9f\x83\x8f"));  // café 🃏
}

TEST(NamesTest, RefusesWhatWouldBreakAPrintout) {
  struct Case {
    std::string name;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"", "is empty"},
      {std::string("a\0b", 3), "holds a NUL byte"},
      {"a\nb", "control character (byte 0x0a)"},
      {"a\x7f", "control character (byte 0x7f)"},
      {"a\xc2\x85", "control character (U+0085)"},
      {"a\xff", "not valid UTF-8 (at byte 2)"},
      {"\x80", "not valid UTF-8 (at byte 1)"},
      {"\xc0\xaf", "not valid UTF-8"},                // overlong '/'
      {"\xed\xa0\x80", "not valid UTF-8"},            // a surrogate
      {"\xf4\x90\x80\x80", "not valid UTF-8"},        // above U+10FFFF
      {"ab\xe2\x82", "not valid UTF-8 (at byte 3)"},  // cut short
  };
  for (const Case& c : cases) {
    const auto ok = CheckName(c.name);
    ASSERT_FALSE(ok) << c.name;
    EXPECT_THAT(ok.error(), HasSubstr(c.error)) << c.name;
  }
}

TEST(NamesTest, InternsInFirstSeenOrder) {
  NameTable table;
  EXPECT_EQ(*table.Intern("b"), 0u);
  EXPECT_EQ(*table.Intern("a"), 1u);
  EXPECT_EQ(*table.Intern("b"), 0u);
  EXPECT_FALSE(table.Intern(std::string("x\0", 2)));
  EXPECT_EQ(table.size(), 2u);
  EXPECT_EQ(table.Find("a"), 1);
  EXPECT_EQ(table.Find("zz"), -1);
  EXPECT_THAT(table.names(), ::testing::ElementsAre("b", "a"));
}

}  // namespace
}  // namespace ratings
