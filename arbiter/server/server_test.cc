#include "arbiter/server/server.h"

#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace arbiter {
namespace {

using std::chrono::milliseconds;

// A bot's side of the stream, driven by hand.
struct TestClient {
  explicit TestClient(const std::string& address)
      : channel(
            grpc::CreateChannel(address, grpc::InsecureChannelCredentials())),
        stub(v1::Arbiter::NewStub(channel)),
        stream(stub->Play(&context)) {}

  bool Hello(const std::string& token, uint32_t version = kProtocolVersion) {
    v1::BotMessage m;
    m.mutable_hello()->set_token(token);
    m.mutable_hello()->set_bot_name("tester");
    m.mutable_hello()->set_bot_version("9.9");
    m.mutable_hello()->set_protocol_version(version);
    return stream->Write(m);
  }

  std::shared_ptr<grpc::Channel> channel;
  std::unique_ptr<v1::Arbiter::Stub> stub;
  grpc::ClientContext context;
  std::unique_ptr<grpc::ClientReaderWriter<v1::BotMessage, v1::ArbiterMessage>>
      stream;
};

Clock::time_point In(int ms) { return Clock::now() + milliseconds(ms); }

TEST(ServerTest, UnixSocketLivesInAPrivateDirectory) {
  auto server = Server::Start({});
  ASSERT_TRUE(server.has_value()) << server.error();
  const std::string address = (*server)->address();
  ASSERT_EQ(address.rfind("unix:///", 0), 0u) << address;
  const std::filesystem::path socket = address.substr(7);
  struct stat st;
  ASSERT_EQ(::stat(socket.parent_path().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  (*server)->Shutdown();
  EXPECT_FALSE(std::filesystem::exists(socket.parent_path()));
}

TEST(ServerTest, HelloWelcomeAndExchange) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("alice");
  TestClient client(server->address());
  ASSERT_TRUE(client.Hello(token));
  auto bot = server->WaitForBot(token, In(5000));
  ASSERT_TRUE(bot.has_value()) << bot.error();
  EXPECT_EQ((*bot)->bot_name(), "tester");
  EXPECT_EQ((*bot)->bot_version(), "9.9");

  v1::ArbiterMessage in;
  ASSERT_TRUE(client.stream->Read(&in));
  ASSERT_TRUE(in.has_welcome());
  EXPECT_EQ(in.welcome().protocol_version(), kProtocolVersion);
  EXPECT_EQ(in.welcome().player_name(), "alice");

  v1::ArbiterMessage request;
  request.mutable_decision_request()->set_request_id(7);
  ASSERT_TRUE((*bot)->Send(request));
  ASSERT_TRUE(client.stream->Read(&in));
  EXPECT_EQ(in.decision_request().request_id(), 7u);

  v1::BotMessage reply;
  reply.mutable_action_reply()->set_request_id(7);
  reply.mutable_action_reply()->set_index(3);
  ASSERT_TRUE(client.stream->Write(reply));
  auto got = (*bot)->Receive(In(5000));
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->action_reply().index(), 3u);

  // Nothing more: a deadline, not a hang.
  auto none = (*bot)->Receive(In(50));
  ASSERT_FALSE(none.has_value());
  EXPECT_EQ(none.error(), ReceiveError::kTimeout);

  client.stream->WritesDone();
  auto closed = (*bot)->Receive(In(5000));
  ASSERT_FALSE(closed.has_value());
  EXPECT_EQ(closed.error(), ReceiveError::kClosed);
  EXPECT_FALSE((*bot)->IsOpen());
}

v1::ArbiterMessage FirstReply(TestClient& client) {
  v1::ArbiterMessage in;
  client.stream->Read(&in);
  return in;
}

TEST(ServerTest, RefusesUnknownAndReusedTokens) {
  auto server = std::move(*Server::Start({}));
  {
    TestClient client(server->address());
    client.Hello("not-a-token");
    auto in = FirstReply(client);
    EXPECT_EQ(in.error().code(), v1::ERROR_CODE_BAD_TOKEN);
  }
  const std::string token = server->IssueToken("bob");
  TestClient first(server->address());
  first.Hello(token);
  ASSERT_TRUE(server->WaitForBot(token, In(5000)).has_value());
  TestClient second(server->address());
  second.Hello(token);
  auto in = FirstReply(second);
  EXPECT_EQ(in.error().code(), v1::ERROR_CODE_BAD_TOKEN) << in.DebugString();
}

TEST(ServerTest, RefusesOtherProtocolVersionsAndMissingHello) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("carol");
  {
    TestClient client(server->address());
    client.Hello(token, /*version=*/2);
    auto in = FirstReply(client);
    EXPECT_EQ(in.error().code(), v1::ERROR_CODE_VERSION_MISMATCH);
    EXPECT_NE(in.error().message().find("version 2"), std::string::npos);
  }
  {
    TestClient client(server->address());
    v1::BotMessage m;
    m.mutable_action_reply()->set_request_id(1);
    client.stream->Write(m);
    auto in = FirstReply(client);
    EXPECT_EQ(in.error().code(), v1::ERROR_CODE_EXPECTED_HELLO);
  }
  // The token was not consumed by the refused attempts.
  TestClient client(server->address());
  client.Hello(token);
  EXPECT_TRUE(server->WaitForBot(token, In(5000)).has_value());
}

TEST(ServerTest, WaitForBotTimesOutOrGivesUp) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("dave");
  auto late = server->WaitForBot(token, In(50));
  ASSERT_FALSE(late.has_value());
  EXPECT_NE(late.error().find("did not connect"), std::string::npos);
  auto gave_up = server->WaitForBot(token, In(5000), [] { return true; });
  ASSERT_FALSE(gave_up.has_value());
  EXPECT_NE(gave_up.error().find("exited"), std::string::npos);
}

// The threads of this process with this name.
std::vector<std::filesystem::path> ThreadsNamed(const std::string& name) {
  std::vector<std::filesystem::path> found;
  for (const auto& task :
       std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream comm(task.path() / "comm");
    std::string line;
    std::getline(comm, line);
    if (line == name) found.push_back(task.path());
  }
  return found;
}

// The system call a thread of this process is in ("running" when none):
// the first field of /proc/self/task/TID/syscall.
std::string SyscallOf(const std::filesystem::path& task) {
  std::ifstream in(task / "syscall");
  std::string first;
  in >> first;
  return first;
}

// The server's own threads must not wait inside gRPC: a waiting thread may
// become the one that polls every socket, and would then read the bots'
// answers and hand them to the game threads, a wake-up more per decision.
// They poll without waiting and sleep between polls, also while a client
// that has connected says nothing.
TEST(ServerTest, ServerThreadsSleepInsteadOfWaitingInGrpc) {
  auto server = std::move(*Server::Start({}));
  TestClient silent(server->address());  // never says Hello
  std::vector<std::filesystem::path> threads;
  for (int i = 0; i < 500 && threads.size() < 2; ++i) {
    std::this_thread::sleep_for(milliseconds(10));
    threads = ThreadsNamed(kAcceptThreadName);
    for (auto& t : ThreadsNamed(kHelloThreadName)) threads.push_back(t);
  }
  ASSERT_EQ(threads.size(), 2u) << "no " << kAcceptThreadName << " and "
                                << kHelloThreadName << " threads";
  // System call numbers of the sleeps, and of the waits gRPC could use.
#if defined(__x86_64__)
  const std::set<std::string> sleeps = {"35", "230"};
  const std::set<std::string> waits = {"7", "202", "232", "271", "281", "441"};
#elif defined(__aarch64__)
  const std::set<std::string> sleeps = {"101", "115"};
  const std::set<std::string> waits = {"22", "73", "98", "441"};
#else
  GTEST_SKIP() << "system call numbers of this architecture are not listed";
#endif
  if (SyscallOf(threads[0]).empty()) {
    GTEST_SKIP() << "this kernel does not show /proc/self/task/*/syscall";
  }
  for (const auto& thread : threads) {
    int slept = 0;
    for (int i = 0; i < 100; ++i) {
      const std::string call = SyscallOf(thread);
      EXPECT_FALSE(waits.contains(call))
          << thread << " sample " << i << ": syscall " << call;
      slept += sleeps.contains(call);
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    EXPECT_GT(slept, 0) << thread;
  }
}

TEST(ServerTest, CloseSendsErrorAndEndsTheStream) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("erin");
  TestClient client(server->address());
  client.Hello(token);
  auto bot = std::move(*server->WaitForBot(token, In(5000)));
  v1::ArbiterMessage in;
  ASSERT_TRUE(client.stream->Read(&in));  // Welcome
  bot->Close(v1::ERROR_CODE_SHUTDOWN, "done");
  bool saw_error = false;
  while (client.stream->Read(&in)) saw_error |= in.has_error();
  EXPECT_TRUE(saw_error);
  EXPECT_FALSE(bot->Receive(In(5000)).has_value());
  EXPECT_FALSE(bot->IsOpen());
  EXPECT_FALSE(bot->Send(in));
  EXPECT_FALSE(bot->IsOpen());
}

// A bot's side that writes raw bytes, to send what no stub would.
struct RawClient {
  explicit RawClient(const std::string& address)
      : channel(
            grpc::CreateChannel(address, grpc::InsecureChannelCredentials())),
        stub(channel),
        call(stub.PrepareCall(&context, "/arbiter.v1.Arbiter/Play", &cq)) {
    call->StartCall(this);
    Wait();
  }
  ~RawClient() {
    context.TryCancel();
    cq.Shutdown();
    void* tag;
    bool ok;
    while (cq.Next(&tag, &ok)) {
    }
  }
  // Waits for the pending operation (a deadline, not a hang).
  bool Wait() {
    void* tag;
    bool ok = false;
    return cq.AsyncNext(
               &tag, &ok,
               std::chrono::system_clock::now() + std::chrono::seconds(10)) ==
               grpc::CompletionQueue::GOT_EVENT &&
           ok;
  }
  // Starts a write; Wait() for it (a big one completes only as the arbiter
  // reads it).
  void StartWrite(const std::string& bytes) {
    grpc::Slice slice(bytes);
    grpc::ByteBuffer buffer(&slice, 1);
    call->Write(buffer, this);
  }
  bool Write(const std::string& bytes) {
    StartWrite(bytes);
    return Wait();
  }
  bool Write(const v1::BotMessage& m) { return Write(m.SerializeAsString()); }

  std::shared_ptr<grpc::Channel> channel;
  grpc::GenericStub stub;
  grpc::ClientContext context;
  grpc::CompletionQueue cq;
  std::unique_ptr<grpc::GenericClientAsyncReaderWriter> call;
};

v1::BotMessage Reply(uint32_t request_id, const std::string& text) {
  v1::BotMessage m;
  m.mutable_action_reply()->set_request_id(request_id);
  m.mutable_action_reply()->set_text(text);
  return m;
}

// Bytes that do not parse, or a message over the protocol's 4 MiB, are told
// apart from a closed stream (which gRPC's typed reads would report alike);
// the stream stays usable.
TEST(ServerTest, MalformedAndOversizedMessagesAreNotAClosedStream) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("fay");
  RawClient client(server->address());
  v1::BotMessage hello;
  hello.mutable_hello()->set_token(token);
  hello.mutable_hello()->set_protocol_version(kProtocolVersion);
  ASSERT_TRUE(client.Write(hello));
  auto bot = server->WaitForBot(token, In(5000));
  ASSERT_TRUE(bot.has_value()) << bot.error();

  ASSERT_TRUE(client.Write(std::string("\xff\xfe not a protobuf \x00\x07")));
  auto garbage = (*bot)->Receive(In(5000));
  ASSERT_FALSE(garbage.has_value());
  EXPECT_EQ(garbage.error(), ReceiveError::kMalformed);
  EXPECT_NE((*bot)->MalformedDetail().find("does not parse"), std::string::npos)
      << (*bot)->MalformedDetail();

  client.StartWrite(
      Reply(1, std::string(kMaxBotMessageBytes, 'X')).SerializeAsString());
  auto oversized = (*bot)->Receive(In(10000));
  ASSERT_TRUE(client.Wait());
  ASSERT_FALSE(oversized.has_value());
  EXPECT_EQ(oversized.error(), ReceiveError::kMalformed);
  EXPECT_NE((*bot)->MalformedDetail().find("over the protocol's limit"),
            std::string::npos)
      << (*bot)->MalformedDetail();

  // Just under the limit is fine, and the stream still works.
  client.StartWrite(
      Reply(2, std::string(kMaxBotMessageBytes - 64, 'Y')).SerializeAsString());
  auto fine = (*bot)->Receive(In(10000));
  ASSERT_TRUE(client.Wait());
  ASSERT_TRUE(fine.has_value());
  EXPECT_EQ(fine->action_reply().request_id(), 2u);
  EXPECT_TRUE((*bot)->IsOpen());
}

TEST(ServerTest, ListensOnTcpWhenAsked) {
  auto server = Server::Start({.listen = "127.0.0.1:0"});
  ASSERT_TRUE(server.has_value()) << server.error();
  EXPECT_EQ((*server)->address().rfind("127.0.0.1:", 0), 0u);
  EXPECT_NE((*server)->address(), "127.0.0.1:0");
  EXPECT_FALSE(Server::Start({.listen = "nonsense"}).has_value());
}

}  // namespace
}  // namespace arbiter
