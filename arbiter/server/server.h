// The arbiter's gRPC server: accepts bot streams, checks their Hello against
// one-time tokens, and hands each accepted stream to whoever issued the token.
//
//   auto server = Server::Start({});            // Unix socket, private dir
//   std::string token = server->IssueToken("random");
//   // spawn the bot with ZETEMA_ARBITER_ADDRESS=server->address(),
//   // ZETEMA_TOKEN=token
//   auto bot = server->WaitForBot(token, deadline, [&] { return exited; });
//
// By default the server listens on a Unix socket in a fresh 0700 directory
// (only this user can connect); `listen = "HOST:PORT"` listens on TCP for
// bots that run elsewhere (port 0 picks a free one).
#ifndef ARBITER_SERVER_SERVER_H_
#define ARBITER_SERVER_SERVER_H_

#include <grpcpp/grpcpp.h>

#include <condition_variable>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/server/connection.h"
#include "arbiter/v1/arbiter.grpc.pb.h"

namespace arbiter {

inline constexpr uint32_t kProtocolVersion = v1::PROTOCOL_VERSION_CURRENT;
// Names of the threads that accept calls and read each call's Hello (at
// most 15 characters).
inline constexpr char kAcceptThreadName[] = "arbiter-accept";
inline constexpr char kHelloThreadName[] = "arbiter-hello";
// The arbiter's version (the CMake project's): in Welcome and every record.
inline constexpr char kArbiterVersion[] = ZETEMA_ARBITER_VERSION;
inline constexpr char kAddressEnv[] = "ZETEMA_ARBITER_ADDRESS";
inline constexpr char kTokenEnv[] = "ZETEMA_TOKEN";

struct ServerOptions {
  std::string listen;  // "" = Unix socket in a private directory
  std::string arbiter_version = kArbiterVersion;
  // A Send blocked this long (the bot stopped reading) cancels the stream.
  std::chrono::milliseconds stuck_write_limit{10000};
};

class Server {
 public:
  static std::expected<std::unique_ptr<Server>, std::string> Start(
      ServerOptions options);
  ~Server();

  // The gRPC target bots connect to: "unix:///tmp/zetema-XXXXXX/arbiter.sock"
  // or "HOST:PORT".
  const std::string& address() const { return address_; }
  // The private directory of the Unix socket ("" when listening on TCP).
  const std::string& socket_dir() const { return socket_dir_; }
  const std::string& arbiter_version() const {
    return options_.arbiter_version;
  }

  // A fresh random token, good for one connection.
  std::string IssueToken(const std::string& player_name);
  // Forgets an unused token.
  void RevokeToken(const std::string& token);
  // The connection that presented `token`; fails at `deadline`, or as soon
  // as `give_up` returns true (polled every few milliseconds).
  std::expected<std::shared_ptr<BotChannel>, std::string> WaitForBot(
      const std::string& token, Clock::time_point deadline,
      const std::function<bool()>& give_up = nullptr);

  // Closes every stream and stops the server; idempotent.
  void Shutdown();

 private:
  explicit Server(ServerOptions options) : options_(std::move(options)) {}
  // Accepts calls: keeps one call requested, hands each new one to a
  // handshake thread.
  void AcceptLoop();
  void RequestCall();
  // Reads the Hello, checks it, and publishes the connection.
  void Handshake(std::shared_ptr<CallState> call);
  // The error that refuses `hello`, or ERROR_CODE_UNSPECIFIED after claiming
  // its token.
  v1::ErrorCode Check(const v1::Hello& hello, std::string* message,
                      std::string* player_name);

  struct Slot {
    std::string player_name;
    std::shared_ptr<BotConnection> connection;  // set once claimed
    bool claimed = false;
  };

  ServerOptions options_;
  std::string address_;
  std::string socket_dir_;  // removed at shutdown
  // Raw: see AsyncStream in connection.h.
  v1::Arbiter::WithRawMethod_Play<v1::Arbiter::Service> service_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<grpc::ServerCompletionQueue> accept_cq_;
  std::shared_ptr<CallState> requested_;  // the call awaiting a client
  std::thread acceptor_;

  std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::string, Slot> slots_;  // by token
  std::vector<std::weak_ptr<BotConnection>> live_;
  int handshakes_ = 0;  // handshake threads still running
  bool shut_down_ = false;
};

}  // namespace arbiter

#endif  // ARBITER_SERVER_SERVER_H_
