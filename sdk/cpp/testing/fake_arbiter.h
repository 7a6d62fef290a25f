// An in-process stand-in for the arbiter's gRPC server, for the SDK's tests:
// it listens on a Unix socket in a fresh private directory and runs a script
// (the test's own Play handler) for every stream.
#ifndef ZETEMA_BOT_TESTING_FAKE_ARBITER_H_
#define ZETEMA_BOT_TESTING_FAKE_ARBITER_H_

#include <grpcpp/grpcpp.h>

#include <functional>
#include <memory>
#include <string>

#include "arbiter/v1/arbiter.grpc.pb.h"

namespace zetema_bot::testing {

using ServerStream = grpc::ServerReaderWriter<arbiter::v1::ArbiterMessage,
                                              arbiter::v1::BotMessage>;
using Script = std::function<grpc::Status(grpc::ServerContext*, ServerStream*)>;

class FakeArbiter {
 public:
  explicit FakeArbiter(Script script);
  ~FakeArbiter();
  FakeArbiter(const FakeArbiter&) = delete;
  FakeArbiter& operator=(const FakeArbiter&) = delete;

  // "unix:///tmp/zetema-sdk-test-XXXXXX/arbiter.sock"
  const std::string& address() const { return address_; }
  // Waits for running scripts (cancelling them after a grace period), so
  // that what they recorded may be read safely.
  void Shutdown();

 private:
  class Service;
  std::string dir_;
  std::string address_;
  std::unique_ptr<Service> service_;
  std::unique_ptr<grpc::Server> server_;
};

// Message builders for scripts.
arbiter::v1::ArbiterMessage Welcome(uint32_t protocol_version = 1);
arbiter::v1::ArbiterMessage GameStart(const std::string& game_id, int seat);
// `count` discard events; event i has the text "GAME_ID event i".
arbiter::v1::ArbiterMessage GameEvents(const std::string& game_id, int count);
// A decision whose legal actions are the given docs/rules/zetema.md texts.
arbiter::v1::ArbiterMessage DecisionRequest(
    const std::string& game_id, uint64_t request_id,
    const std::vector<std::string>& legal_texts);
arbiter::v1::ArbiterMessage GameEnd(const std::string& game_id, int winner);
arbiter::v1::ArbiterMessage ErrorMessage(arbiter::v1::ErrorCode code,
                                         const std::string& message);

}  // namespace zetema_bot::testing

#endif  // ZETEMA_BOT_TESTING_FAKE_ARBITER_H_
