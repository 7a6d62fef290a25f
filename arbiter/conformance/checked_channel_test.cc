#include "arbiter/conformance/checked_channel.h"

#include <gtest/gtest.h>

#include <deque>
#include <vector>

namespace arbiter::conformance {
namespace {

// A bot that has already written its answers.
class ScriptedChannel : public BotChannel {
 public:
  bool Send(const v1::ArbiterMessage& m) override {
    sent.push_back(m);
    return true;
  }
  std::expected<v1::BotMessage, ReceiveError> Receive(
      Clock::time_point) override {
    if (replies.empty()) return std::unexpected(ReceiveError::kTimeout);
    v1::BotMessage m;
    m.mutable_action_reply()->set_request_id(replies.front());
    replies.pop_front();
    return m;
  }
  bool IsOpen() override { return true; }
  void Close(v1::ErrorCode, const std::string&) override {}
  void DiscardPending() override {}
  std::string bot_name() const override { return "scripted"; }
  std::string bot_version() const override { return "1"; }

  std::vector<v1::ArbiterMessage> sent;
  std::deque<uint64_t> replies;
};

v1::ArbiterMessage Request(uint64_t id) {
  v1::ArbiterMessage m;
  m.mutable_decision_request()->set_request_id(id);
  return m;
}

TEST(CheckedChannel, PassesAnswersToTheRequestAsked) {
  ScriptedChannel bot;
  bot.replies = {41, 42};
  CheckedChannel checked;
  checked.Begin(&bot);
  std::vector<int> numbers;
  checked.before_request = [&](int decision) { numbers.push_back(decision); };
  for (uint64_t id : {41, 42}) {
    EXPECT_TRUE(checked.Send(Request(id)));
    auto reply = checked.Receive(Clock::now());
    ASSERT_TRUE(reply.has_value());
    EXPECT_EQ(reply->action_reply().request_id(), id);
  }
  EXPECT_EQ(bot.sent.size(), 2u);
  EXPECT_EQ(numbers, (std::vector<int>{1, 2}));
  EXPECT_FALSE(checked.violation().has_value());
}

TEST(CheckedChannel, NamesTheFirstAnswerToAnotherRequest) {
  ScriptedChannel bot;
  bot.replies = {41, 41, 7};
  CheckedChannel checked;
  checked.Begin(&bot);
  checked.Send(Request(41));
  checked.Receive(Clock::now());
  checked.Send(Request(42));
  auto stale = checked.Receive(Clock::now());
  ASSERT_TRUE(stale.has_value());  // passed on: the arbiter judges it too
  checked.Receive(Clock::now());
  ASSERT_TRUE(checked.violation().has_value());
  EXPECT_EQ(checked.violation()->decision, 2);
  EXPECT_EQ(checked.violation()->message,
            "answer for request 41 while 42 was asked");
}

TEST(CheckedChannel, AnAnswerBeforeAnyRequestAndANewGame) {
  ScriptedChannel bot;
  bot.replies = {5};
  CheckedChannel checked;
  checked.Begin(&bot);
  checked.Receive(Clock::now());
  ASSERT_TRUE(checked.violation().has_value());
  EXPECT_EQ(checked.violation()->message,
            "answer for request 5 while none was asked");
  checked.Begin(&bot);  // the next game starts clean
  EXPECT_FALSE(checked.violation().has_value());
}

}  // namespace
}  // namespace arbiter::conformance
