#include "arbiter/conformance/hello_check.h"

#include <gtest/gtest.h>

namespace arbiter::conformance {
namespace {

v1::Hello Good() {
  v1::Hello h;
  h.set_bot_name("greedy");
  h.set_bot_version("1.2");
  h.set_protocol_version(1);
  h.add_games("zetema");
  h.add_games("pontoon");
  return h;
}

TEST(CheckHello, AWellFormedHelloHasNoProblem) {
  EXPECT_TRUE(CheckHello(Good()).empty());
}

TEST(CheckHello, NamesEveryProblem) {
  v1::Hello h = Good();
  h.set_bot_name("");
  h.set_bot_version("1\x1b[31m");
  h.add_games("chess");
  EXPECT_EQ(CheckHello(h),
            (std::vector<std::string>{
                "Hello.bot_name is empty",
                "Hello.bot_version '1\\x1b[31m' has control characters",
                "Hello.games names 'chess', which this arbiter does not "
                "know"}));
  h = Good();
  for (int i = 0; i < 1000; ++i) h.add_games("g" + std::to_string(i));
  const auto problems = CheckHello(h);
  ASSERT_EQ(problems.size(), size_t(kMaxUnknownGames) + 1);
  EXPECT_EQ(problems.back(), "Hello.games names 997 more unknown games");
  h = Good();
  h.set_bot_name(std::string(65, 'n'));
  EXPECT_EQ(CheckHello(h), std::vector<std::string>{
                               "Hello.bot_name is 65 bytes long (at most 64)"});
}

TEST(GamesToCheck, EveryDeclaredGameOrNoneMeaningZetema) {
  std::vector<std::string> problems;
  EXPECT_EQ(GamesToCheck(Good(), {}, &problems),
            (std::vector<std::string>{"zetema", "pontoon"}));
  v1::Hello old = Good();
  old.clear_games();
  EXPECT_EQ(GamesToCheck(old, {}, &problems),
            std::vector<std::string>{"zetema"});
  EXPECT_TRUE(problems.empty());
}

TEST(GamesToCheck, WantedGamesMustBeDeclared) {
  std::vector<std::string> problems;
  EXPECT_EQ(
      GamesToCheck(Good(), {"pontoon", "scotch_whist", "pontoon"}, &problems),
      std::vector<std::string>{"pontoon"});
  EXPECT_EQ(problems,
            std::vector<std::string>{"its Hello does not declare scotch_whist "
                                     "(Hello.games)"});
  v1::Hello old = Good();
  old.clear_games();
  problems.clear();
  EXPECT_TRUE(GamesToCheck(old, {"pontoon"}, &problems).empty());
  EXPECT_EQ(problems, std::vector<std::string>{
                          "its Hello does not declare pontoon (it declares "
                          "no game, which means zetema only)"});
}

TEST(DescribeHello, SaysWhatTheBotAskedFor) {
  v1::Hello h = Good();
  h.set_events_in_request(true);
  EXPECT_EQ(DescribeHello(h),
            "greedy 1.2, protocol 1, games zetema pontoon, events inside "
            "requests");
  h.set_bot_name("x\ny");
  h.set_events_in_request(false);
  h.clear_games();
  EXPECT_EQ(DescribeHello(h),
            "x\\ny 1.2, protocol 1, games zetema, events as GameEvent "
            "messages");
}

}  // namespace
}  // namespace arbiter::conformance
