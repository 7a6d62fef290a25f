#include "arbiter/report/replay_data.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <set>

#include "arbiter/games/registry.h"
#include "arbiter/replay/replay.h"
#include "proto/arbiter/v1/fault_reasons.h"

namespace arbiter::report {
namespace {

using nlohmann::json;

// The JSON is written as text, not built as a json value: a game's replay
// is thousands of small arrays, and building then dumping them cost more
// than replaying the game. The text is what json::dump(-1, ' ', false,
// replace) gives for the same value (ReplayDataText's contract): keys in
// sorted order, no spaces, non-ASCII text as it is, invalid UTF-8 replaced.

bool Plain(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  });
}

void Put(std::string& out, int64_t n) {
  char digits[24];
  out.append(digits, std::to_chars(digits, std::end(digits), n).ptr);
}
void Put(std::string& out, int n) { Put(out, int64_t(n)); }
void Put(std::string& out, uint32_t n) { Put(out, int64_t(n)); }
void Put(std::string& out, bool b) { out += b ? "true" : "false"; }
void Put(std::string& out, const std::optional<int64_t>& n) {
  if (n) return Put(out, *n);
  out += "null";
}
void Put(std::string& out, std::string_view s) {
  if (Plain(s)) {
    out += '"';
    out += s;
    out += '"';
    return;
  }
  // Escapes and non-ASCII text: nlohmann::json's own, so that the text
  // stays its dump.
  out +=
      json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace);
}
void Put(std::string& out, const std::string& s) {
  Put(out, std::string_view(s));
}
void Put(std::string& out, const char* s) { Put(out, std::string_view(s)); }

// [a,b,...] of anything Put writes.
template <typename Range>
void PutList(std::string& out, const Range& items) {
  out += '[';
  for (bool first = true; const auto& item : items) {
    if (!first) out += ',';
    first = false;
    Put(out, item);
  }
  out += ']';
}
template <typename T>
std::string List(const T& items) {
  std::string out;
  PutList(out, items);
  return out;
}

// A JSON object from its members' texts: std::map orders the keys as
// nlohmann::json does.
using Members = std::map<std::string, std::string>;
std::string Object(const Members& members) {
  std::string out = "{";
  for (const auto& [key, text] : members) {
    if (out.size() > 1) out += ',';
    Put(out, key);
    out += ':';
    out += text;
  }
  return out + "}";
}
// [a,b,...] of texts already JSON.
std::string Array(const std::vector<std::string>& texts) {
  std::string out = "[";
  for (const std::string& text : texts) {
    if (out.size() > 1) out += ',';
    out += text;
  }
  return out + "]";
}
template <typename T>
std::string Text(const T& value) {
  std::string out;
  Put(out, value);
  return out;
}

// Distinct strings, each kept once in one buffer and found through an
// open-addressing index: a replay looks up thousands of texts and zones a
// game, most of its zones new, so that a node and a copy per string (as a
// std::unordered_map of strings would make) cost more than the hashing.
class StringIndex {
 public:
  // The buffer to append the string to look up (End() looks it up).
  std::string& Begin() {
    start_ = buffer_.size();
    return buffer_;
  }
  // The index of the string appended since Begin(); a string already kept
  // is dropped from the buffer.
  int End() {
    const std::string_view s = std::string_view(buffer_).substr(start_);
    const size_t hash = std::hash<std::string_view>{}(s);
    if (2 * (ends_.size() + 1) > slots_.size()) Grow();
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      const int slot = slots_[i];
      if (slot < 0) {
        slots_[i] = int(ends_.size());
        ends_.push_back(buffer_.size());
        hashes_.push_back(hash);
        return slots_[i];
      }
      if (hashes_[size_t(slot)] == hash && Get(slot) == s) {
        buffer_.resize(start_);
        return slot;
      }
    }
  }
  std::string_view Get(int i) const {
    const size_t begin = i > 0 ? ends_[size_t(i) - 1] : 0;
    return std::string_view(buffer_).substr(begin, ends_[size_t(i)] - begin);
  }
  int size() const { return int(ends_.size()); }

 private:
  void Grow() {
    slots_.assign(std::max<size_t>(64, 2 * slots_.size()), -1);
    const size_t mask = slots_.size() - 1;
    for (size_t slot = 0; slot < hashes_.size(); ++slot) {
      size_t i = hashes_[slot] & mask;
      while (slots_[i] >= 0) i = (i + 1) & mask;
      slots_[i] = int(slot);
    }
  }
  std::string buffer_;          // every string kept, one after the other
  size_t start_ = 0;            // of the string being looked up
  std::vector<size_t> ends_;    // of every string kept
  std::vector<size_t> hashes_;  // of every string kept
  std::vector<int> slots_;      // a string's index, or -1; a power of 2
};

// Strings kept once per game: events repeat across viewers, legal actions
// across steps.
class TextTable {
 public:
  int Index(std::string_view text) {
    texts_.Begin() += text;
    return texts_.End();
  }
  std::string_view Get(int i) const { return texts_.Get(i); }
  std::string Json() const {
    std::string out = "[";
    for (int i = 0; i < texts_.size(); ++i) {
      if (i) out += ',';
      Put(out, texts_.Get(i));
    }
    return out + "]";
  }

 private:
  StringIndex texts_;
};

// Distinct zone contents, each as its JSON [name, owner, "cards", seen]:
// consecutive positions share most zones, so a position is a list of
// indices into this table.
class ZoneTable {
 public:
  int Index(const game::Zone& z) {
    // Written straight into the table's buffer: dropped when found.
    std::string& key = zones_.Begin();
    const size_t start = key.size();
    key += '[';
    Put(key, z.name);
    key += ',';
    Put(key, z.owner);
    key += ',';
    PutCards(key, z.cards);
    key += ',';
    PutSeen(key, z);
    key += ']';
    const size_t json_size = key.size() - start;
    // With the number of masks: one mask stands for every card's.
    Put(key, int64_t(z.seen_by.size()));
    const int index = zones_.End();
    if (index == int(json_sizes_.size())) json_sizes_.push_back(json_size);
    return index;
  }
  std::string Json() const {
    std::string out = "[";
    for (int i = 0; i < zones_.size(); ++i) {
      if (i) out += ',';
      out += zones_.Get(i).substr(0, json_sizes_[size_t(i)]);
    }
    return out + "]";
  }

 private:
  // The cards as one string, space-separated.
  static void PutCards(std::string& out,
                       const std::vector<std::string>& cards) {
    const size_t start = out.size();
    out += '"';
    for (size_t i = 0; i < cards.size(); ++i) {
      if (i) out += ' ';
      out += cards[i];
    }
    const std::string_view joined = std::string_view(out).substr(start + 1);
    if (Plain(joined)) {
      out += '"';
      return;
    }
    // Escapes (no game's cards need them): Put's.
    const std::string text(joined);
    out.resize(start);
    Put(out, text);
  }
  // One mask for the whole zone when every card has it.
  static void PutSeen(std::string& out, const game::Zone& z) {
    const bool uniform =
        std::all_of(z.seen_by.begin(), z.seen_by.end(),
                    [&](uint32_t s) { return s == z.seen_by.front(); });
    if (!uniform) return PutList(out, z.seen_by);
    Put(out, z.seen_by.empty() ? game::kSeenByAll : z.seen_by[0]);
  }
  StringIndex zones_;  // their JSON, each with its number of masks
  std::vector<size_t> json_sizes_;
};

// A position's counter values by key (nullopt: absent there).
using CounterValues = std::vector<std::optional<int64_t>>;

// Counters by (name, owner), in order of first appearance.
class CounterTable {
 public:
  CounterValues Values(const std::vector<game::Counter>& counters) {
    // A game gives the same counters at most positions: their keys'
    // indices are those of the last position's when the names match.
    if (!SameKeys(counters)) {
      last_.clear();
      for (const game::Counter& c : counters) {
        auto [it, added] =
            index_.try_emplace({c.name, c.owner}, int(keys_.size()));
        if (added) keys_.push_back(it->first);
        last_.push_back({&it->first, it->second});
      }
    }
    CounterValues values;
    for (size_t i = 0; i < counters.size(); ++i) {
      const size_t slot = size_t(last_[i].second);
      if (values.size() <= slot) values.resize(slot + 1);
      values[slot] = counters[i].value;
    }
    return values;
  }
  std::string KeysJson() const {
    std::string out = "[";
    for (const auto& [name, owner] : keys_) {
      if (out.size() > 1) out += ',';
      out += '[';
      Put(out, name);
      out += ',';
      Put(out, owner);
      out += ']';
    }
    return out + "]";
  }
  const std::vector<std::pair<std::string, int>>& keys() const { return keys_; }
  std::optional<size_t> Find(const std::string& name, int owner) const {
    auto it = index_.find({name, owner});
    if (it == index_.end()) return std::nullopt;
    return size_t(it->second);
  }

 private:
  using Key = std::pair<std::string, int>;
  bool SameKeys(const std::vector<game::Counter>& counters) const {
    if (counters.size() != last_.size()) return false;
    for (size_t i = 0; i < counters.size(); ++i) {
      const Key& key = *last_[i].first;
      if (counters[i].owner != key.second || counters[i].name != key.first) {
        return false;
      }
    }
    return true;
  }
  std::map<Key, int> index_;
  std::vector<Key> keys_;
  // The last position's counters: their keys (in index_) and indices.
  std::vector<std::pair<const Key*, int>> last_;
};

template <typename T>
std::string ListOfLists(const std::vector<std::vector<T>>& lists) {
  std::string out = "[";
  for (const auto& list : lists) {
    if (out.size() > 1) out += ',';
    PutList(out, list);
  }
  return out + "]";
}

void Header(const v1::GameRecord& record, Members& out) {
  const auto& r = record.result();
  // Partners share a team; a game where every seat is its own team (Pontoon,
  // Scotch Whist without partnerships) has none.
  std::set<int> teams;
  std::vector<std::string> seats;
  for (const auto& s : record.seats()) {
    seats.push_back(Object({{"bot", Text(s.bot_name())},
                            {"version", Text(s.bot_version())},
                            {"team", Text(s.team())},
                            {"restart_reason", Text(s.restart_reason())}}));
    teams.insert(s.team());
  }
  const bool partnerships =
      teams.size() > 1 && int(teams.size()) < record.seats_size();
  std::vector<std::string> faults;
  for (const auto& f : r.faults()) {
    faults.push_back(Object({{"seat", Text(f.seat())},
                             {"reason", Text(FaultReasonName(f.reason()))},
                             {"step", Text(f.step())},
                             {"detail", Text(f.detail())}}));
  }
  auto type = game::RecordGame(record);
  out["format"] = "1";
  out["id"] = Text(record.game_id());
  out["game"] = Text(type ? std::string((*type)->Name()) : record.game());
  out["ruleset"] =
      Text(record.has_ruleset() ? record.ruleset().base() : std::string());
  out["tournament"] = Text(record.tournament_id());
  out["round"] = Text(record.round());
  out["duplicate_group"] = Text(record.duplicate_group());
  out["started_at"] = Text(record.started_at());
  out["finished_at"] = Text(record.finished_at());
  out["seats"] = Array(seats);
  out["partnerships"] = Text(partnerships);
  out["result"] = Object({{"end", Text(EndReasonName(r.end_reason()))},
                          {"winner", Text(r.winner())},
                          {"scores", List(r.scores())},
                          {"team_scores", List(r.team_scores())},
                          {"places", List(r.places())},
                          {"hands", Text(r.hands_played())},
                          {"forfeit_seat", Text(r.forfeit_seat())}});
  out["faults"] = Array(faults);
}

std::string LogsJson(const GameLogs& logs) {
  Members out;
  for (const auto& [seat, log] : logs) {
    Members dropped_at;
    for (const auto& [step, n] : log.dropped_at) {
      dropped_at[std::to_string(step)] = Text(n);
    }
    out[std::to_string(seat)] = Object({{"lines", List(log.lines)},
                                        {"steps", List(log.steps)},
                                        {"source", Text(log.source)},
                                        {"dropped", Text(log.dropped)},
                                        {"dropped_at", Object(dropped_at)},
                                        {"started", Text(log.started)}});
  }
  return Object(out);
}

// Walks the game position by position and fills `out`.
class Walker {
 public:
  Walker(const v1::GameRecord& record, const ReplayDataOptions& options,
         Members& out)
      : record_(record), options_(options), out_(out) {}

  const std::string& score_unit() const { return score_unit_; }

  // The error, when the record does not replay to its end.
  std::optional<std::string> Run() {
    auto initial = InitialState(record_);
    if (!initial) return Finish(initial.error());
    game::State& state = **initial;
    num_seats_ = state.NumSeats();
    TakePosition(state);
    std::vector<int> legal;
    for (int i = 0; i < record_.steps_size(); ++i) {
      const auto& step = record_.steps(i);
      legal.clear();
      if (options_.legal_actions && !state.IsTerminal()) {
        for (int a = 0; a < state.NumLegalActions(); ++a) {
          legal.push_back(texts_.Index(state.LegalActionText(a)));
        }
      }
      // The members in sorted order, as Object would write them.
      steps_ += steps_.size() > 1 ? ",{" : "{";
      steps_ += "\"action\":";
      Put(steps_, step.action());
      steps_ += ",\"cpu_us\":";
      Put(steps_, step.cpu_us());
      steps_ += ",\"legal\":";
      PutList(steps_, legal);
      steps_ += ",\"seat\":";
      Put(steps_, step.seat());
      steps_ += ",\"strike\":";
      Put(steps_, step.strike());
      steps_ += ",\"us\":";
      Put(steps_, step.decision_us());
      steps_ += '}';
      auto index = Check(state, i, legal);
      if (!index) return Finish(index.error());
      state.Apply(*index);
      TakePosition(state);
    }
    return Finish(std::nullopt);
  }

 private:
  // The legal action step i played; `legal`: the texts of the legal
  // actions, when taken.
  std::expected<int, std::string> Check(const game::State& state, int i,
                                        const std::vector<int>& legal) {
    const auto& step = record_.steps(i);
    if (state.IsTerminal()) {
      return std::unexpected(fmt::format("step {}: the game was over", i));
    }
    if (step.seat() != state.CurrentSeat()) {
      return std::unexpected(
          fmt::format("step {}: seat {} acts, but the game asks seat {}", i,
                      step.seat(), state.CurrentSeat()));
    }
    // A legal action's own text parses back to its index (the shared
    // playout checks hold every game to it): found among the texts just
    // made, it needs no parsing.
    for (size_t a = 0; a < legal.size(); ++a) {
      if (texts_.Get(legal[a]) == step.action()) return int(a);
    }
    auto index = state.ParseText(step.action());
    if (!index) {
      return std::unexpected(
          fmt::format("step {}: {}", i, index.error().detail));
    }
    return *index;
  }

  void TakePosition(const game::State& state) {
    // Into the memory of the view before the last (swapped below).
    game::TableView& view = view_;
    state.FillView(&view);
    const std::vector<game::Zone>& last_zones = last_view_.zones;
    views_ += views_.size() > 1 ? ",[" : "[";
    // A step changes few zones: one equal to the last position's at its
    // place has its index.
    last_indices_.resize(view.zones.size(), -1);
    for (size_t z = 0; z < view.zones.size(); ++z) {
      const game::Zone& zone = view.zones[z];
      if (z >= last_zones.size() || !SameZone(zone, last_zones[z])) {
        last_indices_[z] = zones_.Index(zone);
      }
      if (z) views_ += ',';
      Put(views_, last_indices_[z]);
    }
    views_ += ']';
    ++positions_;
    counters_.push_back(counter_table_.Values(view.counters));
    game::Outcome outcome = state.GetOutcome();
    // A hand ended with the last step: the next one begins here.
    if (outcome.hands_played > hands_played_ && !state.IsTerminal()) {
      hand_starts_.push_back(positions_ - 1);
    }
    hands_played_ = outcome.hands_played;
    scores_.push_back(std::move(outcome.scores));
    team_scores_.push_back(std::move(outcome.team_scores));
    for (; events_seen_ < state.NumEvents(); ++events_seen_) {
      if (events_.size() > 1) events_ += ',';
      PutEventTexts(state, events_seen_);
    }
    event_counts_.push_back(events_seen_);
    std::swap(view_, last_view_);
  }

  static bool SameZone(const game::Zone& a, const game::Zone& b) {
    // Cards are a few bytes each: compared inline, not by memcmp calls.
    auto same = [](std::string_view x, std::string_view y) {
      return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin());
    };
    return a.owner == b.owner && a.seen_by == b.seen_by &&
           std::equal(a.cards.begin(), a.cards.end(), b.cards.begin(),
                      b.cards.end(), same) &&
           a.name == b.name;
  }

  // The texts for viewers [everyone, public, seat 0, seat 1, ...], each
  // made once per class of viewers that see the event alike; one text when
  // every viewer sees it alike.
  void PutEventTexts(const game::State& state, int e) {
    std::vector<int>& texts = event_texts_;
    std::vector<int>& classes = event_classes_;
    texts.clear();
    classes.clear();
    for (int v = 0; v < 2 + num_seats_; ++v) {
      const int viewer = v == 0   ? game::kOmniscient
                         : v == 1 ? game::kPublic
                                  : v - 2;
      const int c = state.EventViewerClass(e, viewer);
      const auto same = std::find(classes.begin(), classes.end(), c);
      texts.push_back(same != classes.end()
                          ? texts[size_t(same - classes.begin())]
                          : texts_.Index(state.EventText(e, viewer)));
      classes.push_back(c);
    }
    if (std::all_of(texts.begin(), texts.end(),
                    [&](int t) { return t == texts[0]; })) {
      return Put(events_, texts[0]);
    }
    PutList(events_, texts);
  }

  // The seat counter that is the score at every position (Pontoon's chips,
  // a whist's score), or "": what the scores count, for their labels.
  std::string ScoreUnit() const {
    for (const auto& [name, owner] : counter_table_.keys()) {
      if (owner != 0) continue;
      bool all = !counters_.empty();
      for (size_t p = 0; all && p < counters_.size(); ++p) {
        for (int seat = 0; all && seat < num_seats_; ++seat) {
          const auto found = counter_table_.Find(name, seat);
          const CounterValues& values = counters_[p];
          all = found && *found < values.size() && values[*found] &&
                size_t(seat) < scores_[p].size() &&
                *values[*found] == scores_[p][size_t(seat)];
        }
      }
      if (all) return name;
    }
    return "";
  }

  std::optional<std::string> Finish(std::optional<std::string> error) {
    if (error) out_["error"] = Text(*error);
    score_unit_ = ScoreUnit();
    out_["score_unit"] = Text(score_unit_);
    out_["steps"] = std::move(steps_ += ']');
    out_["texts"] = texts_.Json();
    out_["zones"] = zones_.Json();
    out_["views"] = std::move(views_ += ']');
    out_["counter_keys"] = counter_table_.KeysJson();
    out_["counters"] = ListOfLists(counters_);
    out_["scores"] = ListOfLists(scores_);
    out_["team_scores"] = ListOfLists(team_scores_);
    out_["events"] = std::move(events_ += ']');
    out_["event_counts"] = List(event_counts_);
    out_["hand_starts"] = List(hand_starts_);
    return error;
  }

  const v1::GameRecord& record_;
  const ReplayDataOptions& options_;
  Members& out_;
  std::string score_unit_;
  int num_seats_ = 0;
  int events_seen_ = 0;
  int hands_played_ = 0;
  int positions_ = 0;
  TextTable texts_;
  ZoneTable zones_;
  CounterTable counter_table_;
  std::vector<CounterValues> counters_;
  std::vector<std::vector<int>> scores_, team_scores_;
  std::vector<int> event_counts_, hand_starts_ = {0};
  // An event's texts and classes, kept to reuse their memory.
  std::vector<int> event_texts_, event_classes_;
  // This position's view, and the last position's with its zones' indices.
  game::TableView view_, last_view_;
  std::vector<int> last_indices_;
  // Lists written as they grow, still open.
  std::string steps_ = "[", views_ = "[", events_ = "[";
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

ReplayText ReplayDataText(const v1::GameRecord& record, const GameLogs* logs,
                          const ReplayDataOptions& options) {
  Members members;
  Header(record, members);
  ReplayText out;
  Walker walker(record, options, members);
  if (auto error = walker.Run(); error) out.error = std::move(*error);
  out.score_unit = walker.score_unit();
  members["logs"] = logs != nullptr ? LogsJson(*logs) : "{}";
  out.json = Object(members);
  return out;
}

nlohmann::json ReplayData(const v1::GameRecord& record, const GameLogs* logs,
                          const ReplayDataOptions& options) {
  return json::parse(ReplayDataText(record, logs, options).json);
}

}  // namespace arbiter::report
