#include "testing/fake_arbiter.h"

#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "zetema_bot/actions.h"

namespace zetema_bot::testing {

namespace v1 = arbiter::v1;

namespace {

// Test setup that cannot go on (asserts vanish in release builds).
void Check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fake arbiter: %s\n", what);
    std::abort();
  }
}

}  // namespace

class FakeArbiter::Service final : public v1::Arbiter::Service {
 public:
  explicit Service(Script script) : script_(std::move(script)) {}
  grpc::Status Play(grpc::ServerContext* context,
                    ServerStream* stream) override {
    return script_(context, stream);
  }

 private:
  Script script_;
};

FakeArbiter::FakeArbiter(Script script)
    : service_(std::make_unique<Service>(std::move(script))) {
  const char* tmp = std::getenv("TMPDIR");
  std::string tmpl =
      std::string(tmp && *tmp ? tmp : "/tmp") + "/zetema-sdk-test-XXXXXX";
  Check(::mkdtemp(tmpl.data()) != nullptr,
        "cannot create a temporary directory");
  dir_ = tmpl;
  address_ = "unix://" + dir_ + "/arbiter.sock";
  grpc::ServerBuilder builder;
  builder.AddListeningPort(address_, grpc::InsecureServerCredentials());
  builder.RegisterService(service_.get());
  server_ = builder.BuildAndStart();
  Check(server_ != nullptr, "cannot start the fake arbiter");
}

FakeArbiter::~FakeArbiter() {
  Shutdown();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

void FakeArbiter::Shutdown() {
  if (!server_) return;
  server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
  server_->Wait();
  server_.reset();
}

v1::ArbiterMessage Welcome(uint32_t protocol_version) {
  v1::ArbiterMessage m;
  m.mutable_welcome()->set_protocol_version(protocol_version);
  m.mutable_welcome()->set_arbiter_version("9.9.9");
  m.mutable_welcome()->set_player_name("player-from-arbiter");
  return m;
}

v1::ArbiterMessage GameStart(const std::string& game_id, int seat) {
  v1::ArbiterMessage m;
  auto* start = m.mutable_game_start();
  start->set_game_id(game_id);
  start->set_seat(seat);
  start->set_num_players(2);
  start->add_teams(0);
  start->add_teams(1);
  start->set_game("zetema");
  start->mutable_zetema()->set_first_dealer(1);
  start->mutable_zetema()->mutable_ruleset()->set_base("parlett");
  return m;
}

v1::ArbiterMessage GameEvents(const std::string& game_id, int count) {
  v1::ArbiterMessage m;
  m.mutable_game_event()->set_game_id(game_id);
  auto* events = m.mutable_game_event()->mutable_zetema();
  for (int i = 0; i < count; ++i) {
    auto* e = events->add_events();
    e->set_type(zetema::v1::EVENT_TYPE_DISCARD);
    e->set_seat(i % 2);
    e->set_card("9H");
    e->set_text(game_id + " event " + std::to_string(i));
  }
  return m;
}

v1::ArbiterMessage DecisionRequest(
    const std::string& game_id, uint64_t request_id,
    const std::vector<std::string>& legal_texts) {
  v1::ArbiterMessage m;
  auto* request = m.mutable_decision_request();
  request->set_request_id(request_id);
  request->set_game_id(game_id);
  request->set_time_left_ms(1500);
  auto* obs = request->mutable_zetema()->mutable_observation();
  obs->set_seat(1);
  obs->set_num_players(2);
  obs->set_current_player(1);
  obs->set_hand_number(1);
  for (const char* card : {"4S", "5H", "6D", "7C", "8S", "9H"}) {
    obs->add_hand(card);
  }
  for (const std::string& text : legal_texts) {
    auto* legal = request->mutable_zetema()->add_legal_actions();
    auto action = ParseAction(text);
    Check(action.has_value(), "a test's legal action must parse");
    *legal->mutable_action() = *action;
    legal->set_text(text);
    // Made-up points, distinct per action, for the SDK to pass through.
    legal->set_points(10 * request->zetema().legal_actions_size());
  }
  return m;
}

v1::ArbiterMessage GameEnd(const std::string& game_id, int winner) {
  v1::ArbiterMessage m;
  m.mutable_game_end()->set_game_id(game_id);
  m.mutable_game_end()->mutable_zetema()->set_winner(winner);
  return m;
}

v1::ArbiterMessage ErrorMessage(v1::ErrorCode code,
                                const std::string& message) {
  v1::ArbiterMessage m;
  m.mutable_error()->set_code(code);
  m.mutable_error()->set_message(message);
  return m;
}

}  // namespace zetema_bot::testing
