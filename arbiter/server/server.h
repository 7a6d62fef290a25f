// The arbiter's gRPC server: accepts bot streams, checks their Hello against
// one-time tokens, and hands each accepted stream to whoever issued the token.
//
//   auto server = Server::Start({});            // Unix socket, private dir
//   std::string token = server->IssueToken("random");
//   // a spawned bot gets a socket of its own:
//   auto dir = server->OpenSeat(token, seat_uid);   // DIR/arbiter.sock
//   // spawn the bot with ZETEMA_ARBITER_ADDRESS=unix://DIR/arbiter.sock
//   // (as its sandbox shows it), ZETEMA_TOKEN=token, then say who it is:
//   server->SetSeatPeer(token, {.pid_namespace = ...});
//   auto bot = server->WaitForBot(token, deadline, [&] { return exited; });
//
// The arbiter listens itself, on sockets it owns: the shared one (a Unix
// socket in the run's 0700 directory, or `listen = "HOST:PORT"` on TCP for
// bots that run elsewhere) and one per spawned bot, in a directory only
// that bot (its user, its sandbox) can reach. A connection is handed to
// gRPC (as a channel from its descriptor) only once it has sent something,
// so connections that never speak cost nothing but a descriptor, and there
// are at most a few of them per socket (the oldest is dropped). A spawned
// bot's token is good only on its own socket, and only from a process that
// passes the seat's PeerRule (SO_PEERCRED: its user id, its sandbox's pid
// namespace, or its descent from the bot's process).
//
// One server thread does all of it, and it never waits inside gRPC: it
// waits in epoll on its own descriptors, and while handshakes are under way
// polls gRPC without waiting (see the comment in server.cc).
#ifndef ARBITER_SERVER_SERVER_H_
#define ARBITER_SERVER_SERVER_H_

#include <grpcpp/grpcpp.h>
#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/server/connection.h"
#include "arbiter/server/peer.h"
#include "arbiter/v1/arbiter.grpc.pb.h"

namespace arbiter {

inline constexpr uint32_t kProtocolVersion = v1::PROTOCOL_VERSION_CURRENT;
// The name of the server's thread (at most 15 characters).
inline constexpr char kAcceptThreadName[] = "arbiter-accept";
// The arbiter's version (the CMake project's): in Welcome and every record.
inline constexpr char kArbiterVersion[] = ZETEMA_ARBITER_VERSION;
inline constexpr char kAddressEnv[] = "ZETEMA_ARBITER_ADDRESS";
inline constexpr char kTokenEnv[] = "ZETEMA_TOKEN";
// The socket's name in a seat's directory.
inline constexpr char kSeatSocketName[] = "arbiter.sock";

// The message of ERROR_CODE_VERSION_MISMATCH, naming both versions.
std::string VersionMismatchMessage(uint32_t bot_version);
// A refused Hello as a fault's detail tells it: "the arbiter refused its
// Hello: unknown token (ERROR_CODE_BAD_TOKEN)".
std::string RefusalDetail(v1::ErrorCode code, const std::string& message);

struct ServerOptions {
  std::string listen;  // "" = Unix socket in a private directory
  std::string arbiter_version = kArbiterVersion;
  // A Send blocked this long (the bot stopped reading) cancels the stream.
  std::chrono::milliseconds stuck_write_limit{10000};
  // How long a connection may take to send its Hello.
  std::chrono::milliseconds hello_limit{10000};
};

class Server {
 public:
  // Connections accepted but not yet speaking, per socket; connections
  // given to gRPC whose call has not come; calls whose Hello has not come.
  static constexpr int kMaxSilentPerSocket = 16;
  static constexpr int kMaxAwaitingCall = 64;
  static constexpr int kMaxAwaitingHello = 64;

  static std::expected<std::unique_ptr<Server>, std::string> Start(
      ServerOptions options);
  ~Server();

  // The gRPC target of the shared socket: "unix:///tmp/arbiter-XXXXXX/
  // arbiter.sock" or "HOST:PORT".
  const std::string& address() const { return address_; }
  // The run's private directory (sockets; removed at shutdown).
  const std::string& socket_dir() const { return run_dir_; }
  const std::string& arbiter_version() const {
    return options_.arbiter_version;
  }

  // A fresh random token, good for one connection. With a `game`, the
  // bot's Hello must declare it (Hello.games; none declared means the default
  // game): otherwise the bot gets Error{ERROR_CODE_GAME_NOT_DECLARED}, and
  // WaitForBot fails at once saying so.
  std::string IssueToken(const std::string& player_name,
                         const std::string& game = "");
  // Forgets an unused token (and closes its seat's socket).
  void RevokeToken(const std::string& token);

  // A socket of its own for the bot that will present `token`: returns its
  // directory (DIR/kSeatSocketName), 0700 and owned by `owner` when given
  // (the arbiter runs as root). From then on the token is good only on that
  // socket, and only once the seat's peer rule is set (SetSeatPeer): a
  // Hello that comes earlier waits for it.
  std::expected<std::string, std::string> OpenSeat(
      const std::string& token, std::optional<uid_t> owner = std::nullopt);
  void SetSeatPeer(const std::string& token, const PeerRule& rule);

  // The connection that presented `token`; fails at `deadline`, or as soon
  // as `give_up` says why to stop waiting (polled every few milliseconds;
  // nullopt: go on), or when the bot does not declare the token's game
  // (then `*game_refused` is set). Any Hello the arbiter refused for the
  // seat meanwhile (with the token, or on the seat's own socket from the
  // seat's bot: a wrong token, a wrong version) is added to the error, as
  // RefusalDetail says it.
  std::expected<std::shared_ptr<BotChannel>, std::string> WaitForBot(
      const std::string& token, Clock::time_point deadline,
      const std::function<std::optional<std::string>()>& give_up = nullptr,
      bool* game_refused = nullptr);

  // Whether a bot of that name (IssueToken's player_name) has had its Hello
  // accepted since the server started.
  bool Welcomed(const std::string& player_name);

  // Closes every stream and stops the server; idempotent.
  void Shutdown();

  // For tests: the server thread's epoll descriptor (the only thing it may
  // block on), and what it holds now.
  int epoll_fd() const { return epoll_fd_; }
  struct Held {
    int silent = 0, awaiting_call = 0, awaiting_hello = 0;
  };
  Held held();

 private:
  struct Socket {
    int fd = -1;
    uint64_t seat = 0;  // 0: the shared socket
    bool unix_socket = true;
    std::string dir;  // a seat's directory, removed with it
    int silent = 0;
  };

  struct Silent {
    int fd = -1;
    uint64_t socket = 0;
    uint64_t seat = 0;
    PeerCredentials peer;
    Clock::time_point since;
  };

  // A connection given to gRPC, by descriptor number (gRPC's peer string for
  // it is "fd:N"); the inode tells a reused number from the same socket.
  struct Handed {
    ino_t inode = 0;
    uint64_t seat = 0;
    PeerCredentials peer;
    Clock::time_point since;
    bool settled = false;  // its call came, or it was dropped
  };

  struct Pending {
    std::shared_ptr<CallState> call;
    std::unique_ptr<CallDriver> driver;
    bool origin_known = false;
    uint64_t seat = 0;
    PeerCredentials peer;
    Clock::time_point since;
    std::optional<v1::BotMessage> first;
  };
  struct Slot {
    std::string player_name;
    std::string game;     // the game the bot must declare; "" = any
    std::string refused;  // why its Hello was refused for the game
    std::shared_ptr<BotConnection> connection;  // set once claimed
    bool claimed = false;
    uint64_t seat = 0;  // the socket it is good on; 0: the shared one
    std::optional<PeerRule> rule;
    std::string refusal;  // the last Hello refused for it (RefusalDetail)
  };

  explicit Server(ServerOptions options) : options_(std::move(options)) {}
  std::expected<void, std::string> Listen();
  void Loop();
  void Wake();
  void AddSocket(int fd, uint64_t seat, bool unix_socket, std::string dir);
  void CloseSeatLocked(uint64_t seat);
  void AcceptAll(uint64_t id);
  void HandOver(uint64_t id);
  void PollGrpc();
  void RequestCall();
  void OnCall(std::shared_ptr<CallState> call);
  // True when the pending call is done with (answered or dropped).
  bool Advance(Pending& p);
  // Keeps why a Hello was refused, for the seat it is of (WaitForBot).
  void NoteRefusal(const Pending& p, v1::ErrorCode code,
                   const std::string& message);
  // The error that refuses `hello` from `p`, ERROR_CODE_UNSPECIFIED after
  // claiming its token, or nullopt to wait (the seat's rule is not set).
  std::optional<v1::ErrorCode> Check(const v1::Hello& hello, const Pending& p,
                                     std::string* message,
                                     std::string* player_name);

  ServerOptions options_;
  std::string address_;
  std::string run_dir_;  // removed at shutdown
  // Raw: see AsyncStream in connection.h.
  v1::Arbiter::WithRawMethod_Play<v1::Arbiter::Service> service_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<grpc::ServerCompletionQueue> accept_cq_;
  std::shared_ptr<CallState> requested_;  // the call awaiting a client
  int epoll_fd_ = -1;
  int wake_fd_ = -1;
  std::thread thread_;
  std::atomic<bool> stopping_{false};

  // The server thread's own.
  std::map<uint64_t, std::unique_ptr<Silent>> silent_;  // by id
  std::map<int, Handed> handed_;                        // by descriptor
  std::deque<std::unique_ptr<Pending>> pending_;
  uint64_t next_id_ = 1;
  Clock::time_point busy_until_{};  // poll gRPC often until then

  std::mutex mu_;
  std::condition_variable cv_;
  std::map<uint64_t, std::unique_ptr<Socket>> sockets_;  // by id
  std::map<std::string, Slot> slots_;                    // by token
  std::vector<std::weak_ptr<BotConnection>> live_;
  std::set<std::string> welcomed_;  // player names
  Held held_;
  bool shut_down_ = false;
};

}  // namespace arbiter

#endif  // ARBITER_SERVER_SERVER_H_
