// A seat's channel that passes every message through to the bot's and
// watches the answers: each must name the request last sent. The arbiter
// ignores an answer to an earlier request (it may be a late one), so a bot
// that answers the wrong id would only be seen to time out; a conformance
// check says what it did.
#ifndef ARBITER_CONFORMANCE_CHECKED_CHANNEL_H_
#define ARBITER_CONFORMANCE_CHECKED_CHANNEL_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "arbiter/match/bot_channel.h"

namespace arbiter::conformance {

struct Violation {
  int decision = 0;  // the bot's decision in its game, 1-based
  std::string message;
};

class CheckedChannel : public BotChannel {
 public:
  // Watches `inner` (the bot's channel for the next game) from now on.
  void Begin(BotChannel* inner);
  // Called before each decision request goes out, with its number in the
  // game (1-based).
  std::function<void(int decision)> before_request;
  // The first answer of the game to another request than the one asked.
  const std::optional<Violation>& violation() const { return violation_; }

  bool Send(const v1::ArbiterMessage& message) override;
  std::expected<v1::BotMessage, ReceiveError> Receive(
      Clock::time_point deadline) override;
  bool IsOpen() override { return inner_->IsOpen(); }
  void Close(v1::ErrorCode code, const std::string& message) override {
    inner_->Close(code, message);
  }
  void DiscardPending() override { inner_->DiscardPending(); }
  std::string MalformedDetail() override { return inner_->MalformedDetail(); }
  std::string bot_name() const override { return inner_->bot_name(); }
  std::string bot_version() const override { return inner_->bot_version(); }
  bool events_in_request() const override {
    return inner_->events_in_request();
  }
  const v1::Hello* hello() const override { return inner_->hello(); }

 private:
  BotChannel* inner_ = nullptr;
  int decisions_ = 0;
  uint64_t asked_ = 0;  // the request id last sent; 0: none yet
  std::optional<Violation> violation_;
};

}  // namespace arbiter::conformance

#endif  // ARBITER_CONFORMANCE_CHECKED_CHANNEL_H_
