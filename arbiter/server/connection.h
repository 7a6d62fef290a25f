// One bot's stream, as match play sees it (BotChannel,
// arbiter/match/bot_channel.h): send messages, receive messages with a
// deadline, close.
//
// Built on gRPC's asynchronous API with one completion queue per stream, which
// the thread that waits for the bot polls itself: the bot's answer wakes that
// thread directly, with no hand-over from a gRPC thread (a hand-over costs as
// much as the whole round trip on a small machine). A connection is meant to
// be used by one thread at a time (the one playing the seat); its methods are
// nevertheless serialized by a mutex, and Cancel() may come from anywhere.
#ifndef ARBITER_SERVER_CONNECTION_H_
#define ARBITER_SERVER_CONNECTION_H_

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <chrono>
#include <expected>
#include <memory>
#include <mutex>
#include <string>

#include "arbiter/match/bot_channel.h"
#include "arbiter/v1/arbiter.grpc.pb.h"

namespace arbiter {

// The largest message a bot may send (the protocol's limit, docs/protocol.md).
inline constexpr size_t kMaxBotMessageBytes = size_t{4} << 20;
// What the transport accepts at all: above the protocol limit, so that a
// message between the two is received and reported as malformed rather than
// cut off by gRPC as a broken stream (which looks like a disconnect).
inline constexpr int kMaxTransportMessageBytes = 64 << 20;

// Raw bytes both ways: the arbiter parses what bots send itself, so that a
// message that does not parse is told apart from a closed stream (gRPC's
// typed stream reports both as a failed read).
using AsyncStream =
    grpc::ServerAsyncReaderWriter<grpc::ByteBuffer, grpc::ByteBuffer>;

// One accepted call and the completion queue its operations report to.
struct CallState {
  grpc::ServerContext context;
  AsyncStream stream{&context};
  grpc::CompletionQueue cq;
};

// Drives the operations of one call: at most one read and one write at a
// time, each completion collected by whoever polls.
class CallDriver {
 public:
  explicit CallDriver(std::shared_ptr<CallState> call)
      : call_(std::move(call)) {}

  // Writes and waits for the write to complete, at most until `deadline`;
  // after that the call is cancelled. False when the stream is broken.
  bool Write(const v1::ArbiterMessage& m, Clock::time_point deadline);
  // Starts a read if none is outstanding and polls until it completes or
  // `deadline`. A read that times out stays outstanding.
  std::expected<v1::BotMessage, ReceiveError> Read(Clock::time_point deadline);
  bool closed() const { return closed_; }
  // Why the last Read() returned kMalformed.
  const std::string& malformed_detail() const { return malformed_detail_; }
  // Keeps a read outstanding and collects what has completed, without
  // waiting: notices a broken stream; an arriving message is kept.
  void Check();
  // Cancels, waits for outstanding operations, finishes with `status`,
  // shuts the queue down and drains it. Idempotent.
  void Finalize(const grpc::Status& status);
  void Cancel() { call_->context.TryCancel(); }

 private:
  // Polls one completion; false at the deadline.
  bool PollOnce(Clock::time_point deadline);

  void StartRead();

  std::shared_ptr<CallState> call_;
  grpc::ByteBuffer read_buf_;
  std::string malformed_detail_;
  bool reading_ = false, read_ready_ = false, writing_ = false;
  bool closed_ = false, finalized_ = false;
};

class BotConnection : public BotChannel {
 public:
  BotConnection(std::shared_ptr<CallState> call, const v1::Hello& hello,
                Clock::duration stuck_write_limit);
  ~BotConnection() override;

  bool Send(const v1::ArbiterMessage& message) override;
  std::expected<v1::BotMessage, ReceiveError> Receive(
      Clock::time_point deadline) override;
  bool IsOpen() override;
  void Close(v1::ErrorCode code, const std::string& message) override;
  void DiscardPending() override;
  std::string MalformedDetail() override;
  std::string bot_name() const override { return hello_.bot_name(); }
  std::string bot_version() const override { return hello_.bot_version(); }
  std::string hello_note() const override { return hello_note_; }
  bool events_in_request() const override { return hello_.events_in_request(); }
  const v1::Hello* hello() const override { return &sent_; }

  // Ends the call for good (server shutdown); safe from any thread.
  void Shutdown();

 private:
  v1::Hello hello_;  // as kept: KeepHelloTexts()
  std::string hello_note_;
  // As the bot sent it but its token, for checks of the Hello (check-bot):
  // the kept one has no games and no control characters to find.
  v1::Hello sent_;
  const Clock::duration stuck_write_limit_;
  std::atomic<bool> done_{false};  // finalized: the call may be gone
  std::mutex mu_;
  CallDriver driver_;
};

}  // namespace arbiter

#endif  // ARBITER_SERVER_CONNECTION_H_
