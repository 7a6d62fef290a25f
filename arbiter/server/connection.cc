#include "arbiter/server/connection.h"

#include <utility>

#include "arbiter/server/hello_text.h"

namespace arbiter {
namespace {

// Completion tags: the queue belongs to one call, so the kind is enough.
void* const kReadTag = reinterpret_cast<void*>(1);
void* const kWriteTag = reinterpret_cast<void*>(2);
void* const kFinishTag = reinterpret_cast<void*>(3);

std::chrono::system_clock::time_point ToSystem(Clock::time_point t) {
  return std::chrono::system_clock::now() +
         std::chrono::duration_cast<std::chrono::system_clock::duration>(
             t - Clock::now());
}

}  // namespace

bool CallDriver::PollOnce(Clock::time_point deadline) {
  void* tag = nullptr;
  bool ok = false;
  // gRPC rounds a deadline up to the next millisecond: "now" would sleep
  // up to 1 ms in epoll. A deadline passed polls without waiting.
  const auto status =
      deadline <= Clock::now()
          ? call_->cq.AsyncNext(&tag, &ok, gpr_time_0(GPR_CLOCK_REALTIME))
          : call_->cq.AsyncNext(&tag, &ok, ToSystem(deadline));
  if (status != grpc::CompletionQueue::GOT_EVENT) return false;
  if (tag == kReadTag) {
    reading_ = false;
    if (ok) {
      read_ready_ = true;
    } else {
      closed_ = true;
    }
  } else if (tag == kWriteTag) {
    writing_ = false;
    if (!ok) closed_ = true;
  }
  return true;
}

bool CallDriver::Write(const v1::ArbiterMessage& m,
                       Clock::time_point deadline) {
  if (closed_ || finalized_) return false;
  grpc::ByteBuffer bytes;
  bool own = false;
  if (!grpc::SerializationTraits<v1::ArbiterMessage>::Serialize(m, &bytes, &own)
           .ok()) {
    return false;  // cannot happen for a message the arbiter built
  }
  call_->stream.Write(bytes, kWriteTag);
  writing_ = true;
  // The answer may come before the write reports back: have a read waiting
  // for it, so the same poll that sees the write done can see the answer.
  if (!reading_ && !read_ready_) StartRead();
  while (writing_ && PollOnce(deadline)) {
  }
  if (writing_) {
    // The bot stopped reading: cut it off rather than wait forever.
    Cancel();
    closed_ = true;
    while (writing_ && PollOnce(Clock::now() + std::chrono::seconds(5))) {
    }
  }
  return !closed_;
}

void CallDriver::StartRead() {
  read_buf_.Clear();
  call_->stream.Read(&read_buf_, kReadTag);
  reading_ = true;
}

std::expected<v1::BotMessage, ReceiveError> CallDriver::Read(
    Clock::time_point deadline) {
  while (true) {
    if (read_ready_) {
      read_ready_ = false;
      const size_t size = read_buf_.Length();
      if (size > kMaxBotMessageBytes) {
        read_buf_.Clear();
        malformed_detail_ = "a message of " + std::to_string(size) +
                            " bytes, over the protocol's limit of " +
                            std::to_string(kMaxBotMessageBytes) + " bytes";
        return std::unexpected(ReceiveError::kMalformed);
      }
      v1::BotMessage message;
      // Deserialize consumes the buffer, whatever the outcome.
      if (!grpc::SerializationTraits<v1::BotMessage>::Deserialize(&read_buf_,
                                                                  &message)
               .ok()) {
        malformed_detail_ = "a message of " + std::to_string(size) +
                            " bytes that does not parse as a BotMessage";
        return std::unexpected(ReceiveError::kMalformed);
      }
      return message;
    }
    if (closed_ || finalized_) return std::unexpected(ReceiveError::kClosed);
    if (!reading_) StartRead();
    if (!PollOnce(deadline)) return std::unexpected(ReceiveError::kTimeout);
  }
}

void CallDriver::Check() {
  if (closed_ || finalized_) return;
  if (!reading_ && !read_ready_) StartRead();
  while (PollOnce(Clock::now())) {
  }
}

void CallDriver::Finalize(const grpc::Status& status) {
  if (finalized_) return;
  finalized_ = true;
  const auto limit = Clock::now() + std::chrono::seconds(5);
  // A clean end leaves a pending read alone: the status goes out with it
  // outstanding and the bot sees OK. Cancelling would end the call with
  // CANCELLED instead, which a bot cannot tell from a broken arbiter.
  const bool cancel = writing_ || (reading_ && !status.ok());
  if (cancel) Cancel();
  while ((writing_ || (cancel && reading_)) && PollOnce(limit)) {
  }
  call_->stream.Finish(status, kFinishTag);
  void* tag;
  bool ok;
  // The finish completes promptly (or fails at once on a cancelled call);
  // a pending read completes (not ok) along the way.
  while (call_->cq.AsyncNext(&tag, &ok, ToSystem(limit)) ==
             grpc::CompletionQueue::GOT_EVENT &&
         tag != kFinishTag) {
  }
  call_->cq.Shutdown();
  while (call_->cq.Next(&tag, &ok)) {
  }
  closed_ = true;
}

BotConnection::BotConnection(std::shared_ptr<CallState> call,
                             const v1::Hello& hello,
                             Clock::duration stuck_write_limit)
    : hello_(hello),
      hello_note_(KeepHelloTexts(&hello_)),
      sent_(hello),
      stuck_write_limit_(stuck_write_limit),
      driver_(std::move(call)) {
  sent_.clear_token();
}

BotConnection::~BotConnection() { Shutdown(); }

bool BotConnection::Send(const v1::ArbiterMessage& message) {
  std::lock_guard lock(mu_);
  return driver_.Write(message, Clock::now() + stuck_write_limit_);
}

std::expected<v1::BotMessage, ReceiveError> BotConnection::Receive(
    Clock::time_point deadline) {
  std::lock_guard lock(mu_);
  return driver_.Read(deadline);
}

bool BotConnection::IsOpen() {
  std::lock_guard lock(mu_);
  driver_.Check();
  return !driver_.closed();
}

void BotConnection::Close(v1::ErrorCode code, const std::string& message) {
  std::lock_guard lock(mu_);
  if (!driver_.closed()) {
    v1::ArbiterMessage m;
    m.mutable_error()->set_code(code);
    m.mutable_error()->set_message(message);
    driver_.Write(m, Clock::now() + std::chrono::seconds(1));
  }
  driver_.Finalize(grpc::Status::OK);
  done_ = true;
}

void BotConnection::DiscardPending() {
  std::lock_guard lock(mu_);
  // Everything that has already arrived; stops at the first wait.
  while (true) {
    auto m = driver_.Read(Clock::now());
    if (!m && m.error() != ReceiveError::kMalformed) break;
  }
}

std::string BotConnection::MalformedDetail() {
  std::lock_guard lock(mu_);
  return driver_.malformed_detail();
}

void BotConnection::Shutdown() {
  if (done_) return;
  // Unblocks a holder of mu_ at once. Safe without the lock: Cancel() only
  // reads the driver's call, which never changes.
  driver_.Cancel();
  std::lock_guard lock(mu_);
  driver_.Finalize(grpc::Status::CANCELLED);
  done_ = true;
}

}  // namespace arbiter
