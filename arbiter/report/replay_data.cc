#include "arbiter/report/replay_data.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <unordered_map>

#include "arbiter/games/registry.h"
#include "arbiter/replay/replay.h"
#include "proto/arbiter/v1/fault_reasons.h"

namespace arbiter::report {
namespace {

using nlohmann::json;

// Strings kept once per game: events repeat across viewers, legal actions
// across steps.
class TextTable {
 public:
  int Index(const std::string& text) {
    auto [it, added] = index_.try_emplace(text, int(texts_.size()));
    if (added) texts_.push_back(text);
    return it->second;
  }
  json ToJson() const { return texts_; }

 private:
  std::unordered_map<std::string, int> index_;
  std::vector<std::string> texts_;
};

// Distinct zone contents: consecutive positions share most zones, so a
// position is a list of indices into this table.
class ZoneTable {
 public:
  int Index(const game::Zone& z) {
    std::string key = fmt::format("{}\x1f{}\x1f", z.name, z.owner);
    std::string cards;
    for (size_t i = 0; i < z.cards.size(); ++i) {
      cards += (i ? " " : "") + z.cards[i];
    }
    key += cards + "\x1f";
    for (uint32_t s : z.seen_by) key += fmt::format("{},", s);
    auto [it, added] = index_.try_emplace(key, int(zones_.size()));
    if (added) zones_.push_back(json::array({z.name, z.owner, cards, Seen(z)}));
    return it->second;
  }
  json ToJson() const { return zones_; }

 private:
  // One mask for the whole zone when every card has it.
  static json Seen(const game::Zone& z) {
    const bool uniform =
        std::all_of(z.seen_by.begin(), z.seen_by.end(),
                    [&](uint32_t s) { return s == z.seen_by.front(); });
    if (uniform) return z.seen_by.empty() ? game::kSeenByAll : z.seen_by[0];
    return z.seen_by;
  }
  std::unordered_map<std::string, int> index_;
  json zones_ = json::array();
};

// Counters by (name, owner), in order of first appearance.
class CounterTable {
 public:
  json Values(const std::vector<game::Counter>& counters) {
    json values = json::array();
    for (const game::Counter& c : counters) {
      const std::string key = fmt::format("{}\x1f{}", c.name, c.owner);
      auto [it, added] = index_.try_emplace(key, int(keys_.size()));
      if (added) keys_.push_back(json::array({c.name, c.owner}));
      while (values.size() <= size_t(it->second)) values.push_back(nullptr);
      values[it->second] = c.value;
    }
    return values;
  }
  json Keys() const { return keys_; }
  std::optional<size_t> Find(const std::string& name, int owner) const {
    auto it = index_.find(fmt::format("{}\x1f{}", name, owner));
    if (it == index_.end()) return std::nullopt;
    return size_t(it->second);
  }

 private:
  std::unordered_map<std::string, int> index_;
  json keys_ = json::array();
};

json Header(const v1::GameRecord& record) {
  const auto& r = record.result();
  json seats = json::array();
  // Partners share a team; a game where every seat is its own team (Pontoon,
  // Scotch Whist without partnerships) has none.
  std::set<int> teams;
  for (const auto& s : record.seats()) {
    seats.push_back({{"bot", s.bot_name()},
                     {"version", s.bot_version()},
                     {"team", s.team()},
                     {"restart_reason", s.restart_reason()}});
    teams.insert(s.team());
  }
  const bool partnerships =
      teams.size() > 1 && int(teams.size()) < record.seats_size();
  json faults = json::array();
  for (const auto& f : r.faults()) {
    faults.push_back({{"seat", f.seat()},
                      {"reason", FaultReasonName(f.reason())},
                      {"step", f.step()},
                      {"detail", f.detail()}});
  }
  auto list = [](const auto& repeated) {
    return std::vector<int>(repeated.begin(), repeated.end());
  };
  auto type = game::RecordGame(record);
  return {
      {"format", 1},
      {"id", record.game_id()},
      {"game", type ? std::string((*type)->Name()) : record.game()},
      {"ruleset", record.has_ruleset() ? record.ruleset().base() : ""},
      {"tournament", record.tournament_id()},
      {"round", record.round()},
      {"duplicate_group", record.duplicate_group()},
      {"started_at", record.started_at()},
      {"finished_at", record.finished_at()},
      {"seats", seats},
      {"partnerships", partnerships},
      {"result",
       {{"end", EndReasonName(r.end_reason())},
        {"winner", r.winner()},
        {"scores", list(r.scores())},
        {"team_scores", list(r.team_scores())},
        {"places", list(r.places())},
        {"hands", r.hands_played()},
        {"forfeit_seat", r.forfeit_seat()}}},
      {"faults", faults},
  };
}

json LogsJson(const GameLogs& logs) {
  json out = json::object();
  for (const auto& [seat, log] : logs) {
    json dropped_at = json::object();
    for (const auto& [step, n] : log.dropped_at) {
      dropped_at[std::to_string(step)] = n;
    }
    out[std::to_string(seat)] = {
        {"lines", log.lines},       {"steps", log.steps},
        {"source", log.source},     {"dropped", log.dropped},
        {"dropped_at", dropped_at}, {"started", log.started}};
  }
  return out;
}

// Walks the game position by position and fills `out`.
class Walker {
 public:
  Walker(const v1::GameRecord& record, const ReplayDataOptions& options,
         json& out)
      : record_(record), options_(options), out_(out) {}

  void Run() {
    auto initial = InitialState(record_);
    if (!initial) {
      out_["error"] = initial.error();
      Finish();
      return;
    }
    game::State& state = **initial;
    num_seats_ = state.NumSeats();
    TakePosition(state);
    for (int i = 0; i < record_.steps_size(); ++i) {
      const auto& step = record_.steps(i);
      json legal = json::array();
      if (options_.legal_actions && !state.IsTerminal()) {
        for (int a = 0; a < state.NumLegalActions(); ++a) {
          legal.push_back(texts_.Index(state.LegalActionText(a)));
        }
      }
      steps_.push_back({{"seat", step.seat()},
                        {"action", step.action()},
                        {"us", step.decision_us()},
                        {"cpu_us", step.cpu_us()},
                        {"strike", step.strike()},
                        {"legal", legal}});
      auto index = Check(state, i);
      if (!index) {
        out_["error"] = index.error();
        break;
      }
      state.Apply(*index);
      TakePosition(state);
    }
    Finish();
  }

 private:
  std::expected<int, std::string> Check(const game::State& state, int i) {
    const auto& step = record_.steps(i);
    if (state.IsTerminal()) {
      return std::unexpected(fmt::format("step {}: the game was over", i));
    }
    if (step.seat() != state.CurrentSeat()) {
      return std::unexpected(
          fmt::format("step {}: seat {} acts, but the game asks seat {}", i,
                      step.seat(), state.CurrentSeat()));
    }
    auto index = state.ParseText(step.action());
    if (!index) {
      return std::unexpected(
          fmt::format("step {}: {}", i, index.error().detail));
    }
    return *index;
  }

  void TakePosition(const game::State& state) {
    const game::TableView view = state.View();
    json zones = json::array();
    for (const game::Zone& z : view.zones) zones.push_back(zones_.Index(z));
    views_.push_back(std::move(zones));
    counters_.push_back(counter_table_.Values(view.counters));
    const game::Outcome outcome = state.GetOutcome();
    // A hand ended with the last step: the next one begins here.
    if (outcome.hands_played > hands_played_ && !state.IsTerminal()) {
      hand_starts_.push_back(views_.size() - 1);
    }
    hands_played_ = outcome.hands_played;
    scores_.push_back(outcome.scores);
    team_scores_.push_back(outcome.team_scores);
    for (; events_seen_ < state.NumEvents(); ++events_seen_) {
      events_.push_back(EventTexts(state, events_seen_));
    }
    event_counts_.push_back(events_seen_);
  }

  // One text when every viewer sees the event alike.
  json EventTexts(const game::State& state, int e) {
    std::vector<int> texts = {
        texts_.Index(state.EventText(e, game::kOmniscient)),
        texts_.Index(state.EventText(e, game::kPublic))};
    for (int s = 0; s < num_seats_; ++s) {
      texts.push_back(texts_.Index(state.EventText(e, s)));
    }
    if (std::all_of(texts.begin(), texts.end(),
                    [&](int t) { return t == texts[0]; })) {
      return texts[0];
    }
    return texts;
  }

  // The seat counter that is the score at every position (Pontoon's chips,
  // a whist's score), or "": what the scores count, for their labels.
  std::string ScoreUnit() const {
    const json keys = counter_table_.Keys();
    for (size_t k = 0; k < keys.size(); ++k) {
      const int owner = keys[k][1].get<int>();
      if (owner != 0) continue;
      const std::string name = keys[k][0].get<std::string>();
      bool all = !counters_.empty();
      for (size_t p = 0; all && p < counters_.size(); ++p) {
        for (int seat = 0; all && seat < num_seats_; ++seat) {
          const auto found = counter_table_.Find(name, seat);
          const json& values = counters_[p];
          all = found && *found < values.size() && p < scores_.size() &&
                size_t(seat) < scores_[p].size() &&
                values[*found] == scores_[p][size_t(seat)];
        }
      }
      if (all) return name;
    }
    return "";
  }

  void Finish() {
    out_["score_unit"] = ScoreUnit();
    out_["steps"] = std::move(steps_);
    out_["texts"] = texts_.ToJson();
    out_["zones"] = zones_.ToJson();
    out_["views"] = std::move(views_);
    out_["counter_keys"] = counter_table_.Keys();
    out_["counters"] = std::move(counters_);
    out_["scores"] = std::move(scores_);
    out_["team_scores"] = std::move(team_scores_);
    out_["events"] = std::move(events_);
    out_["event_counts"] = std::move(event_counts_);
    out_["hand_starts"] = std::move(hand_starts_);
  }

  const v1::GameRecord& record_;
  const ReplayDataOptions& options_;
  json& out_;
  int num_seats_ = 0;
  int events_seen_ = 0;
  int hands_played_ = 0;
  TextTable texts_;
  ZoneTable zones_;
  CounterTable counter_table_;
  json steps_ = json::array(), views_ = json::array(),
       counters_ = json::array(), scores_ = json::array(),
       team_scores_ = json::array(), events_ = json::array(),
       event_counts_ = json::array(), hand_starts_ = json::array({0});
};

}  // namespace

std::string EndReasonName(v1::EndReason reason) {
  switch (reason) {
    case v1::END_REASON_TARGET:
      return "target";
    case v1::END_REASON_MAX_HANDS:
      return "max hands";
    case v1::END_REASON_FORFEIT:
      return "forfeit";
    case v1::END_REASON_COMPLETE:
      return "complete";
    default:
      return "";
  }
}

nlohmann::json ReplayData(const v1::GameRecord& record, const GameLogs* logs,
                          const ReplayDataOptions& options) {
  json out = Header(record);
  Walker(record, options, out).Run();
  out["logs"] = logs != nullptr ? LogsJson(*logs) : json::object();
  return out;
}

}  // namespace arbiter::report
