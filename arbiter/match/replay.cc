#include "arbiter/match/replay.h"

#include <google/protobuf/util/message_differencer.h>

#include <memory>

#include "arbiter/games/zetema/wire/convert.h"
#include "arbiter/match/match.h"

namespace arbiter {
namespace {

namespace pb = zetema::v1;

std::string Compare(const google::protobuf::Message& expected,
                    const google::protobuf::Message& recorded) {
  google::protobuf::util::MessageDifferencer differ;
  std::string report;
  differ.ReportDifferencesToString(&report);
  return differ.Compare(expected, recorded) ? "" : report;
}

const char* FaultName(arbiter::v1::FaultReason r) {
  switch (r) {
    case arbiter::v1::FAULT_REASON_TIMEOUT:
      return "timeout";
    case arbiter::v1::FAULT_REASON_ILLEGAL_ACTION:
      return "illegal action";
    case arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE:
      return "malformed message";
    case arbiter::v1::FAULT_REASON_CRASH:
      return "crash";
    case arbiter::v1::FAULT_REASON_DISCONNECT:
      return "disconnect";
    case arbiter::v1::FAULT_REASON_STARTUP:
      return "startup";
    case arbiter::v1::FAULT_REASON_MEMORY_LIMIT:
      return "memory limit";
    case arbiter::v1::FAULT_REASON_PROCESS_LIMIT:
      return "process limit";
    default:
      return "unspecified";
  }
}

}  // namespace

std::expected<zetema::State, std::string> InitialState(
    const arbiter::v1::GameRecord& record) {
  auto rules = RulesetFromProto(record.ruleset());
  if (!rules) return std::unexpected(rules.error());
  zetema::GameConfig config;
  config.rules = std::make_shared<const zetema::Ruleset>(*rules);
  config.num_players = record.num_players();
  config.seed = record.seed();
  config.first_dealer = record.first_dealer();
  for (int i = 0; i < record.deals_size(); ++i) {
    const auto& deal = record.deals(i);
    if (deal.hand_number() != i + 1) {
      return std::unexpected("deals[" + std::to_string(i) + "]: hand_number " +
                             std::to_string(deal.hand_number()) +
                             ", expected " + std::to_string(i + 1));
    }
    auto deck = zetema::ParseCards(deal.deck());
    if (!deck) {
      return std::unexpected("deals[" + std::to_string(i) +
                             "].deck: " + deck.error());
    }
    config.decks.push_back(std::move(*deck));
  }
  return zetema::State::New(std::move(config));
}

std::vector<std::string> VerifyRecord(const arbiter::v1::GameRecord& record) {
  std::vector<std::string> diffs;
  const std::string id = "game " + record.game_id() + ": ";
  auto state = InitialState(record);
  if (!state) return {id + state.error()};
  if (record.seats_size() != record.num_players()) {
    diffs.push_back(id + "seats: " + std::to_string(record.seats_size()) +
                    " for " + std::to_string(record.num_players()) +
                    " players");
  }
  for (int i = 0; i < record.steps_size(); ++i) {
    const auto& step = record.steps(i);
    const std::string where = id + "step " + std::to_string(i) + ": ";
    if (state->IsTerminal()) {
      diffs.push_back(where + "the game was already over");
      return diffs;
    }
    if (step.seat() != state->CurrentPlayer()) {
      diffs.push_back(where + "seat " + std::to_string(step.seat()) +
                      " acts, but the engine asks seat " +
                      std::to_string(state->CurrentPlayer()));
      return diffs;
    }
    auto action = zetema::ParseAction(step.action());
    if (!action) {
      diffs.push_back(where + "'" + step.action() + "': " + action.error());
      return diffs;
    }
    if (step.strike() && !(state->LegalActions().front() == *action)) {
      diffs.push_back(where + "a strike must play the default action '" +
                      zetema::ActionToString(state->LegalActions().front()) +
                      "', not '" + step.action() + "'");
    }
    if (auto applied = state->Apply(*action); !applied) {
      diffs.push_back(where + "'" + step.action() +
                      "' is illegal: " + applied.error());
      return diffs;
    }
  }
  const auto& result = record.result();
  const bool forfeit = result.end_reason() == arbiter::v1::END_REASON_FORFEIT;
  if (!forfeit && !state->IsTerminal()) {
    diffs.push_back(id + "the steps end before the game does");
  }
  if (forfeit && state->IsTerminal()) {
    diffs.push_back(id + "a forfeit recorded after the game was over");
  }
  if (forfeit) {
    bool found = false;
    for (const auto& f : result.faults())
      found |= f.seat() == result.forfeit_seat();
    if (!found) diffs.push_back(id + "the forfeiting seat has no fault");
  }
  arbiter::v1::GameRecord rebuilt;
  *rebuilt.mutable_result() = result;
  FillOutcome(*state, forfeit ? result.forfeit_seat() : -1, &rebuilt);
  if (auto d = Compare(rebuilt.result(), result); !d.empty()) {
    diffs.push_back(id + "result differs:\n" + d);
  }
  if (rebuilt.deals_size() != record.deals_size()) {
    diffs.push_back(id + std::to_string(record.deals_size()) +
                    " deals recorded, " + std::to_string(rebuilt.deals_size()) +
                    " played");
  } else {
    for (int i = 0; i < rebuilt.deals_size(); ++i) {
      if (auto d = Compare(rebuilt.deals(i), record.deals(i)); !d.empty()) {
        diffs.push_back(id + "deal " + std::to_string(i + 1) + " differs:\n" +
                        d);
      }
    }
  }
  if (rebuilt.events_size() != record.events_size()) {
    diffs.push_back(id + std::to_string(record.events_size()) +
                    " events recorded, the engine gives " +
                    std::to_string(rebuilt.events_size()));
  } else {
    for (int i = 0; i < rebuilt.events_size(); ++i) {
      if (auto d = Compare(rebuilt.events(i), record.events(i)); !d.empty()) {
        diffs.push_back(id + "event " + std::to_string(i) + " differs:\n" + d);
        break;
      }
    }
  }
  return diffs;
}

std::expected<void, std::string> PrintGame(const arbiter::v1::GameRecord& record,
                                           int seat, std::ostream& out) {
  auto state = InitialState(record);
  if (!state) return std::unexpected(state.error());
  if (seat < -1 || seat >= record.num_players()) {
    return std::unexpected("--seat " + std::to_string(seat) +
                           ": the game has " +
                           std::to_string(record.num_players()) + " seats");
  }
  out << "game " << record.game_id() << " (" << record.ruleset().base() << ", "
      << record.num_players() << " players, seed " << record.seed() << ")";
  if (seat >= 0) out << " as seen by seat " << seat;
  out << "\n";
  for (const auto& s : record.seats()) {
    out << "  seat " << s.seat() << ": " << s.bot_name() << " "
        << s.bot_version() << " (team " << s.team() << ")\n";
  }
  const int viewer = seat;  // -1 shows every draw
  size_t shown = 0;
  auto show_events = [&] {
    const auto& events = state->Events();
    for (; shown < events.size(); ++shown) {
      out << "  " << zetema::EventToString(events[shown], viewer) << "\n";
    }
  };
  for (int i = 0; i < record.steps_size(); ++i) {
    show_events();
    const auto& step = record.steps(i);
    const int actor = state->CurrentPlayer();
    if (seat == -1 || seat == actor) {
      out << "  [seat " << actor << " holds " << state->Hand(actor).ToString()
          << "; piles " << state->Piles().ToString() << "; stock "
          << state->StockSize() << "]\n";
    }
    out << "step " << i << ": seat " << step.seat() << " " << step.action()
        << " (" << step.decision_us() / 1000.0 << " ms"
        << (step.strike() ? ", strike: played by the arbiter" : "") << ")\n";
    auto action = zetema::ParseAction(step.action());
    if (!action)
      return std::unexpected("step " + std::to_string(i) + ": " +
                             action.error());
    if (auto applied = state->Apply(*action); !applied) {
      return std::unexpected("step " + std::to_string(i) + ": " +
                             applied.error());
    }
  }
  show_events();
  const auto& r = record.result();
  for (const auto& f : r.faults()) {
    out << "fault: seat " << f.seat() << " " << FaultName(f.reason())
        << " at step " << f.step() << ": " << f.detail() << "\n";
  }
  out << "result: " << arbiter::v1::EndReason_Name(r.end_reason()) << ", winner "
      << r.winner() << ", scores";
  for (int v : r.scores()) out << " " << v;
  out << ", places";
  for (int v : r.places()) out << " " << v;
  out << ", " << r.hands_played() << " hands\n";
  return {};
}

}  // namespace arbiter
