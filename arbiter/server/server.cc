#include "arbiter/server/server.h"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>

namespace arbiter {
namespace {

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

}  // namespace

std::expected<std::unique_ptr<Server>, std::string> Server::Start(
    ServerOptions options) {
  std::unique_ptr<Server> s(new Server(std::move(options)));
  std::string listen;
  if (s->options_.listen.empty()) {
    // mkdtemp creates the directory 0700: only this user can connect.
    const char* tmp = std::getenv("TMPDIR");
    std::string tmpl =
        std::string(tmp && *tmp ? tmp : "/tmp") + "/zetema-XXXXXX";
    if (::mkdtemp(tmpl.data()) == nullptr) {
      return std::unexpected("cannot create a private socket directory in " +
                             tmpl);
    }
    s->socket_dir_ = tmpl;
    listen = "unix://" + tmpl + "/arbiter.sock";
    s->address_ = listen;
  } else {
    listen = s->options_.listen;
    if (listen.find(':') == std::string::npos) {
      return std::unexpected("--listen wants HOST:PORT, got '" + listen + "'");
    }
  }
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort(listen, grpc::InsecureServerCredentials(),
                           s->socket_dir_.empty() ? &port : nullptr);
  builder.RegisterService(&s->service_);
  builder.SetMaxReceiveMessageSize(kMaxTransportMessageBytes);
  s->accept_cq_ = builder.AddCompletionQueue();
  s->server_ = builder.BuildAndStart();
  if (!s->server_ || (s->socket_dir_.empty() && port == 0)) {
    if (!s->socket_dir_.empty()) std::filesystem::remove_all(s->socket_dir_);
    s->shut_down_ = true;  // nothing to stop: the destructor only drains
    if (s->server_) s->server_->Shutdown();
    s->accept_cq_->Shutdown();
    void* tag;
    bool ok;
    while (s->accept_cq_->Next(&tag, &ok)) {
    }
    return std::unexpected("cannot listen on '" + listen + "'");
  }
  if (s->socket_dir_.empty()) {
    s->address_ =
        listen.substr(0, listen.rfind(':') + 1) + std::to_string(port);
  }
  s->RequestCall();
  s->acceptor_ = std::thread([raw = s.get()] { raw->AcceptLoop(); });
  // Named so that tools (and server_test) can tell it from gRPC's threads.
  ::pthread_setname_np(s->acceptor_.native_handle(), kAcceptThreadName);
  return s;
}

Server::~Server() { Shutdown(); }

std::string Server::IssueToken(const std::string& player_name) {
  std::string token = RandomToken();
  std::lock_guard lock(mu_);
  slots_[token].player_name = player_name;
  return token;
}

void Server::RevokeToken(const std::string& token) {
  std::lock_guard lock(mu_);
  slots_.erase(token);
}

v1::ErrorCode Server::Check(const v1::Hello& hello, std::string* message,
                            std::string* player_name) {
  std::lock_guard lock(mu_);
  if (hello.protocol_version() != kProtocolVersion) {
    *message = "protocol version " + std::to_string(hello.protocol_version()) +
               " is not supported; this arbiter speaks version " +
               std::to_string(kProtocolVersion);
    return v1::ERROR_CODE_VERSION_MISMATCH;
  }
  auto it = slots_.find(hello.token());
  if (it == slots_.end() || it->second.claimed || shut_down_) {
    *message = it == slots_.end() ? "unknown token" : "token already used";
    return v1::ERROR_CODE_BAD_TOKEN;
  }
  it->second.claimed = true;
  *player_name = it->second.player_name;
  return v1::ERROR_CODE_UNSPECIFIED;
}

void Server::RequestCall() {
  requested_ = std::make_shared<CallState>();
  service_.RequestPlay(&requested_->context, &requested_->stream,
                       &requested_->cq, accept_cq_.get(), requested_.get());
}

void Server::AcceptLoop() {
  void* tag;
  bool ok;
  while (true) {
    // Never block in the queue. gRPC's epoll1 engine lets one waiting thread
    // at a time poll the process's sockets for every queue; a thread blocked
    // here would often hold that role, read a bot's answer meant for a game
    // thread and wake that thread: two wake-ups per decision instead of one.
    // So: a poll that does not wait (epoch 0 is long past: an epoll timeout
    // of 0, where "now" would round up to 1 ms), then a sleep; 2 ms is plenty
    // for new connections, and the game threads' polling does the sockets'
    // work meanwhile.
    const auto status =
        accept_cq_->AsyncNext(&tag, &ok, gpr_time_0(GPR_CLOCK_REALTIME));
    if (status == grpc::CompletionQueue::SHUTDOWN) break;
    if (status == grpc::CompletionQueue::TIMEOUT) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      continue;
    }
    auto call = std::move(requested_);
    if (!ok) {
      // The server is shutting down: the call never started.
      call->cq.Shutdown();
      void* t;
      bool o;
      while (call->cq.Next(&t, &o)) {
      }
      continue;
    }
    RequestCall();
    std::lock_guard lock(mu_);
    ++handshakes_;
    std::thread([this, call] { Handshake(call); }).detach();
  }
}

void Server::Handshake(std::shared_ptr<CallState> call) {
  ::pthread_setname_np(::pthread_self(), kHelloThreadName);
  CallDriver driver(call);
  // Waits outside gRPC, as AcceptLoop does and for the same reason: a bot
  // that connects and says nothing must not make the game threads slower.
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  auto first = driver.Read(Clock::time_point{});  // long past: no wait
  while (!first && first.error() == ReceiveError::kTimeout &&
         Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    first = driver.Read(Clock::time_point{});
  }
  std::string message, player_name;
  v1::ErrorCode error = v1::ERROR_CODE_UNSPECIFIED;
  if (!first) {
    driver.Finalize(grpc::Status::CANCELLED);
  } else if (!first->has_hello()) {
    error = v1::ERROR_CODE_EXPECTED_HELLO;
    message = "the first message of a stream must be a Hello";
  } else {
    error = Check(first->hello(), &message, &player_name);
  }
  if (first && error != v1::ERROR_CODE_UNSPECIFIED) {
    v1::ArbiterMessage m;
    m.mutable_error()->set_code(error);
    m.mutable_error()->set_message(message);
    driver.Write(m, Clock::now() + std::chrono::seconds(1));
    driver.Finalize(grpc::Status(grpc::StatusCode::PERMISSION_DENIED, message));
  }
  if (first && error == v1::ERROR_CODE_UNSPECIFIED) {
    // No operation is outstanding: the connection takes the call over.
    auto connection = std::make_shared<BotConnection>(
        call, first->hello(), options_.stuck_write_limit);
    v1::ArbiterMessage welcome;
    welcome.mutable_welcome()->set_protocol_version(kProtocolVersion);
    welcome.mutable_welcome()->set_arbiter_version(options_.arbiter_version);
    welcome.mutable_welcome()->set_player_name(player_name);
    // Welcome goes out before anyone else can write to the stream.
    connection->Send(welcome);
    std::lock_guard lock(mu_);
    auto it = slots_.find(first->hello().token());
    if (it != slots_.end() && !shut_down_) {
      it->second.connection = connection;
      live_.push_back(connection);
    } else {
      connection->Shutdown();
    }
  }
  std::lock_guard lock(mu_);
  --handshakes_;
  cv_.notify_all();
}

std::expected<std::shared_ptr<BotChannel>, std::string> Server::WaitForBot(
    const std::string& token, Clock::time_point deadline,
    const std::function<bool()>& give_up) {
  std::unique_lock lock(mu_);
  while (true) {
    auto it = slots_.find(token);
    if (it == slots_.end()) return std::unexpected("unknown token");
    if (it->second.connection) {
      auto connection = it->second.connection;
      slots_.erase(it);  // one use only
      return connection;
    }
    if (shut_down_) return std::unexpected("the server is shutting down");
    if (Clock::now() >= deadline) {
      return std::unexpected("the bot did not connect in time");
    }
    if (give_up) {
      lock.unlock();
      const bool stop = give_up();
      lock.lock();
      if (stop) return std::unexpected("the bot exited before connecting");
    }
    cv_.wait_until(
        lock, std::min(deadline, Clock::now() + std::chrono::milliseconds(20)));
  }
}

void Server::Shutdown() {
  {
    std::lock_guard lock(mu_);
    if (shut_down_) return;
    shut_down_ = true;
  }
  cv_.notify_all();
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
    server_->Shutdown(std::chrono::system_clock::now() +
                      std::chrono::milliseconds(200));
  }
  {
    // Handshakes end within their own deadlines (sooner: calls are cancelled).
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return handshakes_ == 0; });
  }
  if (accept_cq_) accept_cq_->Shutdown();
  if (acceptor_.joinable()) acceptor_.join();
  if (!socket_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(socket_dir_, ec);
  }
}

}  // namespace arbiter
