#include "arbiter/replay/replay.h"

#include <fmt/format.h>
#include <google/protobuf/util/message_differencer.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "arbiter/common/printable.h"
#include "arbiter/games/registry.h"
#include "arbiter/match/match.h"
#include "proto/arbiter/v1/fault_reasons.h"

namespace arbiter {
namespace {

// At most this many lines of one difference report.
constexpr size_t kReportLines = 12;

std::string Compare(const google::protobuf::Message& expected,
                    const google::protobuf::Message& recorded) {
  google::protobuf::util::MessageDifferencer differ;
  std::string report;
  differ.ReportDifferencesToString(&report);
  if (differ.Compare(expected, recorded)) return "";
  size_t pos = 0;
  for (size_t lines = 0; lines < kReportLines && pos != std::string::npos;
       ++lines) {
    pos = report.find('\n', pos + 1);
  }
  if (pos != std::string::npos && pos + 1 < report.size()) {
    report = report.substr(0, pos + 1) + "...\n";
  }
  return report;
}

std::string BotOf(const v1::GameRecord& record, int seat) {
  return seat >= 0 && seat < record.seats_size() ? record.seats(seat).bot_name()
                                                 : "?";
}

// The bot's name for a terminal: records may hold anything (printable.h).
std::string ShownBot(const v1::GameRecord& record, int seat) {
  return TerminalSafe(BotOf(record, seat));
}

// "seat 2" becomes "seat 2 (greedy)" in a game's event text.
std::string WithBots(const v1::GameRecord& record, const std::string& text) {
  static const std::regex kSeat("seat (\\d+)");
  std::string out;
  auto begin = std::sregex_iterator(text.begin(), text.end(), kSeat);
  size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    out += text.substr(last, m.position() + m.length() - last);
    out += " (" + ShownBot(record, std::stoi(m[1].str())) + ")";
    last = m.position() + m.length();
  }
  return out + text.substr(last);
}

// Plays step `i` of `record` on `state`; the error says why it cannot.
std::expected<int, std::string> StepAction(const v1::GameRecord& record, int i,
                                           const game::State& state) {
  const auto& step = record.steps(i);
  const std::string where = fmt::format("step {}: ", i);
  if (state.IsTerminal()) return std::unexpected(where + "the game was over");
  if (step.seat() != state.CurrentSeat()) {
    return std::unexpected(
        fmt::format("{}seat {} acts, but the game asks seat {}", where,
                    step.seat(), state.CurrentSeat()));
  }
  // The errors quote the record's text: kept safe for a terminal.
  auto index = state.ParseText(step.action());
  if (!index) {
    return std::unexpected(where + TerminalSafe(index.error().detail));
  }
  if (step.strike() && *index != 0) {
    return std::unexpected(fmt::format(
        "{}a strike must play the default action '{}', not '{}'", where,
        state.LegalActionText(0), TerminalSafe(step.action())));
  }
  return *index;
}

std::string Scores(const game::State& state) {
  const game::Outcome o = state.GetOutcome();
  std::string out;
  for (size_t s = 0; s < o.scores.size(); ++s) {
    out += fmt::format("{}{}", s ? " " : "", o.scores[s]);
  }
  if (o.team_scores.size() < o.scores.size()) {
    out += "; teams";
    for (int t : o.team_scores) out += fmt::format(" {}", t);
  }
  return out;
}

// The cards every seat holds (those `viewer` may see; others face down).
void PrintHands(const v1::GameRecord& record, const game::State& state,
                int viewer, std::ostream& out) {
  for (const game::Zone& z : state.View().zones) {
    if (z.owner < 0) continue;
    std::string cards;
    for (size_t i = 0; i < z.cards.size(); ++i) {
      const bool seen =
          viewer == game::kOmniscient || ((z.seen_by[i] >> viewer) & 1) != 0;
      cards += (cards.empty() ? "" : " ") + (seen ? z.cards[i] : "##");
    }
    out << fmt::format("    seat {} ({}) {}: {}\n", z.owner,
                       ShownBot(record, z.owner), z.name, cards);
  }
}

}  // namespace

std::expected<std::unique_ptr<game::State>, std::string> InitialState(
    const v1::GameRecord& record) {
  auto type = game::RecordGame(record);
  if (!type) return std::unexpected(type.error());
  auto game = (*type)->FromRecord(record);
  if (!game) return std::unexpected(game.error());
  return (*game)->NewState(game::SetupFromRecord(record));
}

std::vector<std::string> VerifyRecord(const v1::GameRecord& record) {
  const std::string id = "game " + TerminalSafe(record.game_id()) + ": ";
  auto initial = InitialState(record);
  if (!initial) return {id + initial.error()};
  game::State& state = **initial;
  std::vector<std::string> diffs;
  if (record.seats_size() != record.num_players()) {
    diffs.push_back(fmt::format("{}seats: {} for {} players", id,
                                record.seats_size(), record.num_players()));
  }
  for (int i = 0; i < record.steps_size(); ++i) {
    auto action = StepAction(record, i, state);
    if (!action) {
      diffs.push_back(id + action.error());
      return diffs;
    }
    state.Apply(*action);
  }
  const auto& result = record.result();
  const bool forfeit = result.end_reason() == v1::END_REASON_FORFEIT;
  if (!forfeit && !state.IsTerminal()) {
    diffs.push_back(id + "the steps end before the game does");
  }
  if (forfeit && state.IsTerminal()) {
    diffs.push_back(id + "a forfeit recorded after the game was over");
  }
  if (forfeit) {
    bool found = false;
    for (const auto& f : result.faults()) {
      found |= f.seat() == result.forfeit_seat();
    }
    if (!found) diffs.push_back(id + "the forfeiting seat has no fault");
  }
  // What the game decides, rebuilt over a copy of the record: any other
  // difference is a tampered or corrupt record.
  v1::GameRecord rebuilt = record;
  FillOutcome(state, forfeit ? result.forfeit_seat() : -1, &rebuilt);
  // Records of version 0.1 have no first_mover.
  if (!record.has_first_mover()) rebuilt.clear_first_mover();
  if (auto d = Compare(rebuilt.result(), result); !d.empty()) {
    diffs.push_back(id + "result differs:\n" + d);
  }
  *rebuilt.mutable_result() = result;
  if (auto d = Compare(rebuilt, record); !d.empty()) {
    diffs.push_back(id + "the game's deals or events differ:\n" + d);
  }
  return diffs;
}

std::expected<void, std::string> PrintGame(const v1::GameRecord& record,
                                           int seat, std::ostream& out) {
  auto initial = InitialState(record);
  if (!initial) return std::unexpected(initial.error());
  game::State& state = **initial;
  if (seat < -1 || seat >= record.num_players()) {
    return std::unexpected(fmt::format("--seat {}: the game has {} seats", seat,
                                       record.num_players()));
  }
  const int viewer = seat < 0 ? game::kOmniscient : seat;
  const auto& r = record.result();
  out << fmt::format(
      "game {} ({}, {} players, seed {})", TerminalSafe(record.game_id()),
      (*game::RecordGame(record))->Name(), record.num_players(), record.seed());
  out << (seat >= 0 ? fmt::format(" as seen by seat {}\n", seat) : "\n");
  for (const auto& s : record.seats()) {
    out << fmt::format("  seat {}: {} {} (team {})\n", s.seat(),
                       TerminalSafe(s.bot_name()),
                       TerminalSafe(s.bot_version()), s.team());
  }
  int shown = 0;
  int hand = 0;
  auto show_events = [&] {
    for (; shown < state.NumEvents(); ++shown) {
      out << "  " << WithBots(record, state.EventText(shown, viewer)) << "\n";
    }
    const int now = state.GetOutcome().hands_played;
    if (now != hand) {
      if (hand > 0) {
        out << fmt::format("  scores after hand {}: {}\n", hand, Scores(state));
      }
      hand = now;
      if (!state.IsTerminal()) {
        out << fmt::format("  hand {}, the cards held as it starts:\n", hand);
        PrintHands(record, state, viewer, out);
      }
    }
  };
  for (int i = 0; i < record.steps_size(); ++i) {
    show_events();
    auto action = StepAction(record, i, state);
    if (!action) return std::unexpected(action.error());
    const auto& step = record.steps(i);
    out << fmt::format("step {}: seat {} ({}) {} ({:.1f} ms{})\n", i,
                       step.seat(), ShownBot(record, step.seat()),
                       TerminalSafe(step.action()), step.decision_us() / 1000.0,
                       step.strike() ? ", strike: played by the arbiter" : "");
    state.Apply(*action);
  }
  show_events();
  for (const auto& f : r.faults()) {
    out << fmt::format("fault: seat {} ({}) {} {}: {}\n", f.seat(),
                       ShownBot(record, f.seat()), FaultReasonName(f.reason()),
                       FaultStepText(f.step()), TerminalSafe(f.detail()));
  }
  out << fmt::format("result: {}, winner {}, scores",
                     v1::EndReason_Name(r.end_reason()), r.winner());
  for (int v : r.scores()) out << " " << v;
  if (r.team_scores_size() < r.scores_size()) {
    out << ", team totals";
    for (int v : r.team_scores()) out << " " << v;
  }
  out << ", places";
  for (int v : r.places()) out << " " << v;
  out << fmt::format(", {} hands\n", r.hands_played());
  return {};
}

std::expected<void, std::string> PrintGameJson(const v1::GameRecord& record,
                                               int seat, std::ostream& out) {
  auto initial = InitialState(record);
  if (!initial) return std::unexpected(initial.error());
  game::State& state = **initial;
  if (seat < -1 || seat >= record.num_players()) {
    return std::unexpected(fmt::format("--seat {}: the game has {} seats", seat,
                                       record.num_players()));
  }
  const int viewer = seat < 0 ? game::kOmniscient : seat;
  int shown = 0;
  auto events = [&] {
    nlohmann::json list = nlohmann::json::array();
    for (; shown < state.NumEvents(); ++shown) {
      list.push_back(state.EventText(shown, viewer));
    }
    return list;
  };
  nlohmann::json start = {{"game_id", record.game_id()}, {"events", events()}};
  out << start.dump() << "\n";
  for (int i = 0; i < record.steps_size(); ++i) {
    auto action = StepAction(record, i, state);
    if (!action) return std::unexpected(action.error());
    const auto& step = record.steps(i);
    state.Apply(*action);
    nlohmann::json line = {{"step", i},
                           {"seat", step.seat()},
                           {"bot", BotOf(record, step.seat())},
                           {"action", step.action()},
                           {"decision_ms", step.decision_us() / 1000.0},
                           {"strike", step.strike()},
                           {"events", events()},
                           {"scores", state.GetOutcome().scores}};
    out << line.dump() << "\n";
  }
  const auto& r = record.result();
  auto list = [](const auto& repeated) {
    return std::vector<int>(repeated.begin(), repeated.end());
  };
  nlohmann::json end = {{"result", v1::EndReason_Name(r.end_reason())},
                        {"winner", r.winner()},
                        {"scores", list(r.scores())},
                        {"team_scores", list(r.team_scores())},
                        {"places", list(r.places())}};
  nlohmann::json faults = nlohmann::json::array();
  for (const auto& f : r.faults()) {
    faults.push_back({{"seat", f.seat()},
                      {"bot", BotOf(record, f.seat())},
                      {"reason", FaultReasonName(f.reason())},
                      {"step", f.step()},
                      {"detail", f.detail()}});
  }
  end["faults"] = faults;
  out << end.dump() << "\n";
  return {};
}

}  // namespace arbiter
