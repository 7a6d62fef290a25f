// What match play needs of a seat's bot: send messages, receive messages
// with a deadline, close. An interface, so that match play knows no
// transport: the gRPC stream (arbiter/server/connection.h) implements it,
// and tests and other transports stand in for it.
#ifndef ARBITER_MATCH_BOT_CHANNEL_H_
#define ARBITER_MATCH_BOT_CHANNEL_H_

#include <chrono>
#include <expected>
#include <string>

#include "arbiter/v1/arbiter.pb.h"

namespace arbiter {

using Clock = std::chrono::steady_clock;

// kMalformed: the bot sent bytes that do not parse as a BotMessage, or a
// message over the protocol's size limit; the stream itself stays open.
enum class ReceiveError { kTimeout, kClosed, kMalformed };

class BotChannel {
 public:
  virtual ~BotChannel() = default;
  // False once the stream is closed (the message is dropped).
  virtual bool Send(const v1::ArbiterMessage& message) = 0;
  // The next message from the bot, waiting until `deadline` at most.
  virtual std::expected<v1::BotMessage, ReceiveError> Receive(
      Clock::time_point deadline) = 0;
  virtual bool IsOpen() = 0;
  // Sends an Error (best effort) and ends the stream.
  virtual void Close(v1::ErrorCode code, const std::string& message) = 0;
  // Drops messages already received (e.g. late answers of a previous game).
  virtual void DiscardPending() = 0;
  // Why the last Receive() failed with kMalformed; "" when unknown.
  virtual std::string MalformedDetail() { return ""; }
  // The bot's name and version for itself, as kept
  // (arbiter/server/hello_text.h): capped and printable; hello_note() says what
  // was changed, "" when nothing.
  virtual std::string bot_name() const = 0;
  virtual std::string bot_version() const = 0;
  virtual std::string hello_note() const { return ""; }
  // The bot takes its events inside its decision requests
  // (Hello.events_in_request).
  virtual bool events_in_request() const { return false; }
  // The Hello the bot sent (for checks of it); null when there is none.
  virtual const v1::Hello* hello() const { return nullptr; }
};

}  // namespace arbiter

#endif  // ARBITER_MATCH_BOT_CHANNEL_H_
