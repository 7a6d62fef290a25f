#include "arbiter/server/server.h"

#include <arpa/inet.h>
#include <grpcpp/server_posix.h>
#include <netdb.h>
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>

#include "arbiter/common/printable.h"
#include "arbiter/game/registry.h"
#include "arbiter/server/poll_strategy.h"
#include "arbiter/server/run_dir.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

// Bots written before Hello.games existed play the default game only.
bool DeclaresGame(const v1::Hello& hello, const std::string& game) {
  if (hello.games().empty()) return game == game::DefaultGame().Name();
  return std::find(hello.games().begin(), hello.games().end(), game) !=
         hello.games().end();
}

// For messages: what the bot declared, printable and short whatever it sent.
std::string DeclaredGames(const v1::Hello& hello) {
  if (hello.games().empty()) {
    return "no game, which means " + std::string(game::DefaultGame().Name()) +
           " only";
  }
  constexpr int kShown = 8;
  constexpr size_t kLength = 32;
  std::string out;
  for (int i = 0; i < std::min(hello.games_size(), kShown); ++i) {
    const Printable name = KeepPrintable(hello.games(i), kLength);
    out += (out.empty() ? "'" : ", '") + name.text + (name.cut ? "...'" : "'");
  }
  if (hello.games_size() > kShown) {
    out += " and " + std::to_string(hello.games_size() - kShown) + " more";
  }
  return out;
}

std::string RandomToken() {
  std::random_device rd;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  for (int i = 0; i < 8; ++i) {
    uint32_t v = rd();
    for (int j = 0; j < 8; ++j, v >>= 4) token += kHex[v & 15];
  }
  return token;
}

std::expected<int, std::string> ListenUnix(const std::string& path) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof addr.sun_path) {
    return std::unexpected("socket path too long: " + path);
  }
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  const int fd =
      ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return std::unexpected(std::string("socket: ") + strerror(errno));
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(fd, 16) != 0) {
    const int e = errno;
    ::close(fd);
    return std::unexpected("cannot listen on " + path + ": " + strerror(e));
  }
  return fd;
}

// HOST:PORT (HOST may be [v6]); returns the descriptor and the address with
// the port actually bound.
std::expected<std::pair<int, std::string>, std::string> ListenTcp(
    const std::string& listen) {
  const auto colon = listen.rfind(':');
  if (colon == std::string::npos || colon == 0) {
    return std::unexpected("--listen wants HOST:PORT, got '" + listen + "'");
  }
  std::string host = listen.substr(0, colon);
  const std::string port = listen.substr(colon + 1);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), port.c_str(), &hints, &found) != 0) {
    return std::unexpected("cannot listen on '" + listen + "'");
  }
  int fd = -1;
  for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                  0);
    if (fd < 0) continue;
    int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, 16) != 0) {
      ::close(fd);
      fd = -1;
    }
  }
  ::freeaddrinfo(found);
  if (fd < 0) return std::unexpected("cannot listen on '" + listen + "'");
  sockaddr_storage bound{};
  socklen_t len = sizeof bound;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len);
  const int actual =
      bound.ss_family == AF_INET6
          ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
          : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  return std::pair{fd, listen.substr(0, colon + 1) + std::to_string(actual)};
}

ino_t InodeOf(int fd) {
  struct stat st;
  return ::fstat(fd, &st) == 0 ? st.st_ino : 0;
}

}  // namespace

std::string VersionMismatchMessage(uint32_t bot_version) {
  return "the bot speaks protocol version " + std::to_string(bot_version) +
         (bot_version == 0 ? " (Hello.protocol_version unset)" : "") +
         "; this arbiter speaks version " + std::to_string(kProtocolVersion);
}

std::string RefusalDetail(v1::ErrorCode code, const std::string& message) {
  return "the arbiter refused its Hello: " + message + " (" +
         v1::ErrorCode_Name(code) + ")";
}

std::expected<std::unique_ptr<Server>, std::string> Server::Start(
    ServerOptions options) {
  InitGrpcPollStrategy();
  std::unique_ptr<Server> s(new Server(std::move(options)));
  auto dir = CreateRunDir();
  if (!dir) return std::unexpected(dir.error());
  s->run_dir_ = *dir;
  s->epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
  s->wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  epoll_event wake{.events = EPOLLIN, .data = {.u64 = 0}};
  ::epoll_ctl(s->epoll_fd_, EPOLL_CTL_ADD, s->wake_fd_, &wake);
  if (auto ok = s->Listen(); !ok) {
    s->shut_down_ = true;  // nothing started: the destructor only cleans
    std::filesystem::remove_all(s->run_dir_);
    return std::unexpected(ok.error());
  }
  grpc::ServerBuilder builder;  // no ports: connections come from Loop()
  builder.RegisterService(&s->service_);
  builder.SetMaxReceiveMessageSize(kMaxTransportMessageBytes);
  s->accept_cq_ = builder.AddCompletionQueue();
  s->server_ = builder.BuildAndStart();
  if (!s->server_) {
    s->shut_down_ = true;
    s->accept_cq_->Shutdown();
    void* tag;
    bool ok;
    while (s->accept_cq_->Next(&tag, &ok)) {
    }
    std::filesystem::remove_all(s->run_dir_);
    return std::unexpected("cannot start the gRPC server");
  }
  s->RequestCall();
  s->thread_ = std::thread([raw = s.get()] { raw->Loop(); });
  return s;
}

std::expected<void, std::string> Server::Listen() {
  if (options_.listen.empty()) {
    const std::string path = run_dir_ + "/" + kSeatSocketName;
    auto fd = ListenUnix(path);
    if (!fd) return std::unexpected(fd.error());
    address_ = "unix://" + path;
    AddSocket(*fd, 0, true, "");
    return {};
  }
  auto tcp = ListenTcp(options_.listen);
  if (!tcp) return std::unexpected(tcp.error());
  address_ = tcp->second;
  AddSocket(tcp->first, 0, false, "");
  return {};
}

Server::~Server() {
  Shutdown();
  if (epoll_fd_ >= 0) ::close(epoll_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void Server::Wake() {
  const uint64_t one = 1;
  [[maybe_unused]] auto w = ::write(wake_fd_, &one, sizeof one);
}

void Server::AddSocket(int fd, uint64_t seat, bool unix_socket,
                       std::string dir) {
  const uint64_t id = seat ? seat : next_id_++;
  auto socket = std::make_unique<Socket>();
  socket->fd = fd;
  socket->seat = seat;
  socket->unix_socket = unix_socket;
  socket->dir = std::move(dir);
  epoll_event ev{.events = EPOLLIN, .data = {.u64 = id}};
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &ev);
  sockets_[id] = std::move(socket);
}

std::string Server::IssueToken(const std::string& player_name,
                               const std::string& game) {
  std::string token = RandomToken();
  std::lock_guard lock(mu_);
  slots_[token].player_name = player_name;
  slots_[token].game = game;
  return token;
}

void Server::RevokeToken(const std::string& token) {
  std::lock_guard lock(mu_);
  auto it = slots_.find(token);
  if (it == slots_.end()) return;
  if (it->second.seat) CloseSeatLocked(it->second.seat);
  slots_.erase(it);
}

std::expected<std::string, std::string> Server::OpenSeat(
    const std::string& token, std::optional<uid_t> owner) {
  std::lock_guard lock(mu_);
  auto it = slots_.find(token);
  if (it == slots_.end() || it->second.claimed) {
    return std::unexpected("no unused token to open a seat for");
  }
  if (shut_down_) return std::unexpected("the server is shutting down");
  const uint64_t seat = next_id_++;
  const std::string dir = run_dir_ + "/seat-" + std::to_string(seat);
  if (::mkdir(dir.c_str(), 0700) != 0) {
    return std::unexpected("cannot create " + dir + ": " + strerror(errno));
  }
  const std::string path = dir + "/" + kSeatSocketName;
  auto fd = ListenUnix(path);
  if (!fd) {
    std::filesystem::remove_all(dir);
    return std::unexpected(fd.error());
  }
  // Only the seat's user (and root) may reach the socket.
  ::chmod(path.c_str(), 0600);
  if (owner && (::chown(path.c_str(), *owner, gid_t(-1)) != 0 ||
                ::chown(dir.c_str(), *owner, gid_t(-1)) != 0)) {
    const int e = errno;
    ::close(*fd);
    std::filesystem::remove_all(dir);
    return std::unexpected("cannot give " + dir + " to uid " +
                           std::to_string(*owner) + ": " + strerror(e));
  }
  AddSocket(*fd, seat, true, dir);
  it->second.seat = seat;
  return dir;
}

void Server::SetSeatPeer(const std::string& token, const PeerRule& rule) {
  std::lock_guard lock(mu_);
  auto it = slots_.find(token);
  if (it != slots_.end()) it->second.rule = rule;
  Wake();  // a Hello may be waiting for the rule
}

void Server::CloseSeatLocked(uint64_t seat) {
  auto it = sockets_.find(seat);
  if (it == sockets_.end()) return;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, it->second->fd, nullptr);
  ::close(it->second->fd);
  std::error_code ec;
  if (!it->second->dir.empty())
    std::filesystem::remove_all(it->second->dir, ec);
  sockets_.erase(it);
}

Server::Held Server::held() {
  std::lock_guard lock(mu_);
  return held_;
}

// -------------------------------------------------------- the server thread

void Server::Loop() {
  ::pthread_setname_np(::pthread_self(), kAcceptThreadName);
  epoll_event events[64];
  while (!stopping_) {
    // How long to sleep. gRPC makes progress (reads handshakes, new calls,
    // Hellos) only while some thread polls it, and the server thread must
    // never wait inside gRPC: gRPC's epoll1 engine lets one waiting thread
    // at a time poll every socket of the process, and a server thread that
    // held that role would read the bots' answers meant for the game
    // threads and wake them: two wake-ups per decision instead of one. So
    // it polls gRPC without waiting, often (1 ms) right after something
    // happened, then every 20 ms while a handshake is unfinished, and every
    // 200 ms otherwise (a new call on a connection gRPC already has). It
    // sleeps here, in its own epoll, which sees new connections at once.
    const auto now = Clock::now();
    int timeout = 200;
    bool awaiting = !pending_.empty();
    for (const auto& [fd, h] : handed_) awaiting |= !h.settled;
    if (awaiting) timeout = now < busy_until_ ? 1 : 20;
    if (!silent_.empty()) {
      const auto expiry = silent_.begin()->second->since + options_.hello_limit;
      const auto left =
          std::chrono::duration_cast<milliseconds>(expiry - now).count() + 1;
      timeout = int(std::clamp<long>(left, 0, timeout));
    }
    const int n = ::epoll_wait(epoll_fd_, events, 64, timeout);
    for (int i = 0; i < n; ++i) {
      const uint64_t id = events[i].data.u64;
      if (id == 0) {
        uint64_t count;
        [[maybe_unused]] auto r = ::read(wake_fd_, &count, sizeof count);
      } else if (silent_.contains(id)) {
        HandOver(id);
      } else {
        AcceptAll(id);
      }
    }
    // Connections that said nothing in time.
    const auto limit = Clock::now() - options_.hello_limit;
    while (!silent_.empty() && silent_.begin()->second->since < limit) {
      auto& c = *silent_.begin()->second;
      ::close(c.fd);
      std::lock_guard lock(mu_);
      if (auto s = sockets_.find(c.socket); s != sockets_.end()) {
        --s->second->silent;
      }
      silent_.erase(silent_.begin());
    }
    PollGrpc();
  }
  for (auto& p : pending_) p->driver->Finalize(grpc::Status::CANCELLED);
  pending_.clear();
  for (auto& [id, c] : silent_) ::close(c->fd);
  silent_.clear();
}

void Server::AcceptAll(uint64_t id) {
  std::lock_guard lock(mu_);
  auto it = sockets_.find(id);
  if (it == sockets_.end()) return;
  Socket& s = *it->second;
  while (true) {
    const int fd =
        ::accept4(s.fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    if (s.silent >= kMaxSilentPerSocket) {
      // Drop this socket's oldest silent connection (ids grow with age).
      for (auto c = silent_.begin(); c != silent_.end(); ++c) {
        if (c->second->socket != id) continue;
        ::close(c->second->fd);
        silent_.erase(c);
        --s.silent;
        break;
      }
    }
    auto c = std::make_unique<Silent>();
    c->fd = fd;
    c->socket = id;
    c->seat = s.seat;
    if (s.unix_socket) c->peer = ReadPeerCredentials(fd);
    c->since = Clock::now();
    const uint64_t cid = next_id_++;
    epoll_event ev{.events = EPOLLIN | EPOLLRDHUP, .data = {.u64 = cid}};
    ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &ev);
    ++s.silent;
    silent_[cid] = std::move(c);
  }
}

void Server::HandOver(uint64_t id) {
  auto it = silent_.find(id);
  Silent& c = *it->second;
  char byte;
  const ssize_t n = ::recv(c.fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, c.fd, nullptr);
  {
    std::lock_guard lock(mu_);
    if (auto s = sockets_.find(c.socket); s != sockets_.end()) {
      --s->second->silent;
    }
  }
  if (n <= 0) {  // closed without a word
    ::close(c.fd);
    silent_.erase(it);
    return;
  }
  int awaiting = 0;
  auto oldest = handed_.end();
  for (auto h = handed_.begin(); h != handed_.end(); ++h) {
    if (h->second.settled) continue;
    ++awaiting;
    if (oldest == handed_.end() || h->second.since < oldest->second.since) {
      oldest = h;
    }
  }
  if (awaiting >= kMaxAwaitingCall && oldest != handed_.end()) {
    if (InodeOf(oldest->first) == oldest->second.inode) {
      ::shutdown(oldest->first, SHUT_RDWR);
    }
    oldest->second.settled = true;
  }
  handed_[c.fd] = {.inode = InodeOf(c.fd),
                   .seat = c.seat,
                   .peer = c.peer,
                   .since = Clock::now()};
  const int fd = c.fd;
  silent_.erase(it);
  // gRPC owns the descriptor from here on (and closes it).
  grpc::AddInsecureChannelFromFd(server_.get(), fd);
  busy_until_ = Clock::now() + milliseconds(200);
}

void Server::RequestCall() {
  requested_ = std::make_shared<CallState>();
  service_.RequestPlay(&requested_->context, &requested_->stream,
                       &requested_->cq, accept_cq_.get(), requested_.get());
}

void Server::PollGrpc() {
  void* tag;
  bool ok;
  // Epoch 0 is long past: an epoll timeout of 0, where "now" would round
  // up to 1 ms.
  while (!stopping_ &&
         accept_cq_->AsyncNext(&tag, &ok, gpr_time_0(GPR_CLOCK_REALTIME)) ==
             grpc::CompletionQueue::GOT_EVENT) {
    auto call = std::move(requested_);
    if (!ok) {
      // The server is shutting down: the call never started.
      call->cq.Shutdown();
      while (call->cq.Next(&tag, &ok)) {
      }
      return;
    }
    RequestCall();
    OnCall(std::move(call));
  }
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (Advance(**it)) {
      it = pending_.erase(it);
    } else {
      ++it;
    }
  }
  const auto now = Clock::now();
  Held held;
  for (auto& [fd, h] : handed_) {
    if (!h.settled && now - h.since > options_.hello_limit) {
      // gRPC has it, and no call came: cut it (if the number is still it).
      if (InodeOf(fd) == h.inode) ::shutdown(fd, SHUT_RDWR);
      h.settled = true;
    }
    held.awaiting_call += !h.settled;
  }
  held.silent = int(silent_.size());
  held.awaiting_hello = int(pending_.size());
  std::lock_guard lock(mu_);
  held_ = held;
}

void Server::OnCall(std::shared_ptr<CallState> call) {
  auto p = std::make_unique<Pending>();
  p->since = Clock::now();
  const std::string peer = call->context.peer();
  if (peer.starts_with("fd:")) {
    const int fd = std::atoi(peer.c_str() + 3);
    auto h = handed_.find(fd);
    if (h != handed_.end() && InodeOf(fd) == h->second.inode) {
      p->origin_known = true;
      p->seat = h->second.seat;
      p->peer = h->second.peer;
      h->second.settled = true;
    }
  }
  p->call = call;
  p->driver = std::make_unique<CallDriver>(std::move(call));
  if (int(pending_.size()) >= kMaxAwaitingHello) {
    pending_.front()->driver->Finalize(grpc::Status::CANCELLED);
    pending_.pop_front();
  }
  pending_.push_back(std::move(p));
  busy_until_ = Clock::now() + milliseconds(200);
}

std::optional<v1::ErrorCode> Server::Check(const v1::Hello& hello,
                                           const Pending& p,
                                           std::string* message,
                                           std::string* player_name) {
  std::lock_guard lock(mu_);
  auto it = slots_.find(hello.token());
  if (hello.protocol_version() != kProtocolVersion) {
    // The token stays good: the bot may try again with the right version.
    *message = VersionMismatchMessage(hello.protocol_version());
    return v1::ERROR_CODE_VERSION_MISMATCH;
  }
  if (it == slots_.end() || it->second.claimed || shut_down_) {
    *message = it == slots_.end() ? "unknown token" : "token already used";
    return v1::ERROR_CODE_BAD_TOKEN;
  }
  Slot& slot = it->second;
  if (slot.seat != p.seat) {
    *message = slot.seat ? "this token is good only on its own seat's socket"
                         : "this token is not for a seat's socket";
    return v1::ERROR_CODE_BAD_TOKEN;
  }
  if (slot.seat) {
    if (!slot.rule) return std::nullopt;
    if (!p.origin_known) {
      *message = "the connection's origin is unknown";
      return v1::ERROR_CODE_BAD_TOKEN;
    }
    if (std::string why = CheckPeer(*slot.rule, p.peer); !why.empty()) {
      *message = why;
      return v1::ERROR_CODE_BAD_TOKEN;
    }
  }
  slot.claimed = true;
  if (!slot.game.empty() && !DeclaresGame(hello, slot.game)) {
    *message = "this bot is to play " + slot.game +
               ", which its Hello does not declare (it declares " +
               DeclaredGames(hello) + ")";
    slot.refused = "does not play " + slot.game + ": its Hello declares " +
                   DeclaredGames(hello) + " (Hello.games)";
    return v1::ERROR_CODE_GAME_NOT_DECLARED;
  }
  *player_name = slot.player_name;
  return v1::ERROR_CODE_UNSPECIFIED;
}

void Server::NoteRefusal(const Pending& p, v1::ErrorCode code,
                         const std::string& message) {
  std::lock_guard lock(mu_);
  // The seat the refused Hello is of: on the shared socket, the one its
  // token names (a bot that runs elsewhere); on a seat's own socket, that
  // seat, whatever the token said, unless the connection is known to come
  // from elsewhere than the seat's bot (its peer rule, once set, refuses it).
  Slot* slot = nullptr;
  if (p.seat == 0 && p.first && p.first->has_hello()) {
    auto it = slots_.find(p.first->hello().token());
    if (it != slots_.end() && it->second.seat == 0) slot = &it->second;
  }
  for (auto it = slots_.begin(); !slot && p.seat != 0 && it != slots_.end();
       ++it) {
    const Slot& s = it->second;
    if (s.seat == p.seat &&
        (!s.rule || (p.origin_known && CheckPeer(*s.rule, p.peer).empty()))) {
      slot = &it->second;
    }
  }
  // Kept for WaitForBot, so that the fault says what the arbiter told the
  // bot rather than only what became of it afterwards.
  if (slot != nullptr) slot->refusal = RefusalDetail(code, message);
}

bool Server::Advance(Pending& p) {
  const auto now = Clock::now();
  const bool late = now - p.since > options_.hello_limit;
  if (!p.first) {
    auto first = p.driver->Read(Clock::time_point{});  // long past: no wait
    if (!first) {
      if (first.error() == ReceiveError::kTimeout && !late) return false;
      p.driver->Finalize(grpc::Status::CANCELLED);
      return true;
    }
    p.first = std::move(*first);
    busy_until_ = now + milliseconds(200);
  }
  std::string message, player_name;
  v1::ErrorCode error;
  if (!p.first->has_hello()) {
    error = v1::ERROR_CODE_EXPECTED_HELLO;
    message = "the first message of a stream must be a Hello";
  } else {
    auto checked = Check(p.first->hello(), p, &message, &player_name);
    if (!checked) {
      if (!late) return false;  // the seat's rule is not set yet
      error = v1::ERROR_CODE_BAD_TOKEN;
      message = "the seat's bot was not identified in time";
    } else {
      error = *checked;
    }
  }
  if (error != v1::ERROR_CODE_UNSPECIFIED) {
    NoteRefusal(p, error, message);
    v1::ArbiterMessage m;
    m.mutable_error()->set_code(error);
    m.mutable_error()->set_message(message);
    p.driver->Write(m, Clock::now() + std::chrono::seconds(1));
    p.driver->Finalize(
        grpc::Status(grpc::StatusCode::PERMISSION_DENIED, message));
    cv_.notify_all();  // WaitForBot learns of a refused game
    return true;
  }
  // No operation is outstanding: the connection takes the call over.
  auto connection = std::make_shared<BotConnection>(p.call, p.first->hello(),
                                                    options_.stuck_write_limit);
  v1::ArbiterMessage welcome;
  welcome.mutable_welcome()->set_protocol_version(kProtocolVersion);
  welcome.mutable_welcome()->set_arbiter_version(options_.arbiter_version);
  welcome.mutable_welcome()->set_player_name(player_name);
  // Welcome goes out before anyone else can write to the stream.
  connection->Send(welcome);
  std::lock_guard lock(mu_);
  auto it = slots_.find(p.first->hello().token());
  if (it != slots_.end() && !shut_down_) {
    it->second.connection = connection;
    live_.push_back(connection);
    welcomed_.insert(player_name);
  } else {
    connection->Shutdown();
  }
  cv_.notify_all();
  return true;
}

std::expected<std::shared_ptr<BotChannel>, std::string> Server::WaitForBot(
    const std::string& token, Clock::time_point deadline,
    const std::function<std::optional<std::string>()>& give_up,
    bool* game_refused) {
  std::unique_lock lock(mu_);
  while (true) {
    auto it = slots_.find(token);
    if (it == slots_.end()) return std::unexpected("unknown token");
    if (!it->second.refused.empty()) {
      const std::string why = it->second.refused;
      if (it->second.seat) CloseSeatLocked(it->second.seat);
      slots_.erase(it);
      if (game_refused) *game_refused = true;
      return std::unexpected(why);
    }
    if (it->second.connection) {
      auto connection = it->second.connection;
      // One use only; nothing more is accepted on the seat's socket.
      if (it->second.seat) CloseSeatLocked(it->second.seat);
      slots_.erase(it);
      return connection;
    }
    if (shut_down_) return std::unexpected("the server is shutting down");
    // A refused Hello says more than what the bot did next.
    const std::string refused =
        it->second.refusal.empty() ? "" : "; " + it->second.refusal;
    if (Clock::now() >= deadline) {
      return std::unexpected("the bot did not connect in time" + refused);
    }
    if (give_up) {
      lock.unlock();
      const std::optional<std::string> why = give_up();
      lock.lock();
      if (why) return std::unexpected(*why + refused);
    }
    cv_.wait_until(lock, std::min(deadline, Clock::now() + milliseconds(20)));
  }
}

bool Server::Welcomed(const std::string& player_name) {
  std::lock_guard lock(mu_);
  return welcomed_.contains(player_name);
}

void Server::Shutdown() {
  {
    std::lock_guard lock(mu_);
    if (shut_down_) return;
    shut_down_ = true;
  }
  cv_.notify_all();
  stopping_ = true;
  Wake();
  if (thread_.joinable()) thread_.join();
  std::vector<std::shared_ptr<BotConnection>> live;
  {
    std::lock_guard lock(mu_);
    for (auto& w : live_) {
      if (auto c = w.lock()) live.push_back(std::move(c));
    }
    live_.clear();
    slots_.clear();
  }
  for (auto& c : live) c->Shutdown();
  if (server_) {
    server_->Shutdown(std::chrono::system_clock::now() + milliseconds(200));
  }
  if (accept_cq_) {
    accept_cq_->Shutdown();
    void* tag;
    bool ok;
    while (accept_cq_->Next(&tag, &ok)) {
    }
  }
  if (requested_) {
    requested_->cq.Shutdown();
    void* tag;
    bool ok;
    while (requested_->cq.Next(&tag, &ok)) {
    }
    requested_.reset();
  }
  {
    std::lock_guard lock(mu_);
    for (auto& [id, s] : sockets_) ::close(s->fd);
    sockets_.clear();
  }
  if (!run_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(run_dir_, ec);
  }
}

}  // namespace arbiter
