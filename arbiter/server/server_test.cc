#include "arbiter/server/server.h"

#include <grpcpp/generic/generic_stub.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/server/hello_text.h"
#include "arbiter/server/run_dir.h"

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

  bool Hello(const std::string& token, uint32_t version = kProtocolVersion,
             const std::vector<std::string>& games = {}) {
    v1::BotMessage m;
    for (const auto& g : games) m.mutable_hello()->add_games(g);
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

// A WaitForBot give_up that stops at once, saying why.
std::optional<std::string> Exited() { return "the bot exited"; }

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

TEST(ServerTest, HelloTextsAreKeptShortAndPrintable) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("alice");
  TestClient client(server->address());
  v1::BotMessage m;
  m.mutable_hello()->set_token(token);
  m.mutable_hello()->set_bot_name("\x1b]0;owned\x07name");
  m.mutable_hello()->set_bot_version(std::string(3 << 20, 'v'));
  m.mutable_hello()->set_protocol_version(kProtocolVersion);
  ASSERT_TRUE(client.stream->Write(m));
  auto bot = server->WaitForBot(token, In(5000));
  ASSERT_TRUE(bot.has_value()) << bot.error();
  const std::string mark = "\xef\xbf\xbd";  // U+FFFD
  EXPECT_EQ((*bot)->bot_name(), mark + "]0;owned" + mark + "name");
  EXPECT_EQ((*bot)->bot_version(), std::string(kMaxBotVersionBytes, 'v'));
  EXPECT_EQ((*bot)->hello_note(),
            "bot_name: control characters or invalid UTF-8 replaced by "
            "U+FFFD; bot_version: 3145728 bytes cut to 128");
}

TEST(HelloTextTest, NothingToChangeLeavesNoNote) {
  v1::Hello hello;
  hello.set_token("secret");
  hello.set_bot_name("greedy");
  hello.set_bot_version("1.2 é");
  hello.add_games("zetema");
  EXPECT_EQ(KeepHelloTexts(&hello), "");
  EXPECT_EQ(hello.bot_name(), "greedy");
  EXPECT_EQ(hello.bot_version(), "1.2 é");
  EXPECT_EQ(hello.token(), "");  // nobody needs either once accepted
  EXPECT_EQ(hello.games_size(), 0);
  hello.set_bot_name(std::string(kMaxBotNameBytes, 'n') + "\n");
  EXPECT_EQ(KeepHelloTexts(&hello), "bot_name: 65 bytes cut to 64");
  EXPECT_EQ(hello.bot_name(), std::string(kMaxBotNameBytes, 'n'));
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

// A refused version is what WaitForBot reports, however the bot goes on:
// it names both versions.
TEST(ServerTest, ARefusedVersionIsWhatWaitForBotReports) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("frank");
  TestClient client(server->address());
  client.Hello(token, /*version=*/7);
  auto in = FirstReply(client);
  ASSERT_EQ(in.error().code(), v1::ERROR_CODE_VERSION_MISMATCH);
  EXPECT_EQ(in.error().message(),
            "the bot speaks protocol version 7; this arbiter speaks version 1");
  auto gave_up = server->WaitForBot(token, In(5000), Exited);
  ASSERT_FALSE(gave_up.has_value());
  EXPECT_EQ(gave_up.error(),
            "the bot exited; the arbiter refused its Hello: the bot speaks "
            "protocol version 7; this arbiter speaks version 1 "
            "(ERROR_CODE_VERSION_MISMATCH)");
  auto late = server->WaitForBot(token, In(50));
  ASSERT_FALSE(late.has_value());
  EXPECT_NE(late.error().find("did not connect in time; the arbiter refused "
                              "its Hello: the bot speaks protocol version 7"),
            std::string::npos)
      << late.error();
  // An unset version says so.
  TestClient unset(server->address());
  unset.Hello(token, /*version=*/0);
  EXPECT_NE(FirstReply(unset).error().message().find(
                "version 0 (Hello.protocol_version unset)"),
            std::string::npos);
}

TEST(ServerTest, RefusesABotForAGameItDoesNotDeclare) {
  auto server = std::move(*Server::Start({}));
  {
    // No games declared: a bot written for Zetema only.
    const std::string token = server->IssueToken("old", "pontoon");
    TestClient client(server->address());
    client.Hello(token);
    auto in = FirstReply(client);
    EXPECT_EQ(in.error().code(), v1::ERROR_CODE_GAME_NOT_DECLARED)
        << in.DebugString();
    EXPECT_NE(in.error().message().find("pontoon"), std::string::npos);
    bool refused = false;
    const auto start = Clock::now();
    auto bot = server->WaitForBot(token, In(60000), nullptr, &refused);
    ASSERT_FALSE(bot.has_value());
    EXPECT_TRUE(refused);
    EXPECT_LT(Clock::now() - start, milliseconds(30000));  // not the deadline
    EXPECT_EQ(bot.error(),
              "does not play pontoon: its Hello declares no game, which "
              "means zetema only (Hello.games)");
    // The token is spent: declaring the game now is too late.
    TestClient again(server->address());
    again.Hello(token, kProtocolVersion, {"pontoon"});
    EXPECT_EQ(FirstReply(again).error().code(), v1::ERROR_CODE_BAD_TOKEN);
  }
  {
    const std::string token = server->IssueToken("other", "pontoon");
    TestClient client(server->address());
    client.Hello(token, kProtocolVersion, {"zetema", "scotch_whist"});
    EXPECT_EQ(FirstReply(client).error().code(),
              v1::ERROR_CODE_GAME_NOT_DECLARED);
    bool refused = false;
    auto bot = server->WaitForBot(token, In(5000), nullptr, &refused);
    ASSERT_FALSE(bot.has_value());
    EXPECT_TRUE(refused);
    EXPECT_NE(bot.error().find("'zetema', 'scotch_whist'"), std::string::npos)
        << bot.error();
  }
  {
    // Whatever a bot declares, the message stays printable and short.
    std::vector<std::string> games = {"bad\nname", std::string(100, 'x')};
    for (int i = 0; i < 8; ++i) games.push_back("g" + std::to_string(i));
    const std::string token = server->IssueToken("hostile", "pontoon");
    TestClient client(server->address());
    client.Hello(token, kProtocolVersion, games);
    EXPECT_EQ(FirstReply(client).error().code(),
              v1::ERROR_CODE_GAME_NOT_DECLARED);
    auto bot = server->WaitForBot(token, In(5000));
    ASSERT_FALSE(bot.has_value());
    EXPECT_EQ(bot.error(),
              "does not play pontoon: its Hello declares "
              "'bad\xef\xbf\xbdname', '" +
                  std::string(32, 'x') +
                  "...', 'g0', 'g1', 'g2', 'g3', 'g4', 'g5' "
                  "and 2 more (Hello.games)");
  }
  // Declared games, and the old default, are welcome.
  for (const auto& [game, games] :
       std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"pontoon", {"zetema", "pontoon"}}, {"zetema", {}}, {"", {}}}) {
    const std::string token = server->IssueToken("fine", game);
    TestClient client(server->address());
    client.Hello(token, kProtocolVersion, games);
    EXPECT_TRUE(FirstReply(client).has_welcome()) << game;
    bool refused = false;
    EXPECT_TRUE(server->WaitForBot(token, In(5000), nullptr, &refused));
    EXPECT_FALSE(refused);
  }
}

TEST(ServerTest, WaitForBotTimesOutOrGivesUp) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("dave");
  auto late = server->WaitForBot(token, In(50));
  ASSERT_FALSE(late.has_value());
  EXPECT_NE(late.error().find("did not connect"), std::string::npos);
  auto gave_up = server->WaitForBot(token, In(5000), Exited);
  ASSERT_FALSE(gave_up.has_value());
  EXPECT_EQ(gave_up.error(), "the bot exited");
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

// User plus system CPU time of a thread, in clock ticks.
long CpuTicks(const std::filesystem::path& task) {
  std::ifstream in(task / "stat");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string f;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && (fields >> f); ++i) {
    if (i == 14) utime = std::stol(f);
    if (i == 15) stime = std::stol(f);
  }
  return utime + stime;
}

std::filesystem::path ServerThread() {
  std::vector<std::filesystem::path> threads;
  for (int i = 0; i < 500 && threads.empty(); ++i) {
    threads = ThreadsNamed(kAcceptThreadName);
    if (threads.empty()) std::this_thread::sleep_for(milliseconds(10));
  }
  return threads.empty() ? std::filesystem::path() : threads.front();
}

// The server's thread must not wait inside gRPC: a waiting thread may
// become the one that polls every socket, and would then read the bots'
// answers and hand them to the game threads, a wake-up more per decision.
// It polls gRPC without waiting and sleeps in its own epoll between polls,
// also while a client that has connected says nothing.
TEST(ServerTest, ServerThreadsSleepInsteadOfWaitingInGrpc) {
  auto server = std::move(*Server::Start({}));
  TestClient silent(server->address());  // never says Hello
  for (int i = 0; i < 500 && server->held().awaiting_hello == 0; ++i) {
    std::this_thread::sleep_for(milliseconds(10));
  }
  ASSERT_EQ(server->held().awaiting_hello, 1);
  ASSERT_EQ(ThreadsNamed(kAcceptThreadName).size(), 1u);
  const auto thread = ServerThread();
  // System call numbers of the waits gRPC could use; the server thread may
  // be in one only on its own epoll descriptor.
#if defined(__x86_64__)
  const std::set<std::string> waits = {"7", "202", "232", "271", "281", "441"};
#elif defined(__aarch64__)
  const std::set<std::string> waits = {"22", "73", "98", "441"};
#else
  GTEST_SKIP() << "system call numbers of this architecture are not listed";
#endif
  if (SyscallOf(thread).empty()) {
    GTEST_SKIP() << "this kernel does not show /proc/self/task/*/syscall";
  }
  std::ostringstream own;
  own << "0x" << std::hex << server->epoll_fd();
  int slept = 0;
  for (int i = 0; i < 100; ++i) {
    std::ifstream in(thread / "syscall");
    std::string call, first_arg;
    in >> call >> first_arg;
    if (waits.contains(call)) {
      EXPECT_EQ(first_arg, own.str()) << "sample " << i << ": syscall " << call;
      slept += first_arg == own.str();
    }
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
  EXPECT_GT(slept, 0);
}

// 200 connections that never say anything: the server keeps a few, drops
// the oldest, spends (almost) no CPU on them, and a bot still gets in.
TEST(ServerTest, ConnectionsThatNeverSpeakAreBoundedAndCostNothing) {
  auto server = std::move(*Server::Start({}));
  const std::string path = server->address().substr(7);
  std::vector<int> flood;
  for (int i = 0; i < 200; ++i) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strcpy(addr.sun_path, path.c_str());
    ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    flood.push_back(fd);
    if (i % 10 == 9) std::this_thread::sleep_for(milliseconds(5));
  }
  std::this_thread::sleep_for(milliseconds(300));
  EXPECT_LE(server->held().silent, Server::kMaxSilentPerSocket);
  EXPECT_EQ(server->held().awaiting_call, 0);
  const auto thread = ServerThread();
  const long before = CpuTicks(thread);
  std::this_thread::sleep_for(milliseconds(1000));
  // Clock ticks are 10 ms: a thread that spun would show ~100.
  EXPECT_LE(CpuTicks(thread) - before, 3);
  const std::string token = server->IssueToken("late");
  TestClient client(server->address());
  ASSERT_TRUE(client.Hello(token));
  EXPECT_TRUE(server->WaitForBot(token, In(5000)).has_value());
  for (int fd : flood) ::close(fd);
}

// Streams that never send their Hello: at most kMaxAwaitingHello are kept,
// each for hello_limit at most.
TEST(ServerTest, StreamsWithoutHelloAreBoundedAndExpire) {
  auto server =
      std::move(*Server::Start({.hello_limit = std::chrono::seconds(2)}));
  std::vector<std::unique_ptr<TestClient>> silent;
  for (int i = 0; i < Server::kMaxAwaitingHello + 10; ++i) {
    silent.push_back(std::make_unique<TestClient>(server->address()));
  }
  for (int i = 0;
       i < 300 && server->held().awaiting_hello < Server::kMaxAwaitingHello;
       ++i) {
    std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_EQ(server->held().awaiting_hello, Server::kMaxAwaitingHello);
  const std::string token = server->IssueToken("patient");
  TestClient client(server->address());
  ASSERT_TRUE(client.Hello(token));
  EXPECT_TRUE(server->WaitForBot(token, In(5000)).has_value());
  for (int i = 0; i < 500 && server->held().awaiting_hello > 0; ++i) {
    std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_EQ(server->held().awaiting_hello, 0);
}

// A seat's token works only on the seat's own socket, and only for a peer
// that passes its rule; a Hello that comes before the rule waits for it.
TEST(ServerTest, SeatTokensAreBoundToTheirSocketAndPeer) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("seated");
  auto dir = server->OpenSeat(token);
  ASSERT_TRUE(dir.has_value()) << dir.error();
  struct stat st;
  ASSERT_EQ(::stat(dir->c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  const std::string seat = "unix://" + *dir + "/" + kSeatSocketName;
  {
    TestClient thief(server->address());  // the shared socket
    thief.Hello(token);
    auto reply = FirstReply(thief);
    ASSERT_TRUE(reply.has_error());
    EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_NE(reply.error().message().find("own seat"), std::string::npos);
  }
  {
    // Another process (here: a peer of another user id) is refused.
    const std::string other = server->IssueToken("other");
    auto other_dir = server->OpenSeat(other);
    ASSERT_TRUE(other_dir.has_value());
    server->SetSeatPeer(other, {.uid = ::getuid() + 1});
    TestClient imposter("unix://" + *other_dir + "/" + kSeatSocketName);
    imposter.Hello(other);
    auto reply = FirstReply(imposter);
    ASSERT_TRUE(reply.has_error());
    EXPECT_NE(reply.error().message().find("uid"), std::string::npos)
        << reply.error().message();
  }
  TestClient bot(seat);
  ASSERT_TRUE(bot.Hello(token));
  std::this_thread::sleep_for(milliseconds(200));
  EXPECT_FALSE(server->WaitForBot(token, In(10)).has_value());  // waits
  server->SetSeatPeer(token, {.uid = ::getuid(),
                              .pid_namespace = PidNamespaceOf(::getpid()),
                              .ancestor = ::getpid()});
  auto got = server->WaitForBot(token, In(5000));
  ASSERT_TRUE(got.has_value()) << got.error();
  EXPECT_TRUE(FirstReply(bot).has_welcome());
  // One use: the seat's socket is gone.
  EXPECT_FALSE(std::filesystem::exists(*dir));
}

// Whatever token it presents, a Hello refused on a seat's own socket is the
// seat's, as WaitForBot reports it (what the bot was told, not only that
// it left), unless it comes from a process the seat's rule refuses.
TEST(ServerTest, AHelloRefusedOnASeatsSocketIsTheSeats) {
  auto server = std::move(*Server::Start({}));
  const std::string token = server->IssueToken("seated");
  auto dir = server->OpenSeat(token);
  ASSERT_TRUE(dir.has_value()) << dir.error();
  const std::string seat = "unix://" + *dir + "/" + kSeatSocketName;
  server->SetSeatPeer(token, {.uid = ::getuid() + 1});
  {
    TestClient imposter(seat);  // not the seat's bot: nobody's refusal
    imposter.Hello(token + "x");
    ASSERT_EQ(FirstReply(imposter).error().code(), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_EQ(server->WaitForBot(token, In(50)).error(),
              "the bot did not connect in time");
  }
  server->SetSeatPeer(token, {.uid = ::getuid()});
  TestClient bot(seat);
  bot.Hello(token + "x");
  ASSERT_EQ(FirstReply(bot).error().code(), v1::ERROR_CODE_BAD_TOKEN);
  EXPECT_EQ(server->WaitForBot(token, In(5000), Exited).error(),
            "the bot exited; the arbiter refused its Hello: unknown token "
            "(ERROR_CODE_BAD_TOKEN)");
}

// A Hello accepted once makes its player's name welcomed for good; a
// refused one does not.
TEST(ServerTest, WelcomedNamesThePlayersOnceAccepted) {
  auto server = std::move(*Server::Start({}));
  const std::string refused = server->IssueToken("late", "pontoon");
  TestClient old(server->address());
  old.Hello(refused);  // declares no game: zetema only
  ASSERT_EQ(FirstReply(old).error().code(), v1::ERROR_CODE_GAME_NOT_DECLARED);
  EXPECT_FALSE(server->WaitForBot(refused, In(5000)).has_value());
  EXPECT_FALSE(server->Welcomed("late"));
  const std::string token = server->IssueToken("late");
  TestClient client(server->address());
  client.Hello(token);
  ASSERT_TRUE(server->WaitForBot(token, In(5000)).has_value());
  EXPECT_TRUE(server->Welcomed("late"));
  EXPECT_FALSE(server->Welcomed("other"));
}

TEST(ServerTest, StaleRunDirectoriesOfDeadArbitersAreRemoved) {
  const std::string parent = TempParent();
  const std::string stale = parent + "/arbiter-stale-test";
  // The name older versions gave their directories.
  const std::string older = parent + "/zetema-stale-test";
  const std::string foreign = parent + "/arbiter-foreign-test";
  std::filesystem::create_directories(stale + "/seat-3");
  std::filesystem::create_directories(older);
  std::filesystem::create_directories(foreign);
  // A pid that cannot exist: above any pid_max.
  std::ofstream(stale + "/owner") << "4194304 12345\n";
  std::ofstream(older + "/owner") << "4194304 12345\n";
  auto server = Server::Start({});
  ASSERT_TRUE(server.has_value());
  EXPECT_FALSE(std::filesystem::exists(stale));
  EXPECT_FALSE(std::filesystem::exists(older));
  EXPECT_TRUE(std::filesystem::exists(foreign));  // no owner file: not ours
  EXPECT_TRUE(std::filesystem::exists((*server)->socket_dir() + "/owner"));
  std::filesystem::remove_all(foreign);
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
  int messages = 0;
  v1::ArbiterMessage last;
  while (client.stream->Read(&in)) {
    ++messages;
    last = in;
  }
  EXPECT_EQ(messages, 1);
  EXPECT_EQ(last.error().code(), v1::ERROR_CODE_SHUTDOWN);
  // A clean end: the status is OK, not CANCELLED, although the arbiter had a
  // read outstanding.
  const grpc::Status status = client.stream->Finish();
  EXPECT_TRUE(status.ok()) << status.error_code() << " "
                           << status.error_message();
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
