#include "arbiter/report/game_list.h"

#include <cctype>
#include <map>
#include <utility>
#include <vector>

#include "arbiter/common/printable.h"
#include "proto/arbiter/v1/fault_reasons.h"

namespace arbiter::report {
namespace {

using arbiter::v1::GameRecord;

int At(const google::protobuf::RepeatedField<int32_t>& list, int i) {
  return i >= 0 && i < list.size() ? list[i] : 0;
}

// "target" for END_REASON_TARGET.
std::string EndName(arbiter::v1::EndReason reason) {
  std::string end = arbiter::v1::EndReason_Name(reason);
  if (end.starts_with("END_REASON_")) end = end.substr(11);
  for (char& c : end) c = char(std::tolower(c));
  return end;
}

// Faults by seat and reason: "  [BOT: N x REASON, first at step S]" each.
std::string FaultsText(const GameRecord& r) {
  std::map<std::pair<int, int>, std::pair<int, int>> faults;
  for (const auto& f : r.result().faults()) {
    auto [it, fresh] =
        faults.try_emplace({f.seat(), int(f.reason())}, 0, f.step());
    ++it->second.first;
  }
  std::string text;
  for (const auto& [key, count] : faults) {
    const auto [seat, reason] = key;
    const std::string bot = seat >= 0 && seat < r.seats_size()
                                ? TerminalSafe(r.seats(seat).bot_name())
                                : "seat " + std::to_string(seat);
    text += "  [" + bot + ": " +
            (count.first > 1 ? std::to_string(count.first) + " x " : "") +
            FaultReasonName(arbiter::v1::FaultReason(reason)) +
            (count.first > 1 ? ", first" : "") + " " +
            FaultStepText(count.second) + "]";
  }
  return text;
}

}  // namespace

bool Listed(const GameFilter& filter, const GameRecord& r) {
  if (filter.faults && r.result().faults().empty()) return false;
  if (filter.bot.empty()) return true;
  for (const auto& seat : r.seats()) {
    if (seat.bot_name() != filter.bot) continue;
    const bool first = At(r.result().places(), seat.seat()) == 1;
    if ((filter.won && !first) || (filter.lost && first)) continue;
    return true;
  }
  return false;
}

std::string GameLine(const GameRecord& r) {
  const auto& result = r.result();
  std::string line =
      TerminalSafe(r.game_id()) + "  " + TerminalSafe(r.game()) + " ";
  for (const auto& seat : r.seats()) {
    line += " " + TerminalSafe(seat.bot_name()) + " " +
            std::to_string(At(result.scores(), seat.seat())) + " #" +
            std::to_string(At(result.places(), seat.seat()));
  }
  return line + "  " + EndName(result.end_reason()) + FaultsText(r);
}

nlohmann::json GameLineJson(const GameRecord& r) {
  const auto& result = r.result();
  nlohmann::json seats = nlohmann::json::array();
  for (const auto& seat : r.seats()) {
    seats.push_back({{"seat", seat.seat()},
                     {"bot", seat.bot_name()},
                     {"team", seat.team()},
                     {"score", At(result.scores(), seat.seat())},
                     {"place", At(result.places(), seat.seat())}});
  }
  nlohmann::json faults = nlohmann::json::array();
  for (const auto& f : result.faults()) {
    faults.push_back({{"seat", f.seat()},
                      {"reason", FaultReasonName(f.reason())},
                      {"step", f.step()},
                      {"detail", f.detail()}});
  }
  return {{"game_id", r.game_id()},
          {"game", r.game()},
          {"seats", seats},
          {"end", arbiter::v1::EndReason_Name(result.end_reason())},
          {"winner", result.winner()},
          {"team_scores", std::vector<int>(result.team_scores().begin(),
                                           result.team_scores().end())},
          {"steps", r.steps_size()},
          {"faults", faults}};
}

bool NamesGame(const std::string& id, const std::string& name) {
  if (id == name) return true;
  const size_t dash = id.find('-');
  return dash != std::string::npos && id.compare(dash + 1, id.npos, name) == 0;
}

}  // namespace arbiter::report
