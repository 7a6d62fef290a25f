// The SDK against a scripted fake arbiter on a Unix socket in a temp dir.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testing/fake_arbiter.h"
#include "zetema_bot/bot.h"

namespace zetema_bot {
namespace {

namespace v1 = arbiter::v1;
using testing::FakeArbiter;
using testing::ServerStream;

const BotInfo kInfo{.name = "sdk-test-bot", .version = "2.5"};

Options OptionsFor(const FakeArbiter& arbiter) {
  Options options;
  options.address = arbiter.address();
  options.token = "tok-123";
  options.connect_timeout = std::chrono::milliseconds(5000);
  return options;
}

Answer First(const Decision&) { return 0; }

// Reads the bot's Hello into *hello; false if the stream ended first.
bool ReadHello(ServerStream* stream, v1::Hello* hello) {
  v1::BotMessage m;
  if (!stream->Read(&m) || !m.has_hello()) return false;
  *hello = m.hello();
  return true;
}

// Keeps reading until the bot ends the stream (as the arbiter's server does).
grpc::Status DrainUntilClosed(ServerStream* stream) {
  v1::BotMessage m;
  while (stream->Read(&m)) {
  }
  return grpc::Status::OK;
}

// An arbiter that reads the Hello and refuses it with `code` and `message`,
// then ends the stream as the arbiter's server does.
testing::Script Refuses(v1::ErrorCode code, std::string message) {
  return [code, message](grpc::ServerContext*, ServerStream* stream) {
    v1::Hello hello;
    ReadHello(stream, &hello);
    stream->Write(testing::ErrorMessage(code, message));
    return grpc::Status(grpc::StatusCode::PERMISSION_DENIED, "refused");
  };
}

TEST(SessionTest, HelloCarriesTokenNameVersionAndProtocol) {
  v1::Hello hello;
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    if (!ReadHello(stream, &hello)) return grpc::Status::OK;
    stream->Write(testing::Welcome());
    return grpc::Status::OK;  // closes the stream: a clean end
  });
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  arbiter.Shutdown();
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(hello.token(), "tok-123");
  EXPECT_EQ(hello.bot_name(), "sdk-test-bot");
  EXPECT_EQ(hello.bot_version(), "2.5");
  EXPECT_EQ(hello.protocol_version(), 1u);
  EXPECT_EQ(summary->arbiter_version, "9.9.9");
  EXPECT_EQ(summary->player_name, "player-from-arbiter");
  EXPECT_EQ(summary->games_started, 0);
}

// What the callback saw at one decision.
struct Seen {
  std::string game_id;
  uint64_t request_id;
  int legal;
  int history;
  std::string first_history_text;
  std::string hand;
  std::optional<int> found;
  std::string text;
};

TEST(SessionTest, TwoGamesAnsweredByIndexTextAndAction) {
  const std::vector<std::string> legal = {"discard 4S", "discard 9H",
                                          "meld 4S 5H 6D 7C 8S 9H discard 9H"};
  std::vector<v1::ActionReply> replies;
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    v1::Hello hello;
    if (!ReadHello(stream, &hello)) return grpc::Status::OK;
    stream->Write(testing::Welcome());
    const auto ask = [&](const std::string& game, uint64_t id) {
      stream->Write(testing::DecisionRequest(game, id, legal));
      v1::BotMessage m;
      if (stream->Read(&m) && m.has_action_reply()) {
        replies.push_back(m.action_reply());
      }
    };
    stream->Write(testing::GameStart("g1", 1));
    stream->Write(testing::GameEvents("g1", 2));
    ask("g1", 11);
    stream->Write(testing::GameEvents("g1", 1));
    ask("g1", 12);
    stream->Write(testing::GameEnd("g1", 0));
    stream->Write(testing::GameStart("g2", 0));
    stream->Write(testing::GameEvents("g2", 1));
    ask("g2", 13);
    stream->Write(testing::GameEnd("g2", 1));
    return grpc::Status::OK;
  });

  std::vector<Seen> seen;
  std::vector<std::string> started, ended, events;
  Hooks hooks;
  hooks.on_game_start = [&](const v1::GameStart& g) {
    started.push_back(g.game_id() + "/seat" + std::to_string(g.seat()));
  };
  hooks.on_event = [&](const v1::GameStart& g, const zetema::v1::Event& e) {
    events.push_back(g.game_id() + ":" + e.text());
  };
  hooks.on_game_end = [&](const v1::GameStart& g, const v1::GameEnd& end) {
    ended.push_back(g.game_id() + " won by " +
                    std::to_string(end.zetema().winner()));
  };
  std::vector<int> points;
  const auto callback = [&](const Decision& d) -> Answer {
    for (int i = 0; i < d.size(); ++i) points.push_back(d.points(i));
    const auto& history = d.observation.history();
    seen.push_back({d.game.game_id(), d.request.request_id(), d.size(),
                    history.size(), history.empty() ? "" : history[0].text(),
                    FormatCards(*ParseCards(d.observation.hand())),
                    d.Find("meld 9H 8S 7C 6D 5H 4S discard 9H"), d.ToText()});
    switch (seen.size()) {
      case 1:
        return 2;  // by index
      case 2:
        return std::string("discard 9H");  // by text
      default:
        return d.action(1);  // structured
    }
  };
  auto summary = RunSession(OptionsFor(arbiter), kInfo, callback, hooks);
  arbiter.Shutdown();
  ASSERT_TRUE(summary) << summary.error().message;

  ASSERT_EQ(seen.size(), 3u);
  // What each legal action scores, as the arbiter sent it.
  EXPECT_EQ(points, (std::vector<int>{10, 20, 30, 10, 20, 30, 10, 20, 30}));
  EXPECT_EQ(seen[0].game_id, "g1");
  EXPECT_EQ(seen[0].request_id, 11u);
  EXPECT_EQ(seen[0].legal, 3);
  EXPECT_EQ(seen[0].history, 2);  // accumulated from GameEvents
  EXPECT_EQ(seen[0].first_history_text, "g1 event 0");
  EXPECT_EQ(seen[0].hand, "4S 5H 6D 7C 8S 9H");
  EXPECT_EQ(seen[0].found, std::optional<int>(2));
  EXPECT_NE(seen[0].text.find("hand: 4S 5H 6D 7C 8S 9H"), std::string::npos)
      << seen[0].text;
  EXPECT_NE(seen[0].text.find("2: meld 4S 5H 6D 7C 8S 9H discard 9H"),
            std::string::npos)
      << seen[0].text;
  EXPECT_EQ(seen[1].history, 3);
  EXPECT_EQ(seen[2].game_id, "g2");
  EXPECT_EQ(seen[2].history, 1);  // a new game starts a new history
  EXPECT_EQ(seen[2].first_history_text, "g2 event 0");

  ASSERT_EQ(replies.size(), 3u);
  EXPECT_EQ(replies[0].request_id(), 11u);
  EXPECT_EQ(replies[0].answer_case(), v1::ActionReply::kIndex);
  EXPECT_EQ(replies[0].index(), 2u);
  EXPECT_EQ(replies[1].request_id(), 12u);
  EXPECT_EQ(replies[1].answer_case(), v1::ActionReply::kText);
  EXPECT_EQ(replies[1].text(), "discard 9H");
  EXPECT_EQ(replies[2].request_id(), 13u);
  ASSERT_EQ(replies[2].answer_case(), v1::ActionReply::kAction);
  EXPECT_EQ(FormatAction(replies[2].action()), "discard 9H");

  EXPECT_EQ(started, (std::vector<std::string>{"g1/seat1", "g2/seat0"}));
  EXPECT_EQ(ended, (std::vector<std::string>{"g1 won by 0", "g2 won by 1"}));
  EXPECT_EQ(events,
            (std::vector<std::string>{"g1:g1 event 0", "g1:g1 event 1",
                                      "g1:g1 event 0", "g2:g2 event 0"}));
  EXPECT_EQ(summary->games_started, 2);
  EXPECT_EQ(summary->games_ended, 2);
  EXPECT_EQ(summary->decisions, 3);
}

// Hello.events_in_request: events inside a request are taken before its
// decision, in order with those that came as GameEvent messages.
TEST(SessionTest, EventsInsideARequestJoinTheHistoryBeforeItsDecision) {
  const std::vector<std::string> legal = {"discard 4S", "discard 9H"};
  v1::Hello hello;
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    if (!ReadHello(stream, &hello)) return grpc::Status::OK;
    stream->Write(testing::Welcome());
    stream->Write(testing::GameStart("g1", 0));
    stream->Write(testing::GameEvents("g1", 1));  // a message of its own
    for (uint64_t id : {31, 32}) {
      v1::ArbiterMessage m = testing::DecisionRequest("g1", id, legal);
      *m.mutable_decision_request()->mutable_events() =
          testing::GameEvents("g1", int(id) - 29).game_event();
      stream->Write(m);
      v1::BotMessage reply;
      if (!stream->Read(&reply)) return grpc::Status::OK;
    }
    stream->Write(testing::GameEnd("g1", 0));
    return grpc::Status::OK;
  });
  std::vector<std::string> events, histories;
  Hooks hooks;
  hooks.on_event = [&](const v1::GameStart&, const zetema::v1::Event& e) {
    events.push_back(e.text());
  };
  const auto callback = [&](const Decision& d) -> Answer {
    std::string h;
    for (const auto& e : d.observation.history()) h += e.text() + ";";
    histories.push_back(h);
    return 0;
  };
  auto summary = RunSession(OptionsFor(arbiter), kInfo, callback, hooks);
  arbiter.Shutdown();
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_TRUE(hello.events_in_request());
  EXPECT_EQ(events, (std::vector<std::string>{"g1 event 0", "g1 event 0",
                                              "g1 event 1", "g1 event 0",
                                              "g1 event 1", "g1 event 2"}));
  EXPECT_EQ(histories,
            (std::vector<std::string>{
                "g1 event 0;g1 event 0;g1 event 1;",
                "g1 event 0;g1 event 0;g1 event 1;g1 event 0;g1 event 1;"
                "g1 event 2;"}));
  EXPECT_EQ(summary->decisions, 2);
}

// A game's messages are read into one arena; past its cap (16 MB) the
// arena starts afresh mid-game, and the history survives it, in order.
TEST(SessionTest, HistorySurvivesTheArenaStartingAfreshMidGame) {
  constexpr int kMessages = 12, kEach = 20000;  // about 2 MB each in memory
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    v1::Hello hello;
    if (!ReadHello(stream, &hello)) return grpc::Status::OK;
    stream->Write(testing::Welcome());
    stream->Write(testing::GameStart("g1", 0));
    for (int i = 0; i < kMessages; ++i) {
      v1::ArbiterMessage m;
      m.mutable_game_event()->set_game_id("g1");
      auto* events = m.mutable_game_event()->mutable_zetema();
      for (int j = 0; j < kEach; ++j) events->add_events()->set_seat(i);
      stream->Write(m);
    }
    stream->Write(testing::DecisionRequest("g1", 7, {"discard 9H"}));
    v1::BotMessage reply;
    stream->Read(&reply);
    stream->Write(testing::GameEnd("g1", 0));
    return grpc::Status::OK;
  });
  std::vector<int> per_message(kMessages, 0);
  bool in_order = true;
  const auto callback = [&](const Decision& d) -> Answer {
    int last = 0;
    for (const auto& e : d.observation.history()) {
      in_order &= e.seat() >= last;
      last = e.seat();
      if (e.seat() >= 0 && e.seat() < kMessages) ++per_message[e.seat()];
    }
    return 0;
  };
  auto summary = RunSession(OptionsFor(arbiter), kInfo, callback);
  arbiter.Shutdown();
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_TRUE(in_order);
  EXPECT_EQ(per_message, std::vector<int>(kMessages, kEach));
}

TEST(SessionTest, HelloDeclaresTheGamesAndOtherGamesGoToTheirHook) {
  v1::Hello hello;
  std::vector<v1::ActionReply> replies;
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    if (!ReadHello(stream, &hello)) return grpc::Status::OK;
    stream->Write(testing::Welcome());
    v1::ArbiterMessage start = testing::GameStart("p1", 0);
    start.mutable_game_start()->set_game("pontoon");
    start.mutable_game_start()->mutable_pontoon()->set_first_banker(1);
    stream->Write(start);
    v1::ArbiterMessage event;
    event.mutable_game_event()->set_game_id("p1");
    event.mutable_game_event()->mutable_pontoon()->add_events();
    stream->Write(event);
    for (uint64_t id : {21, 22}) {
      v1::ArbiterMessage m;
      auto* request = m.mutable_decision_request();
      request->set_request_id(id);
      request->set_game_id("p1");
      request->set_num_legal_actions(2);
      for (const char* text : {"twist", "stick"}) {
        request->mutable_pontoon()->add_legal_actions()->set_text(text);
        request->add_legal_action_points(0);
      }
      stream->Write(m);
      v1::BotMessage reply;
      if (stream->Read(&reply) && reply.has_action_reply()) {
        replies.push_back(reply.action_reply());
      }
    }
    stream->Write(testing::GameEnd("p1", 0));
    return grpc::Status::OK;
  });
  BotInfo info = kInfo;
  info.games = {"pontoon", "zetema"};
  std::vector<std::string> seen;
  int event_batches = 0;
  Hooks hooks;
  hooks.other_game_events = [&](const v1::GameStart& g,
                                const v1::GameEvent& e) {
    EXPECT_EQ(g.game(), "pontoon");
    EXPECT_EQ(e.pontoon().events_size(), 1);
    ++event_batches;
  };
  hooks.other_game_decision = [&](const GameDecision& d) -> Answer {
    seen.push_back(d.name() + " " + std::to_string(d.size()) + " " +
                   std::string(d.text(0)) + "/" + std::string(d.text(1)) + "/" +
                   std::string(d.text(2)) + " " +
                   std::to_string(d.game.pontoon().first_banker()));
    if (d.request.request_id() == 21) return 1;
    return std::string(d.text(0));
  };
  const auto zetema_only = [](const Decision&) -> Answer {
    ADD_FAILURE() << "a Pontoon decision reached the Zetema callback";
    return 0;
  };
  auto summary = RunSession(OptionsFor(arbiter), info, zetema_only, hooks);
  arbiter.Shutdown();
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(
      std::vector<std::string>(hello.games().begin(), hello.games().end()),
      (std::vector<std::string>{"pontoon", "zetema"}));
  EXPECT_EQ(event_batches, 1);
  EXPECT_EQ(seen, (std::vector<std::string>{"pontoon 2 twist/stick/ 1",
                                            "pontoon 2 twist/stick/ 1"}));
  ASSERT_EQ(replies.size(), 2u);
  EXPECT_EQ(replies[0].request_id(), 21u);
  EXPECT_EQ(replies[0].index(), 1u);
  EXPECT_EQ(replies[1].request_id(), 22u);
  EXPECT_EQ(replies[1].text(), "twist");
  EXPECT_EQ(summary->decisions, 2);
}

TEST(SessionTest, AnotherGamesDecisionWithoutItsHookIsAProtocolError) {
  v1::Hello hello;
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    if (!ReadHello(stream, &hello)) return grpc::Status::OK;
    stream->Write(testing::Welcome());
    v1::ArbiterMessage start = testing::GameStart("w1", 0);
    start.mutable_game_start()->set_game("scotch_whist");
    stream->Write(start);
    v1::ArbiterMessage m;
    m.mutable_decision_request()->set_request_id(5);
    m.mutable_decision_request()->set_num_legal_actions(1);
    m.mutable_decision_request()
        ->mutable_scotch_whist()
        ->add_legal_actions()
        ->set_text("play TH");
    stream->Write(m);
    return DrainUntilClosed(stream);
  });
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  arbiter.Shutdown();
  EXPECT_TRUE(hello.games().empty());  // Zetema only, as before
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kProtocol);
  EXPECT_EQ(summary.error().message,
            "decision request 5 is for game 'scotch_whist', which this bot "
            "does not answer (Hooks::other_game_decision)");
}

TEST(SessionTest, AGameNotDeclaredIsAClearError) {
  FakeArbiter arbiter(
      Refuses(v1::ERROR_CODE_GAME_NOT_DECLARED,
              "this bot is to play pontoon, which its Hello does not declare"));
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  arbiter.Shutdown();
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kArbiterError);
  EXPECT_EQ(summary.error().message,
            "the arbiter refused this bot: this bot is to play pontoon, which "
            "its Hello does not declare (BotInfo::games lists the games it "
            "plays)");
}

TEST(SessionTest, VersionMismatchFromTheArbiterIsAClearError) {
  FakeArbiter arbiter(Refuses(
      v1::ERROR_CODE_VERSION_MISMATCH,
      "protocol version 1 is not supported; this arbiter speaks version 2"));
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kVersionMismatch);
  EXPECT_NE(summary.error().message.find("this arbiter speaks version 2"),
            std::string::npos)
      << summary.error().message;
  EXPECT_EQ(zetema_bot::Run(OptionsFor(arbiter), First, kInfo), 5);
}

TEST(SessionTest, WelcomeWithAnotherVersionIsAVersionMismatch) {
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    v1::Hello hello;
    ReadHello(stream, &hello);
    stream->Write(testing::Welcome(2));
    stream->Write(testing::GameStart("g1", 0));
    return DrainUntilClosed(stream);
  });
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kVersionMismatch);
  EXPECT_NE(summary.error().message.find("protocol version 2"),
            std::string::npos)
      << summary.error().message;
}

TEST(SessionTest, BadTokenIsAClearError) {
  FakeArbiter arbiter(Refuses(v1::ERROR_CODE_BAD_TOKEN, "token already used"));
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kBadToken);
  EXPECT_NE(summary.error().message.find("token already used"),
            std::string::npos);
  EXPECT_EQ(zetema_bot::Run(OptionsFor(arbiter), First, kInfo), 6);
}

TEST(SessionTest, ShutdownErrorEndsTheSessionCleanly) {
  FakeArbiter arbiter([&](grpc::ServerContext* context, ServerStream* stream) {
    v1::Hello hello;
    ReadHello(stream, &hello);
    stream->Write(testing::Welcome());
    stream->Write(testing::GameStart("g1", 0));
    stream->Write(testing::DecisionRequest("g1", 1, {"discard 9H"}));
    v1::BotMessage reply;
    stream->Read(&reply);
    stream->Write(testing::ErrorMessage(v1::ERROR_CODE_SHUTDOWN, "done"));
    // Like the arbiter: leave the stream open; the bot must end it.
    DrainUntilClosed(stream);
    return context->IsCancelled() ? grpc::Status::CANCELLED : grpc::Status::OK;
  });
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->decisions, 1);
  EXPECT_EQ(zetema_bot::Run(OptionsFor(arbiter), First, kInfo), 0);
}

TEST(SessionTest, ArbiterCancellingTheCallEndsTheSessionCleanly) {
  FakeArbiter arbiter([&](grpc::ServerContext* context, ServerStream* stream) {
    v1::Hello hello;
    ReadHello(stream, &hello);
    stream->Write(testing::Welcome());
    context->TryCancel();
    return grpc::Status::CANCELLED;
  });
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  EXPECT_TRUE(summary) << summary.error().message;
}

TEST(SessionTest, OtherArbiterErrorsAreReported) {
  FakeArbiter arbiter(Refuses(v1::ERROR_CODE_EXPECTED_HELLO,
                              "the first message must be a Hello"));
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kArbiterError);
  EXPECT_NE(summary.error().message.find("ERROR_CODE_EXPECTED_HELLO"),
            std::string::npos)
      << summary.error().message;
}

TEST(SessionTest, FailedStreamIsAnError) {
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    v1::Hello hello;
    ReadHello(stream, &hello);
    stream->Write(testing::Welcome());
    return grpc::Status(grpc::StatusCode::INTERNAL, "arbiter exploded");
  });
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kStreamBroken);
  EXPECT_NE(summary.error().message.find("arbiter exploded"),
            std::string::npos);
}

TEST(SessionTest, ClosingWithoutAnyMessageIsAnError) {
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    v1::Hello hello;
    ReadHello(stream, &hello);
    return grpc::Status::OK;
  });
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kProtocol);
  EXPECT_NE(summary.error().message.find("before its Welcome"),
            std::string::npos);
}

// A bare ping-pong server (the arbiter's round-trip benchmark) sends
// decisions with no Welcome and no GameStart; the bot answers them anyway.
TEST(SessionTest, AnswersDecisionsThatComeWithoutWelcomeOrGameStart) {
  std::vector<uint64_t> answered;
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    v1::Hello hello;
    ReadHello(stream, &hello);
    for (uint64_t id = 1; id <= 3; ++id) {
      stream->Write(testing::DecisionRequest("", id, {"discard 9H"}));
      v1::BotMessage m;
      if (!stream->Read(&m)) break;
      answered.push_back(m.action_reply().request_id());
    }
    return grpc::Status::OK;
  });
  auto summary = RunSession(OptionsFor(arbiter), kInfo, First);
  arbiter.Shutdown();
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(answered, (std::vector<uint64_t>{1, 2, 3}));
  EXPECT_EQ(summary->decisions, 3);
}

TEST(SessionTest, ACallbackThatThrowsEndsTheSessionWithItsMessage) {
  bool bot_closed = false;
  FakeArbiter arbiter([&](grpc::ServerContext*, ServerStream* stream) {
    v1::Hello hello;
    ReadHello(stream, &hello);
    stream->Write(testing::Welcome());
    stream->Write(testing::GameStart("g1", 0));
    stream->Write(testing::DecisionRequest("g1", 1, {"discard 9H"}));
    DrainUntilClosed(stream);
    bot_closed = true;
    return grpc::Status::OK;
  });
  const auto throws = [](const Decision&) -> Answer {
    throw std::runtime_error("no idea what to play");
  };
  auto summary = RunSession(OptionsFor(arbiter), kInfo, throws);
  arbiter.Shutdown();
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kCallback);
  EXPECT_NE(summary.error().message.find("no idea what to play"),
            std::string::npos);
  EXPECT_TRUE(bot_closed);
}

TEST(SessionTest, UnreachableArbiterIsAConnectError) {
  Options options;
  options.address = "unix:///nonexistent-zetema-dir/arbiter.sock";
  options.token = "t";
  options.connect_timeout = std::chrono::milliseconds(200);
  auto summary = RunSession(options, kInfo, First);
  ASSERT_FALSE(summary);
  EXPECT_EQ(summary.error().code, ErrorCode::kConnect);
  EXPECT_NE(summary.error().message.find(options.address), std::string::npos);
}

TEST(SessionTest, MissingAddressOrTokenIsAUsageError) {
  Options options;
  options.token = "t";
  auto no_address = RunSession(options, kInfo, First);
  ASSERT_FALSE(no_address);
  EXPECT_EQ(no_address.error().code, ErrorCode::kUsage);
  EXPECT_NE(no_address.error().message.find(kAddressEnv), std::string::npos);
  options.token.clear();
  options.address = "unix:///tmp/x.sock";
  auto no_token = RunSession(options, kInfo, First);
  ASSERT_FALSE(no_token);
  EXPECT_NE(no_token.error().message.find(kTokenEnv), std::string::npos);
}

}  // namespace
}  // namespace zetema_bot
