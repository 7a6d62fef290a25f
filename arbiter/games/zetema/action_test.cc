#include "arbiter/games/zetema/action.h"

#include <gtest/gtest.h>

namespace zetema {
namespace {

std::string RoundTrip(std::string_view text) {
  const auto a = ParseAction(text);
  return a ? ActionToString(*a) : "error: " + a.error();
}

TEST(ActionTest, PrintsCanonicalText) {
  EXPECT_EQ(RoundTrip("discard 9H"), "discard 9H");
  EXPECT_EQ(RoundTrip("meld 9H 4S 5H 6D 7C 8S discard 9H"),
            "meld 4S 5H 6D 7C 8S 9H discard 9H");
  EXPECT_EQ(RoundTrip("meld AS KH QH JH TH 9H discard AS"),
            "meld 9H TH JH QH KH AS discard AS");
  EXPECT_EQ(RoundTrip("meld AS 2H 3H 4H 5H 6H discard AS"),
            "meld AS 2H 3H 4H 5H 6H discard AS");
  EXPECT_EQ(RoundTrip("meld 7S 7H 7D 7C 7S"), "meld 7S 7S 7H 7D 7C");
  EXPECT_EQ(RoundTrip("marry QS KS, QS KS*"), "marry KS QS, KS* QS");
  EXPECT_EQ(RoundTrip("marry KH QH*, KS QS"), "marry KS QS, KH QH*");
}

TEST(ActionTest, AcceptsOtherNotations) {
  EXPECT_EQ(RoundTrip("DISCARD 10h"), "discard TH");
  EXPECT_EQ(RoundTrip("marry K\u2665 Q\u2665"), "marry KH QH");
  EXPECT_EQ(RoundTrip("  marry KS QS ,KD QD  "), "marry KS QS, KD QD");
}

TEST(ActionTest, SameActionWhateverTheOrder) {
  EXPECT_EQ(*ParseAction("meld 4S 5H 6D 7C 8S 9H discard 9H"),
            *ParseAction("meld 9H 8S 7C 6D 5H 4S discard 9H"));
  EXPECT_EQ(*ParseAction("marry KS QS, KS* QS"),
            *ParseAction("marry QS KS*, QS KS"));
  EXPECT_FALSE(*ParseAction("marry KS QS*") == *ParseAction("marry KS QS"));
  EXPECT_FALSE(*ParseAction("meld 4S 5H 6D 7C 8S 9H discard 9H") ==
               *ParseAction("meld 4S 5H 6D 7C 8S 9H discard 4S"));
}

TEST(ActionTest, ErrorsNameTheTokenAndPosition) {
  struct Case {
    const char* text;
    const char* want;
  };
  for (const Case& c : {
           Case{"", "empty"},
           Case{"pass", "\"pass\" at token 1"},
           Case{"discard", "missing card"},
           Case{"discard 9X", "\"9X\" at token 2"},
           Case{"discard 9H 8H", "\"8H\" at token 3"},
           Case{"meld 4S 5H ZZ", "\"ZZ\" at token 4"},
           Case{"meld discard 4S", "needs the declared cards"},
           Case{"meld 4S 5H discard", "missing card"},
           Case{"meld 4S 5H discard 4S 5H", "\"5H\" at token 6"},
           Case{"marry KS", "missing a card"},
           Case{"marry KS QH", "not a king and queen of one suit"},
           Case{"marry KS QS KH QH", "expected ','"},
           Case{"marry KS QS,", "missing a card"},
           Case{"marry KS* QS QS", "expected ','"},
       }) {
    const auto a = ParseAction(c.text);
    ASSERT_FALSE(a.has_value()) << c.text;
    EXPECT_NE(a.error().find(c.want), std::string::npos)
        << c.text << " -> " << a.error();
  }
}

}  // namespace
}  // namespace zetema
