// A minimal bot for the arbiter's tests and benchmark. It reads the address
// and token from ZETEMA_ARBITER_ADDRESS / ZETEMA_TOKEN (or --address,
// --token) and plays random legal actions, or misbehaves as told:
//
//   --mode=random|index|struct|text   how it answers (default random index)
//   --mode=crash|stall|late|slow|illegal|malformed|garbage|unknown-id|
//          duplicate|disconnect      misbehaviour from decision --after=N on
//   --mode=slow-once   slow at decision --after=N only
//   --mode=exit|silent|bad-version|bad-token|wrong-game   misbehaviour at
//          startup (wrong-game: its Hello declares pontoon only)
//   --mode=leave|hang-up   exits (status 3) or cancels its stream (and
//                          lives on) after its --after=N-th GameEnd
//   --marker=FILE --then=MODE   the process that creates FILE (the first
//          one to start, whatever its sandbox) runs --mode; every later one
//          runs --then: a bot that changes once restarted
//   --mode=stale-id|ignores-clock|two-seats|events-off-broken|
//          mishandles-pontoon|no-exit   the typical mistakes
//          `arbiter check-bot` must catch (see their block below)
//   --mode=chaos --chaos-rate=P [--chaos-kinds=crash,exit:Q,...]
//          misbehaves at random (below)
//   --delay-ms=N (slow, late, ignores-clock), --name=, --version=, --seed=
//   --linger-ms=N   waits this long after the stream ends before exiting
//
// Chaos (scripts/soak): each kind of --chaos-kinds (default all of crash,
// stall, slow, garbage, illegal, disconnect, exit; `kind:Q` gives it
// probability Q instead of --chaos-rate's P) happens with its probability
// at each moment it fits, the first that happens winning: `exit` (status
// 3) at a game's end, the others at a decision (crash: abort; stall: no
// answer; slow: answers after the decision's time_left_ms plus 1 s;
// garbage: unreadable text; illegal: a Zetema card the seat does not hold,
// in other games an index out of range; disconnect: cancels its stream and
// lives on). Otherwise it answers a random legal index of any game (its Hello
// declares Zetema, Pontoon and Scotch Whist). Its random stream comes from
// --seed and its token, so every process of a run draws its own. It logs
// each misbehaviour ("test_bot: chaos: stall at decision 12").
//
// It reads to the end of the stream and logs how it ended ("test_bot: end:
// last error 5, status 0"), and logs a SIGTERM it gets ("test_bot:
// SIGTERM") before exiting.
#include <fcntl.h>
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "arbiter/v1/arbiter.grpc.pb.h"

namespace {

namespace v1 = arbiter::v1;

struct Flags {
  std::string address, token, mode = "random", name = "test_bot", version = "1";
  std::string marker, then;
  int after = 1;
  int delay_ms = 0;
  int linger_ms = 0;
  uint64_t seed = 1;
  double chaos_rate = 0;
  std::string chaos_kinds = "crash,stall,slow,garbage,illegal,disconnect,exit";
};

Flags ParseFlags(int argc, char** argv) {
  Flags f;
  if (const char* a = std::getenv("ZETEMA_ARBITER_ADDRESS")) f.address = a;
  if (const char* t = std::getenv("ZETEMA_TOKEN")) f.token = t;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto eq = arg.find('=');
    const std::string key = arg.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
    if (key == "--address")
      f.address = value;
    else if (key == "--token")
      f.token = value;
    else if (key == "--mode")
      f.mode = value;
    else if (key == "--name")
      f.name = value;
    else if (key == "--version")
      f.version = value;
    else if (key == "--after")
      f.after = std::stoi(value);
    else if (key == "--delay-ms")
      f.delay_ms = std::stoi(value);
    else if (key == "--linger-ms")
      f.linger_ms = std::stoi(value);
    else if (key == "--seed")
      f.seed = std::stoull(value);
    else if (key == "--marker")
      f.marker = value;
    else if (key == "--then")
      f.then = value;
    else if (key == "--chaos-rate")
      f.chaos_rate = std::stod(value);
    else if (key == "--chaos-kinds")
      f.chaos_kinds = value;
    else {
      std::fprintf(stderr, "test_bot: unknown flag %s\n", arg.c_str());
      std::exit(2);
    }
  }
  if (!f.marker.empty()) {
    const int fd = ::open(f.marker.c_str(), O_CREAT | O_EXCL | O_WRONLY, 0666);
    if (fd >= 0) {
      ::close(fd);
    } else if (errno == EEXIST) {
      f.mode = f.then.empty() ? "random" : f.then;
    } else {
      std::fprintf(stderr, "test_bot: cannot create %s: %s\n", f.marker.c_str(),
                   std::strerror(errno));
      std::exit(2);
    }
  }
  return f;
}

// ------------------------------------------------------------------ chaos

enum class ChaosKind {
  kNone,
  kCrash,
  kStall,
  kSlow,
  kGarbage,
  kIllegal,
  kDisconnect,
  kExit
};

constexpr std::pair<std::string_view, ChaosKind> kChaosNames[] = {
    {"crash", ChaosKind::kCrash},     {"stall", ChaosKind::kStall},
    {"slow", ChaosKind::kSlow},       {"garbage", ChaosKind::kGarbage},
    {"illegal", ChaosKind::kIllegal}, {"disconnect", ChaosKind::kDisconnect},
    {"exit", ChaosKind::kExit}};

std::string_view ChaosName(ChaosKind kind) {
  for (const auto& [name, k] : kChaosNames)
    if (k == kind) return name;
  return "none";
}

// Draws the misbehaviour of each moment (see the top of the file).
class Chaos {
 public:
  // Exits with status 2 on a probability outside [0, 1] or an unknown kind.
  Chaos(double rate, std::string_view kinds, uint64_t seed,
        std::string_view token)
      : rng_(seed ^ std::hash<std::string_view>()(token)) {
    for (size_t begin = 0; begin <= kinds.size();) {
      const size_t end = std::min(kinds.find(',', begin), kinds.size());
      const std::string_view entry = kinds.substr(begin, end - begin);
      const std::string_view name = entry.substr(0, entry.find(':'));
      const auto* found =
          std::find_if(std::begin(kChaosNames), std::end(kChaosNames),
                       [&](const auto& known) { return known.first == name; });
      if (found == std::end(kChaosNames))
        Refuse("--chaos-kinds: unknown kind '" + std::string(name) + "'");
      double p = rate;
      if (name.size() < entry.size()) {
        const std::string text(entry.substr(name.size() + 1));
        char* rest = nullptr;
        p = std::strtod(text.c_str(), &rest);
        if (text.empty() || *rest != '\0') p = -1;  // refused below
      }
      if (!(p >= 0 && p <= 1))
        Refuse("--chaos-rate or --chaos-kinds: the probability of '" +
               std::string(name) + "' is not in 0..1");
      kinds_.emplace_back(found->second, p);
      begin = end + 1;
    }
  }

  // What to do at a decision: kNone (answer well) or a decision's kind.
  ChaosKind AtDecision() {
    for (const auto& [kind, p] : kinds_)
      if (kind != ChaosKind::kExit && Happens(p)) return kind;
    return ChaosKind::kNone;
  }
  bool AtGameEnd() {
    for (const auto& [kind, p] : kinds_)
      if (kind == ChaosKind::kExit && Happens(p)) return true;
    return false;
  }

 private:
  [[noreturn]] static void Refuse(const std::string& why) {
    std::fprintf(stderr, "test_bot: %s\n", why.c_str());
    std::exit(2);
  }
  bool Happens(double p) {
    return std::uniform_real_distribution<double>(0, 1)(rng_) < p;
  }

  std::mt19937_64 rng_;
  std::vector<std::pair<ChaosKind, double>> kinds_;
};

// ------------------------------------------------------------------------

void Sleep(int ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

void OnSigterm(int) {
  static const char kLine[] = "test_bot: SIGTERM\n";
  (void)!::write(2, kLine, sizeof kLine - 1);
  ::_exit(0);
}

}  // namespace

int main(int argc, char** argv) {
  const Flags f = ParseFlags(argc, argv);
  // Tests find the process through its log.
  std::fprintf(stderr, "test_bot pid %d mode %s\n", int(::getpid()),
               f.mode.c_str());
  std::fflush(stderr);
  if (f.mode == "exit") return 4;
  std::optional<Chaos> chaos;
  if (f.mode == "chaos")
    chaos.emplace(f.chaos_rate, f.chaos_kinds, f.seed, f.token);
  ::signal(SIGTERM, OnSigterm);
  if (f.address.empty()) {
    std::fprintf(stderr, "test_bot: no address (ZETEMA_ARBITER_ADDRESS)\n");
    return 2;
  }
  if (f.mode == "silent") {
    Sleep(600'000);
    return 0;
  }
  auto channel =
      grpc::CreateChannel(f.address, grpc::InsecureChannelCredentials());
  auto stub = v1::Arbiter::NewStub(channel);
  grpc::ClientContext context;
  auto stream = stub->Play(&context);
  v1::BotMessage hello;
  hello.mutable_hello()->set_token(f.mode == "bad-token" ? f.token + "-wrong"
                                                         : f.token);
  if (f.mode == "wrong-game") hello.mutable_hello()->add_games("pontoon");
  if (chaos) {
    for (const char* game : {"zetema", "pontoon", "scotch_whist"})
      hello.mutable_hello()->add_games(game);
  }
  hello.mutable_hello()->set_bot_name(f.name);
  hello.mutable_hello()->set_bot_version(f.version);
  hello.mutable_hello()->set_protocol_version(f.mode == "bad-version" ? 99 : 1);
  if (f.mode == "mishandles-pontoon") {
    hello.mutable_hello()->add_games("zetema");
    hello.mutable_hello()->add_games("pontoon");
  }
  stream->Write(hello);

  std::mt19937_64 rng(f.seed ^ uint64_t(::getpid()));
  int decisions = 0;
  int games_ended = 0;
  std::string last = "none";
  uint64_t previous_id = 0;       // stale-id
  bool awaiting_request = false;  // events-off-broken
  std::string game;               // mishandles-pontoon
  v1::ArbiterMessage in;
  while (stream->Read(&in)) {
    last = in.has_error() ? "error " + std::to_string(int(in.error().code()))
                          : "message " + std::to_string(in.message_case());
    if (in.has_error()) {
      std::fprintf(stderr, "test_bot: error %d: %s\n", int(in.error().code()),
                   in.error().message().c_str());
      continue;  // to the end of the stream
    }
    if (in.has_game_end() && chaos && chaos->AtGameEnd()) {
      std::fprintf(stderr, "test_bot: chaos: exit after game %d\n",
                   games_ended + 1);
      std::fflush(stderr);
      ::_exit(3);
    }
    if (in.has_game_end() && ++games_ended >= f.after) {
      std::fflush(stderr);
      if (f.mode == "leave") ::_exit(3);
      if (f.mode == "hang-up") {
        context.TryCancel();
        Sleep(600'000);
        return 0;
      }
    }
    // The typical mistakes, at a game's start or on its events.
    if (in.has_game_start()) {
      game = in.game_start().game();
      awaiting_request = true;
      if (f.mode == "two-seats" && in.game_start().num_players() > 2) {
        std::fprintf(stderr, "test_bot: only 2 seats, got %d\n",
                     int(in.game_start().num_players()));
        std::fflush(stderr);
        ::_exit(5);  // as a bot that indexes a 2-seat array would
      }
    }
    if (in.has_game_event() && awaiting_request &&
        f.mode == "events-off-broken") {
      // Written for events inside the request, with that setting off.
      std::fprintf(stderr, "test_bot: a GameEvent before a request\n");
      std::fflush(stderr);
      ::_exit(6);
    }
    if (!in.has_decision_request()) continue;
    awaiting_request = false;
    const auto& request = in.decision_request();
    const auto& legal = request.zetema().legal_actions();
    bool misbehave = ++decisions >= f.after;
    std::string_view mode = f.mode;
    int delay_ms = f.delay_ms;
    if (chaos) {
      mode = ChaosName(chaos->AtDecision());
      misbehave = mode != "none";
      delay_ms = int(request.time_left_ms()) + 1000;
      if (misbehave) {
        std::fprintf(stderr, "test_bot: chaos: %s at decision %d\n",
                     mode.data(), decisions);
        std::fflush(stderr);
      }
    }
    if (f.mode == "slow-once" && decisions == f.after) Sleep(f.delay_ms);
    v1::BotMessage out;
    auto* reply = out.mutable_action_reply();
    reply->set_request_id(request.request_id());
    const uint32_t count = request.num_legal_actions();
    const uint32_t pick = count == 0 ? 0 : uint32_t(rng() % count);
    reply->set_index(pick);
    if (f.mode == "struct") {
      *reply->mutable_action() = legal[pick].action();
    } else if (f.mode == "text") {
      reply->set_text(legal[pick].text());
    } else if (misbehave) {
      if (mode == "crash") std::abort();
      if (mode == "stall") continue;
      if (mode == "disconnect") {
        stream->WritesDone();
        context.TryCancel();
        Sleep(600'000);
        return 0;
      }
      if (mode == "late") {
        Sleep(delay_ms);  // past the limit, then answer anyway
      }
      if (mode == "slow") Sleep(delay_ms);
      if (mode == "illegal" && !request.has_zetema()) {
        reply->set_index(count);  // out of range
      } else if (mode == "illegal") {
        // Well-formed, but a card the seat does not hold.
        const auto& hand = request.zetema().observation().hand();
        for (const char* c : {"AH", "2H", "3H", "4H", "5H", "6H", "7H"}) {
          if (std::find(hand.begin(), hand.end(), c) == hand.end()) {
            reply->set_text(std::string("discard ") + c);
            break;
          }
        }
      }
      if (mode == "malformed") reply->clear_answer();
      if (mode == "garbage") reply->set_text("frobnicate the deck");
      if (mode == "unknown-id")
        reply->set_request_id(request.request_id() + 1000);
      if (mode == "duplicate") stream->Write(out);
    }
    // The typical mistakes `arbiter check-bot` catches: answering the
    // previous request's id, thinking --delay-ms whatever time is left,
    // answering out of range in a game it declares but does not play.
    if (misbehave && f.mode == "stale-id" && previous_id != 0) {
      reply->set_request_id(previous_id);
    }
    if (f.mode == "ignores-clock") Sleep(f.delay_ms);
    if (f.mode == "mishandles-pontoon" && game == "pontoon") {
      reply->set_index(request.num_legal_actions());
    }
    previous_id = request.request_id();
    if (!stream->Write(out)) break;
  }
  stream->WritesDone();
  const grpc::Status status = stream->Finish();
  std::fprintf(stderr, "test_bot: end: last %s, status %d %s\n", last.c_str(),
               int(status.error_code()), status.error_message().c_str());
  std::fflush(stderr);
  Sleep(f.linger_ms);
  if (f.mode == "no-exit") {
    // Ignores the end of its stream (and SHUTDOWN): waits for a signal.
    std::fprintf(stderr, "test_bot: does not exit\n");
    std::fflush(stderr);
    Sleep(600'000);
  }
  std::fprintf(stderr, "test_bot: exits by itself\n");
  return 0;
}
