#include "arbiter/conformance/hello_check.h"

#include <algorithm>

#include "arbiter/conformance/escape.h"
#include "arbiter/game/registry.h"

namespace arbiter::conformance {
namespace {

std::string Shown(const std::string& text) {
  return "'" + EscapeForTerminal(text, kMaxHelloText) + "'";
}

// A problem with a name or version, or "".
std::string TextProblem(const char* field, const std::string& text) {
  const std::string where = std::string("Hello.") + field;
  if (text.empty()) return where + " is empty";
  if (text.size() > kMaxHelloText) {
    return where + " is " + std::to_string(text.size()) +
           " bytes long (at most " + std::to_string(kMaxHelloText) + ")";
  }
  const bool printable = std::all_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f;
  });
  if (!printable) return where + " " + Shown(text) + " has control characters";
  return "";
}

// The games `hello` declares: none means the default game.
std::vector<std::string> Declared(const v1::Hello& hello) {
  if (hello.games().empty()) return {std::string(game::DefaultGame().Name())};
  return {hello.games().begin(), hello.games().end()};
}

}  // namespace

std::vector<std::string> CheckHello(const v1::Hello& hello) {
  std::vector<std::string> problems;
  for (auto [field, text] : {std::pair{"bot_name", &hello.bot_name()},
                             std::pair{"bot_version", &hello.bot_version()}}) {
    if (auto p = TextProblem(field, *text); !p.empty()) problems.push_back(p);
  }
  int unknown = 0;
  for (const auto& name : hello.games()) {
    if (game::FindGame(name)) continue;
    // A hostile Hello may name thousands.
    if (++unknown <= kMaxUnknownGames) {
      problems.push_back("Hello.games names " + Shown(name) +
                         ", which this arbiter does not know");
    }
  }
  if (unknown > kMaxUnknownGames) {
    problems.push_back("Hello.games names " +
                       std::to_string(unknown - kMaxUnknownGames) +
                       " more unknown games");
  }
  return problems;
}

std::vector<std::string> GamesToCheck(const v1::Hello& hello,
                                      const std::vector<std::string>& wanted,
                                      std::vector<std::string>* problems) {
  const std::vector<std::string> declared = Declared(hello);
  std::vector<std::string> games;
  for (const auto& name : wanted.empty() ? declared : wanted) {
    if (!game::FindGame(name)) continue;  // CheckHello names it
    if (std::find(declared.begin(), declared.end(), name) == declared.end()) {
      problems->push_back("its Hello does not declare " + name + " (" +
                          (hello.games().empty()
                               ? "it declares no game, which means " +
                                     declared.front() + " only"
                               : "Hello.games") +
                          ")");
      continue;
    }
    if (std::find(games.begin(), games.end(), name) == games.end()) {
      games.push_back(name);
    }
  }
  return games;
}

std::string DescribeHello(const v1::Hello& hello) {
  std::string games;
  for (const auto& g : Declared(hello)) {
    games += " " + EscapeForTerminal(g, kMaxHelloText);
  }
  return EscapeForTerminal(hello.bot_name(), kMaxHelloText) + " " +
         EscapeForTerminal(hello.bot_version(), kMaxHelloText) + ", protocol " +
         std::to_string(hello.protocol_version()) + ", games" + games +
         ", events " +
         (hello.events_in_request() ? "inside requests"
                                    : "as GameEvent messages");
}

}  // namespace arbiter::conformance
