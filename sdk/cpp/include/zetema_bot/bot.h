// The C++ bot SDK: connect to the arbiter, say hello, and play every game
// the arbiter sends through one callback.
//
//   #include "zetema_bot/bot.h"
//   int main(int argc, char** argv) {
//     return zetema_bot::Run(argc, argv, [](const zetema_bot::Decision& d) {
//       return 0;  // the first legal action
//     }, {.name = "first", .version = "1.0"});
//   }
//
// The address and token come from ZETEMA_ARBITER_ADDRESS and ZETEMA_TOKEN,
// or from --address and --token (flags win). See docs/sdk-cpp.md.
#ifndef ZETEMA_BOT_BOT_H_
#define ZETEMA_BOT_BOT_H_

#include <chrono>
#include <concepts>
#include <cstdint>
#include <expected>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "arbiter/v1/arbiter.pb.h"
#include "zetema/v1/zetema.pb.h"
#include "zetema_bot/actions.h"
#include "zetema_bot/cards.h"

namespace zetema_bot {

// The protocol version this SDK speaks (Hello.protocol_version).
inline constexpr uint32_t kProtocolVersion = 1;
inline constexpr char kAddressEnv[] = "ZETEMA_ARBITER_ADDRESS";
inline constexpr char kTokenEnv[] = "ZETEMA_TOKEN";

struct BotInfo {
  std::string name;
  std::string version;
  // The games this bot plays, sent in its Hello (Hello.games) by the names
  // of GameStart.game: "zetema", "pontoon", "scotch_whist", "high_card".
  // Empty means Zetema only. The arbiter refuses a bot for a game it does
  // not declare, before any game. Decisions of games other than Zetema go
  // to Hooks::other_game_decision.
  std::vector<std::string> games;
};

// One decision: what the seat sees and every legal action. Everything here
// is borrowed from the SDK and valid only during the callback.
struct Decision {
  // The GameStart of the current game: seat, players, teams, ruleset, clock.
  const arbiter::v1::GameStart& game;
  // The raw request: request_id, time_left_ms, move_limit_ms, bank_ms.
  const arbiter::v1::DecisionRequest& request;
  // The seat's view. Its `history` holds every public event of this game so
  // far, in engine order (the SDK accumulates the streamed GameEvents).
  const zetema::v1::Observation& observation;
  // Every distinct legal action: structured (`action()`), as
  // docs/rules/zetema.md text (`text()`), and the points it scores as played
  // (`points()`). The callback answers with an index into this list.
  const google::protobuf::RepeatedPtrField<zetema::v1::LegalAction>&
      legal_actions;

  int size() const { return legal_actions.size(); }
  const std::string& text(int index) const {
    return legal_actions.Get(index).text();
  }
  const zetema::v1::Action& action(int index) const {
    return legal_actions.Get(index).action();
  }
  // What playing legal action `index` scores now: a declaration's points,
  // plus a zetema its discard completes; 0 for a plain discard.
  int points(int index) const { return legal_actions.Get(index).points(); }
  uint32_t time_left_ms() const { return request.time_left_ms(); }
  // The index of the legal action that is the same action as `action_text`
  // (see SameAction), or nullopt if none is or the text does not parse.
  std::optional<int> Find(std::string_view action_text) const;
  // The observation and the numbered legal actions as readable text, one
  // item per line. Built on each call: meant for debugging and text bots.
  std::string ToText() const;
};

// The observation alone as text (see Decision::ToText).
std::string ObservationText(const zetema::v1::Observation& observation);

// What a callback returns: an index into the legal actions, an action as
// docs/rules/zetema.md text, or a structured action. Converts implicitly from
// each.
class Answer {
 public:
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  Answer(T index) : value_(int64_t(index)) {}
  Answer(std::string text) : value_(std::move(text)) {}
  Answer(std::string_view text) : value_(std::string(text)) {}
  Answer(const char* text) : value_(std::string(text)) {}
  Answer(zetema::v1::Action action) : value_(std::move(action)) {}

  const int64_t* index() const { return std::get_if<int64_t>(&value_); }
  const std::string* text() const { return std::get_if<std::string>(&value_); }
  const zetema::v1::Action* action() const {
    return std::get_if<zetema::v1::Action>(&value_);
  }

 private:
  std::variant<int64_t, std::string, zetema::v1::Action> value_;
};

using Callback = std::function<Answer(const Decision&)>;

// A decision of any game but Zetema, for Hooks::other_game_decision;
// borrowed like Decision. Every game lists its legal actions: answer with an
// index below size(), or with one of them as text. The game's own member of
// request.decision() holds its typed observation and legal actions
// (request.pontoon(), request.scotch_whist(), or request.text() for a game
// without typed messages).
struct GameDecision {
  const arbiter::v1::GameStart& game;
  const arbiter::v1::DecisionRequest& request;

  // The game's name, as declared in BotInfo::games.
  const std::string& name() const { return game.game(); }
  int size() const { return int(request.num_legal_actions()); }
  // Legal action `index` in the game's text notation ("twist", "play TH");
  // "" if the request does not list it.
  std::string_view text(int index) const;
  // What playing legal action `index` scores now (0 when nothing).
  int points(int index) const {
    return index >= 0 && index < request.legal_action_points_size()
               ? request.legal_action_points(index)
               : 0;
  }
  uint32_t time_left_ms() const { return request.time_left_ms(); }
};

// Optional notifications; any may be left empty.
struct Hooks {
  std::function<void(const arbiter::v1::Welcome&)> on_welcome;
  std::function<void(const arbiter::v1::GameStart&)> on_game_start;
  // Each public event, in order, before it joins observation.history.
  std::function<void(const arbiter::v1::GameStart&, const zetema::v1::Event&)>
      on_event;
  // A decision of a game other than Zetema (one of BotInfo::games),
  // answered by an index into its legal actions or by one of them as text.
  // Without it, such a decision ends the session with kProtocol.
  std::function<Answer(const GameDecision&)> other_game_decision;
  // The public events of a game other than Zetema, each batch as it comes
  // (its game's member of GameEvent.events).
  std::function<void(const arbiter::v1::GameStart&,
                     const arbiter::v1::GameEvent&)>
      other_game_events;
  // GameEnd.outcome() holds the result of every game (scores, places,
  // faults); Zetema's GameEnd.zetema() repeats it.
  std::function<void(const arbiter::v1::GameStart&,
                     const arbiter::v1::GameEnd&)>
      on_game_end;
};

enum class ErrorCode {
  kUsage,            // bad flag, or no address or token
  kConnect,          // could not reach the arbiter
  kVersionMismatch,  // the arbiter speaks another protocol version
  kBadToken,         // the arbiter refused the token
  kArbiterError,     // another Error from the arbiter
  kStreamBroken,     // the stream failed (arbiter gone, network)
  kProtocol,         // the arbiter sent something this SDK cannot follow
  kCallback,         // the callback or a hook threw
};

struct Error {
  ErrorCode code;
  std::string message;
};

std::string_view ErrorCodeName(ErrorCode code);
// The process exit status for an error (0 is a clean end), as in the Python
// SDK: 2 usage, 3 connect or stream broken, 4 arbiter error or protocol,
// 5 version mismatch, 6 bad token, 1 callback.
int ExitCode(ErrorCode code);

struct Options {
  std::string address;  // a gRPC target: "unix:///path/sock", "host:port"
  std::string token;
  std::chrono::milliseconds connect_timeout{10000};
  bool help = false;
  // Arguments the SDK does not know, in order, for the bot to read.
  std::vector<std::string> args;
};

// Reads ZETEMA_ARBITER_ADDRESS and ZETEMA_TOKEN, then the flags
// --address, --token, --connect-timeout-ms (as "--flag value" or
// "--flag=value") and --help. Unknown arguments go to Options::args.
std::expected<Options, Error> ParseOptions(int argc, const char* const* argv);
// The usage text for the SDK's flags.
std::string Usage(std::string_view program);

struct SessionSummary {
  std::string arbiter_version;
  std::string player_name;  // the name the arbiter knows this bot by
  int games_started = 0;
  int games_ended = 0;
  int64_t decisions = 0;
};

// Connects, says hello and plays until the arbiter ends the stream (a clean
// close or Error SHUTDOWN). Needs an address and a token.
std::expected<SessionSummary, Error> RunSession(const Options& options,
                                                const BotInfo& info,
                                                const Callback& callback,
                                                const Hooks& hooks = {});

// RunSession with the options given, errors printed to stderr; returns the
// process exit status (0 on a clean end, see ExitCode). Arguments left in
// options.args are a usage error.
int Run(const Options& options, Callback callback, BotInfo info,
        Hooks hooks = {});
// The same, with the options parsed from the command line and environment.
int Run(int argc, char** argv, Callback callback, BotInfo info,
        Hooks hooks = {});

}  // namespace zetema_bot

#endif  // ZETEMA_BOT_BOT_H_
