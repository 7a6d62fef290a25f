#include "arbiter/conformance/checked_channel.h"

namespace arbiter::conformance {

void CheckedChannel::Begin(BotChannel* inner) {
  inner_ = inner;
  decisions_ = 0;
  asked_ = 0;
  violation_.reset();
}

bool CheckedChannel::Send(const v1::ArbiterMessage& message) {
  if (message.has_decision_request()) {
    asked_ = message.decision_request().request_id();
    ++decisions_;
    if (before_request) before_request(decisions_);
  }
  return inner_->Send(message);
}

std::expected<v1::BotMessage, ReceiveError> CheckedChannel::Receive(
    Clock::time_point deadline) {
  auto message = inner_->Receive(deadline);
  if (message && message->has_action_reply() && !violation_) {
    const uint64_t id = message->action_reply().request_id();
    if (id != asked_) {
      violation_ = Violation{
          .decision = decisions_,
          .message =
              "answer for request " + std::to_string(id) + " while " +
              (asked_ == 0 ? std::string("none") : std::to_string(asked_)) +
              " was asked"};
    }
  }
  return message;
}

}  // namespace arbiter::conformance
