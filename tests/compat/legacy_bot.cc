// A bot built from the protocol files of version 0.1 (proto-v0.1/, as they
// were released), to prove that protocol changes stay additive: it answers
// by index, by structured action and by text in turn, and checks every game
// end the way a 0.1 bot reads it (GameEnd.zetema as a zetema.v1.Result).
// It prints "legacy_bot: N games ok" when the arbiter says goodbye, and
// exits 3 on anything a 0.1 bot could not read.
#include <grpcpp/grpcpp.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "arbiter/v1/arbiter.grpc.pb.h"

namespace v1 = arbiter::v1;

int Fail(const std::string& what) {
  std::fprintf(stderr, "legacy_bot: FAIL %s\n", what.c_str());
  return 3;
}

int main() {
  const char* address = std::getenv("ZETEMA_ARBITER_ADDRESS");
  const char* token = std::getenv("ZETEMA_TOKEN");
  if (!address || !token) return Fail("no address or token");
  auto stub = v1::Arbiter::NewStub(
      grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  grpc::ClientContext context;
  auto stream = stub->Play(&context);
  v1::BotMessage hello;
  hello.mutable_hello()->set_token(token);
  hello.mutable_hello()->set_bot_name("legacy");
  hello.mutable_hello()->set_bot_version("0.1");
  hello.mutable_hello()->set_protocol_version(1);
  stream->Write(hello);
  int decisions = 0, games = 0, players = 0;
  v1::ArbiterMessage in;
  while (stream->Read(&in)) {
    if (in.has_error()) {
      if (in.error().code() != v1::ERROR_CODE_SHUTDOWN) {
        return Fail("error " + in.error().message());
      }
      break;
    }
    if (in.has_game_start()) {
      players = in.game_start().num_players();
      if (!in.game_start().has_zetema()) return Fail("no zetema game start");
    }
    if (in.has_game_end()) {
      const auto& r = in.game_end().zetema();
      if (r.scores_size() != players || r.places_size() != players ||
          r.end_reason() == 0) {
        return Fail("unreadable result: " + r.ShortDebugString());
      }
      ++games;
    }
    if (!in.has_decision_request()) continue;
    const auto& request = in.decision_request();
    const auto& legal = request.zetema().legal_actions();
    if (legal.empty()) return Fail("a decision with no legal action");
    v1::BotMessage out;
    auto* reply = out.mutable_action_reply();
    reply->set_request_id(request.request_id());
    const int pick = decisions % legal.size();
    switch (decisions++ % 3) {
      case 0:
        reply->set_index(pick);
        break;
      case 1:
        *reply->mutable_action() = legal[pick].action();
        break;
      default:
        reply->set_text(legal[pick].text());
    }
    if (!stream->Write(out)) break;
  }
  stream->WritesDone();
  stream->Finish();
  std::fprintf(stderr, "legacy_bot: %d games ok\n", games);
  return 0;
}
