// The game loop: one bidirectional stream, read a message, react, repeat.
// Per decision it allocates nothing of its own: the messages of a game are
// read into one arena, freed at once between games, and the event history
// (in the same arena) moves between messages by pointer swaps.
#include <google/protobuf/arena.h>
#include <grpc/grpc.h>
#include <grpcpp/grpcpp.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <vector>

#include "arbiter/v1/arbiter.grpc.pb.h"
#include "zetema_bot/bot.h"

namespace zetema_bot {
namespace {

namespace v1 = arbiter::v1;
using Stream = grpc::ClientReaderWriter<v1::BotMessage, v1::ArbiterMessage>;
using Events = google::protobuf::RepeatedPtrField<zetema::v1::Event>;

std::unexpected<Error> Fail(ErrorCode code, std::string message) {
  return std::unexpected(Error{code, std::move(message)});
}

std::string StatusText(const grpc::Status& status) {
  std::string text = "gRPC status " + std::to_string(int(status.error_code()));
  if (!status.error_message().empty()) text += ": " + status.error_message();
  return text;
}

// Initializes gRPC with its poll engine unless the bot's environment names
// one (GRPC_POLL_STRATEGY). The default engine (epoll1) watches the socket
// for writability too, so the bot woke each time the arbiter read one of
// its answers: about a fifth of the bot's CPU per decision, and of a core
// when two games share a machine (docs/performance.md). The variable is set
// only while gRPC initializes; a program that initialized gRPC itself
// before keeps the engine it chose.
void InitGrpc() {
  static std::once_flag once;
  std::call_once(once, [] {
    constexpr char kVariable[] = "GRPC_POLL_STRATEGY";
    const bool ours = std::getenv(kVariable) == nullptr;
    if (ours) ::setenv(kVariable, "poll", 1);
    grpc_init();  // never shut down: the bot's gRPC lives as long as it does
    if (ours) ::unsetenv(kVariable);
  });
}

class Session {
 public:
  Session(const BotInfo& info, const Callback& callback, const Hooks& hooks)
      : info_(info), callback_(callback), hooks_(hooks) {
    Recycle(/*keep_history=*/false);
  }

  enum class Next { kContinue, kStop };

  // Reacts to the message in `in()`.
  std::expected<Next, Error> Handle(Stream* stream);
  // The message to read the next one into.
  v1::ArbiterMessage* in() {
    if (game_over_) {
      Recycle(/*keep_history=*/false);
    } else if (arena_.SpaceAllocated() > kMaxArenaBytes) {
      Recycle(/*keep_history=*/true);
    }
    game_over_ = false;
    return in_;
  }
  bool welcomed() const { return welcomed_; }
  int64_t received() const { return received_; }
  const SessionSummary& summary() const { return summary_; }

 private:
  // Frees everything read so far, the history too unless `keep_history`.
  void Recycle(bool keep_history);
  void OnEvents(v1::GameEvent* message);  // its events are moved from
  std::expected<Next, Error> OnWelcome(const v1::Welcome& welcome);
  std::expected<Next, Error> OnDecision(Stream* stream);
  std::expected<Next, Error> OnError(const v1::Error& error);
  void SetAnswer(const Answer& answer, int num_legal, v1::ActionReply* reply);

  const BotInfo& info_;
  const Callback& callback_;
  const Hooks& hooks_;
  // gRPC clears the message it reads into, which frees a decision request's
  // few dozen legal actions one by one, then allocates them again: a tenth
  // of a random bot's CPU. In an arena both cost nothing. A game's messages
  // stay until it is over, or until the arena holds kMaxArenaBytes.
  static constexpr size_t kMaxArenaBytes = 16 << 20;
  google::protobuf::Arena arena_;
  v1::ArbiterMessage* in_ = nullptr;  // in arena_
  Events* history_ = nullptr;  // in arena_: public events of the current game
  bool game_over_ = false;     // a GameEnd was read: nothing read is needed
  v1::BotMessage reply_;
  v1::GameStart game_;
  std::vector<zetema::v1::Event*> moved_;  // reused by GameEvent
  bool welcomed_ = false;
  int64_t received_ = 0;  // messages of any kind
  SessionSummary summary_;
};

std::expected<Session::Next, Error> Session::Handle(Stream* stream) {
  using M = v1::ArbiterMessage;
  // Messages before the Welcome are taken as they come: the arbiter always
  // welcomes first, but a bare test server (a ping-pong benchmark) may not.
  ++received_;
  switch (in_->message_case()) {
    case M::kWelcome:
      return OnWelcome(in_->welcome());
    case M::kGameStart:
      game_ = in_->game_start();
      history_->Clear();
      ++summary_.games_started;
      if (hooks_.on_game_start) hooks_.on_game_start(game_);
      return Next::kContinue;
    case M::kGameEvent:
      OnEvents(in_->mutable_game_event());
      return Next::kContinue;
    case M::kDecisionRequest:
      // Events that came inside the request (Hello.events_in_request)
      // happened before it, as if they had come as a GameEvent of their own.
      if (in_->decision_request().has_events()) {
        OnEvents(in_->mutable_decision_request()->mutable_events());
      }
      return OnDecision(stream);
    case M::kGameEnd:
      ++summary_.games_ended;
      if (hooks_.on_game_end) hooks_.on_game_end(game_, in_->game_end());
      game_over_ = true;
      return Next::kContinue;
    case M::kError:
      return OnError(in_->error());
    case M::MESSAGE_NOT_SET:
      break;  // a message type newer than this SDK: nothing to do
  }
  return Next::kContinue;
}

void Session::Recycle(bool keep_history) {
  Events kept;  // copied out and back: only for a game past kMaxArenaBytes
  if (keep_history) kept = *history_;
  arena_.Reset();
  in_ = google::protobuf::Arena::CreateMessage<v1::ArbiterMessage>(&arena_);
  history_ = google::protobuf::Arena::CreateMessage<Events>(&arena_);
  if (!kept.empty()) *history_ = kept;
}

void Session::OnEvents(v1::GameEvent* message) {
  if (!message->has_zetema()) {
    if (hooks_.other_game_events) hooks_.other_game_events(game_, *message);
    return;
  }
  Events* events = message->mutable_zetema()->mutable_events();
  if (hooks_.on_event) {
    for (const auto& event : *events) hooks_.on_event(game_, event);
  }
  // Move, not copy: both are in arena_, and the next Read clears `in_`.
  const int n = events->size();
  if (n > 0) {
    moved_.resize(size_t(n));
    events->UnsafeArenaExtractSubrange(0, n, moved_.data());
    for (auto* event : moved_) history_->UnsafeArenaAddAllocated(event);
  }
}

std::expected<Session::Next, Error> Session::OnWelcome(
    const v1::Welcome& welcome) {
  if (welcomed_) return Fail(ErrorCode::kProtocol, "a second Welcome");
  if (welcome.protocol_version() != kProtocolVersion) {
    return Fail(ErrorCode::kVersionMismatch,
                "the arbiter speaks protocol version " +
                    std::to_string(welcome.protocol_version()) +
                    "; this SDK speaks version " +
                    std::to_string(kProtocolVersion) +
                    " (update the SDK or the arbiter)");
  }
  welcomed_ = true;
  summary_.arbiter_version = welcome.arbiter_version();
  summary_.player_name = welcome.player_name();
  if (hooks_.on_welcome) hooks_.on_welcome(welcome);
  return Next::kContinue;
}

std::expected<Session::Next, Error> Session::OnDecision(Stream* stream) {
  v1::DecisionRequest* request = in_->mutable_decision_request();
  if (!request->has_zetema()) {
    if (!hooks_.other_game_decision) {
      return Fail(ErrorCode::kProtocol,
                  "decision request " + std::to_string(request->request_id()) +
                      " is for " +
                      (game_.game().empty() ? "a game other than zetema"
                                            : "game '" + game_.game() + "'") +
                      ", which this bot does not answer "
                      "(Hooks::other_game_decision)");
    }
    Answer answer = hooks_.other_game_decision(GameDecision{game_, *request});
    if (answer.action() != nullptr) {
      return Fail(ErrorCode::kCallback,
                  "a Zetema action answers a decision of another game");
    }
    v1::ActionReply* reply = reply_.mutable_action_reply();
    reply->set_request_id(request->request_id());
    SetAnswer(answer, int(request->num_legal_actions()), reply);
    ++summary_.decisions;
    stream->Write(reply_);
    return Next::kContinue;
  }
  zetema::v1::Decision* decision = request->mutable_zetema();
  zetema::v1::Observation* observation = decision->mutable_observation();
  // Lend the accumulated history to the observation for the callback, unless
  // the arbiter sent a history of its own.
  const bool lend_history = observation->history().empty();
  if (lend_history) observation->mutable_history()->Swap(history_);
  const Decision view{game_, *request, *observation, decision->legal_actions()};
  Answer answer = callback_(view);
  if (lend_history) observation->mutable_history()->Swap(history_);

  v1::ActionReply* reply = reply_.mutable_action_reply();
  reply->set_request_id(request->request_id());
  SetAnswer(answer, decision->legal_actions_size(), reply);
  ++summary_.decisions;
  // A failed write means the stream is gone; the next Read reports how.
  stream->Write(reply_);
  return Next::kContinue;
}

void Session::SetAnswer(const Answer& answer, int num_legal,
                        v1::ActionReply* reply) {
  if (const int64_t* index = answer.index()) {
    if (*index < 0 || *index >= num_legal) {
      // A bug in the bot: say so, and let the arbiter rule on it.
      std::fprintf(stderr,
                   "%s: the callback answered index %lld but the decision "
                   "has %d legal actions\n",
                   info_.name.c_str(), static_cast<long long>(*index),
                   num_legal);
    }
    const bool fits =
        *index >= 0 && *index <= std::numeric_limits<uint32_t>::max();
    reply->set_index(fits ? uint32_t(*index)
                          : std::numeric_limits<uint32_t>::max());
  } else if (const std::string* text = answer.text()) {
    reply->set_text(*text);
  } else if (const zetema::v1::Action* action = answer.action()) {
    *reply->mutable_action() = *action;
  }
}

std::expected<Session::Next, Error> Session::OnError(const v1::Error& error) {
  const std::string& message = error.message();
  switch (error.code()) {
    case v1::ERROR_CODE_SHUTDOWN:
      return Next::kStop;
    case v1::ERROR_CODE_VERSION_MISMATCH:
      return Fail(ErrorCode::kVersionMismatch,
                  "the arbiter refused protocol version " +
                      std::to_string(kProtocolVersion) + ": " + message);
    case v1::ERROR_CODE_GAME_NOT_DECLARED:
      return Fail(ErrorCode::kArbiterError,
                  "the arbiter refused this bot: " + message +
                      " (BotInfo::games lists the games it plays)");
    case v1::ERROR_CODE_BAD_TOKEN:
      return Fail(ErrorCode::kBadToken,
                  "the arbiter refused the token (check ZETEMA_TOKEN or "
                  "--token; a token works once): " +
                      message);
    default:
      return Fail(ErrorCode::kArbiterError,
                  "the arbiter sent " + v1::ErrorCode_Name(error.code()) +
                      ": " + message);
  }
}

}  // namespace

std::expected<SessionSummary, Error> RunSession(const Options& options,
                                                const BotInfo& info,
                                                const Callback& callback,
                                                const Hooks& hooks) {
  if (options.address.empty()) {
    return Fail(ErrorCode::kUsage, std::string("no arbiter address: set ") +
                                       kAddressEnv + " or pass --address");
  }
  if (options.token.empty()) {
    return Fail(ErrorCode::kUsage,
                std::string("no token: set ") + kTokenEnv + " or pass --token");
  }
  if (!callback) return Fail(ErrorCode::kUsage, "no callback");

  InitGrpc();
  auto channel =
      grpc::CreateChannel(options.address, grpc::InsecureChannelCredentials());
  const auto deadline =
      std::chrono::system_clock::now() + options.connect_timeout;
  if (!channel->WaitForConnected(deadline)) {
    return Fail(ErrorCode::kConnect,
                "cannot connect to the arbiter at '" + options.address +
                    "' within " +
                    std::to_string(options.connect_timeout.count()) + " ms");
  }
  auto stub = arbiter::v1::Arbiter::NewStub(channel);
  grpc::ClientContext context;
  std::unique_ptr<Stream> stream = stub->Play(&context);

  v1::BotMessage hello;
  hello.mutable_hello()->set_token(options.token);
  hello.mutable_hello()->set_bot_name(info.name);
  hello.mutable_hello()->set_bot_version(info.version);
  hello.mutable_hello()->set_protocol_version(kProtocolVersion);
  hello.mutable_hello()->set_events_in_request(true);
  for (const std::string& game : info.games) {
    hello.mutable_hello()->add_games(game);
  }
  stream->Write(hello);  // a failure shows in Read and Finish below

  Session session(info, callback, hooks);
  std::expected<SessionSummary, Error> result;
  bool stopped = false;
  while (!stopped && stream->Read(session.in())) {
    std::expected<Session::Next, Error> next;
    try {
      next = session.Handle(stream.get());
    } catch (const std::exception& e) {
      next = Fail(ErrorCode::kCallback,
                  std::string("the bot's callback threw: ") + e.what());
    } catch (...) {
      next = Fail(ErrorCode::kCallback, "the bot's callback threw");
    }
    if (!next) {
      result = std::unexpected(next.error());
      stopped = true;
    } else if (*next == Session::Next::kStop) {
      stopped = true;
    }
  }
  if (stopped) {
    // We are done (an Error or SHUTDOWN from the arbiter, or a failure
    // here): end the call without waiting for the arbiter to close it.
    context.TryCancel();
    stream->Finish();
    if (!result) return result;
    return session.summary();
  }
  const grpc::Status status = stream->Finish();
  if (!session.welcomed() && (!status.ok() || session.received() == 0)) {
    return Fail(status.ok() ? ErrorCode::kProtocol : ErrorCode::kStreamBroken,
                "the arbiter at '" + options.address +
                    "' closed the stream before its Welcome (" +
                    StatusText(status) + ")");
  }
  // The arbiter ends a stream by closing it or by cancelling the call.
  if (!status.ok() && status.error_code() != grpc::StatusCode::CANCELLED) {
    return Fail(ErrorCode::kStreamBroken,
                "the stream to the arbiter failed: " + StatusText(status));
  }
  return session.summary();
}

}  // namespace zetema_bot
