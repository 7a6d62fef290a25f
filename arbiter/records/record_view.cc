#include "arbiter/records/record_view.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "arbiter/records/internal/json_cursor.h"

namespace arbiter::records {
namespace {

using Error = std::unexpected<ScanError>;
using internal::Cursor;

// The keys a summary reads, in either spelling.
enum class Key {
  kOther,
  kGameId,
  kGame,
  kTournamentId,
  kDuplicateGroup,
  kRound,
  kNumPlayers,
  kSeed,
  kFirstDealer,
  kFirstMover,
  kSeats,
  kResult,
  kSteps,
  // seats[]
  kSeat,
  kBotName,
  kBotVersion,
  kTeam,
  // result
  kPlaces,
  kScores,
  kFaults,
  kReason,
  kStep,
  kEndReason,
  kTeamScores,
  kHandsPlayed,
  kStartedAt,
  kFinishedAt,
  // steps[]
  kDecisionUs,
  kCpuUs,
  kStrike,
};

// Loads of 1, 2, 4 or 8 bytes at p: single moves, no stores.
template <typename T>
[[gnu::always_inline]] inline T Load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Whether the n bytes at a and b are equal, n known at compile time: two
// overlapping loads of the widest power of two not above n, no memcmp.
template <size_t n>
[[gnu::always_inline]] inline bool SameBytes(const char* a, const char* b) {
  static_assert(n >= 1 && n <= 16);
  using T = std::conditional_t<
      (n >= 8), uint64_t,
      std::conditional_t<(n >= 4), uint32_t,
                         std::conditional_t<(n >= 2), uint16_t, uint8_t>>>;
  constexpr size_t w = sizeof(T);
  return Load<T>(a) == Load<T>(b) && Load<T>(a + n - w) == Load<T>(b + n - w);
}

// `s` (of the literal's length) equals the literal.
template <size_t N>
[[gnu::always_inline]] inline bool Is(std::string_view s,
                                      const char (&literal)[N]) {
  return SameBytes<N - 1>(s.data(), literal);
}

// By length, then by text: called for every member of every record.
[[gnu::always_inline]] inline Key Classify(std::string_view name) {
  switch (name.size()) {
    case 4:
      if (Is(name, "game")) return Key::kGame;
      if (Is(name, "seed")) return Key::kSeed;
      if (Is(name, "seat")) return Key::kSeat;
      if (Is(name, "team")) return Key::kTeam;
      if (Is(name, "step")) return Key::kStep;
      break;
    case 5:
      if (Is(name, "round")) return Key::kRound;
      if (Is(name, "seats")) return Key::kSeats;
      if (Is(name, "steps")) return Key::kSteps;
      if (Is(name, "cpuUs")) return Key::kCpuUs;
      break;
    case 6:
      if (Is(name, "result")) return Key::kResult;
      if (Is(name, "gameId")) return Key::kGameId;
      if (Is(name, "places")) return Key::kPlaces;
      if (Is(name, "scores")) return Key::kScores;
      if (Is(name, "faults")) return Key::kFaults;
      if (Is(name, "reason")) return Key::kReason;
      if (Is(name, "cpu_us")) return Key::kCpuUs;
      if (Is(name, "strike")) return Key::kStrike;
      break;
    case 7:
      if (Is(name, "game_id")) return Key::kGameId;
      if (Is(name, "botName")) return Key::kBotName;
      break;
    case 8:
      if (Is(name, "bot_name")) return Key::kBotName;
      break;
    case 9:
      if (Is(name, "endReason")) return Key::kEndReason;
      if (Is(name, "startedAt")) return Key::kStartedAt;
      break;
    case 10:
      if (Is(name, "end_reason")) return Key::kEndReason;
      if (Is(name, "teamScores")) return Key::kTeamScores;
      if (Is(name, "started_at")) return Key::kStartedAt;
      if (Is(name, "finishedAt")) return Key::kFinishedAt;
      if (Is(name, "numPlayers")) return Key::kNumPlayers;
      if (Is(name, "firstMover")) return Key::kFirstMover;
      if (Is(name, "botVersion")) return Key::kBotVersion;
      if (Is(name, "decisionUs")) return Key::kDecisionUs;
      break;
    case 11:
      if (Is(name, "num_players")) return Key::kNumPlayers;
      if (Is(name, "firstDealer")) return Key::kFirstDealer;
      if (Is(name, "first_mover")) return Key::kFirstMover;
      if (Is(name, "bot_version")) return Key::kBotVersion;
      if (Is(name, "decision_us")) return Key::kDecisionUs;
      if (Is(name, "team_scores")) return Key::kTeamScores;
      if (Is(name, "finished_at")) return Key::kFinishedAt;
      if (Is(name, "handsPlayed")) return Key::kHandsPlayed;
      break;
    case 12:
      if (Is(name, "first_dealer")) return Key::kFirstDealer;
      if (Is(name, "tournamentId")) return Key::kTournamentId;
      if (Is(name, "hands_played")) return Key::kHandsPlayed;
      break;
    case 13:
      if (Is(name, "tournament_id")) return Key::kTournamentId;
      break;
    case 14:
      if (Is(name, "duplicateGroup")) return Key::kDuplicateGroup;
      break;
    case 15:
      if (Is(name, "duplicate_group")) return Key::kDuplicateGroup;
      break;
  }
  return Key::kOther;
}

bool ReadSeat(Cursor& c, size_t i, SeatView* seat) {
  return c.Object({"seats", i}, [&](std::string_view name) {
    switch (Classify(name)) {
      case Key::kSeat: {
        int64_t v = 0;
        if (!c.Int64({"seats", i, "seat"}, &v)) return false;
        seat->seat = v;
        return true;
      }
      case Key::kBotName:
        return c.StringField({"seats", i, "bot_name"}, &seat->bot_name);
      case Key::kBotVersion:
        return c.StringField({"seats", i, "bot_version"}, &seat->bot_version);
      case Key::kTeam:
        return c.Int64({"seats", i, "team"}, &seat->team);
      default:
        return c.SkipValue();
    }
  });
}

bool ReadIntegers(Cursor& c, const char* field, std::vector<int64_t>* out) {
  return c.Array(field, [&](size_t i) {
    int64_t v = 0;
    if (!c.Int64({field, i}, &v)) return false;
    out->push_back(v);
    return true;
  });
}

bool ReadFault(Cursor& c, size_t i, FaultView* fault) {
  return c.Object({"result.faults", i}, [&](std::string_view name) {
    switch (Classify(name)) {
      case Key::kSeat:
        return c.Int64({"result.faults", i, "seat"}, &fault->seat);
      case Key::kReason:
        return c.EnumText({"result.faults", i, "reason"}, &fault->reason);
      case Key::kStep:
        return c.Int64({"result.faults", i, "step"}, &fault->step);
      default:
        return c.SkipValue();
    }
  });
}

bool ReadResult(Cursor& c, RecordView* view) {
  return c.Object("result", [&](std::string_view name) {
    switch (Classify(name)) {
      case Key::kPlaces:
        return ReadIntegers(c, "result.places", &view->places);
      case Key::kScores:
        return ReadIntegers(c, "result.scores", &view->scores);
      case Key::kFaults:
        return c.Array("result.faults", [&](size_t i) {
          view->faults.emplace_back();
          return ReadFault(c, i, &view->faults.back());
        });
      case Key::kEndReason:
        return c.EnumText("result.end_reason", &view->end_reason);
      case Key::kTeamScores:
        return ReadIntegers(c, "result.team_scores", &view->team_scores);
      case Key::kHandsPlayed:
        return c.Int64("result.hands_played", &view->hands_played);
      default:
        return c.SkipValue();
    }
  });
}

bool ReadStep(Cursor& c, size_t i, StepView* step) {
  return c.Object({"steps", i}, [&](std::string_view name) {
    switch (Classify(name)) {
      case Key::kSeat:
        return c.Int64({"steps", i, "seat"}, &step->seat);
      case Key::kDecisionUs:
        return c.Int64({"steps", i, "decision_us"}, &step->decision_us);
      case Key::kCpuUs:
        return c.Int64({"steps", i, "cpu_us"}, &step->cpu_us);
      case Key::kStrike:
        return c.Bool({"steps", i, "strike"}, &step->strike);
      default:
        return c.SkipValue();
    }
  });
}

void Clear(RecordView* view) {
  view->game_id = view->game = view->tournament_id = view->duplicate_group = {};
  view->round = view->num_players = view->first_dealer = 0;
  view->seed = 0;
  view->first_mover.reset();
  view->seats.clear();
  view->places.clear();
  view->scores.clear();
  view->faults.clear();
  view->steps.clear();
  view->end_reason = view->started_at = view->finished_at = {};
  view->team_scores.clear();
  view->hands_played = 0;
}

// A record is an object.
bool Start(Cursor& c) {
  const char first = c.Peek();
  if (first == '{') return true;
  if (first == '\0') return c.Torn();
  return c.Syntax("expected a JSON object");
}

}  // namespace

std::expected<void, ScanError> RecordScanner::Scan(std::string_view line,
                                                   RecordView* view) {
  strings_.Clear();
  Clear(view);
  Cursor c(line, strings_);
  if (!Start(c)) return Error(c.error());
  const bool ok = c.Object("record", [&](std::string_view name) {
    switch (Classify(name)) {
      case Key::kGameId:
        return c.StringField("game_id", &view->game_id);
      case Key::kGame:
        return c.StringField("game", &view->game);
      case Key::kTournamentId:
        return c.StringField("tournament_id", &view->tournament_id);
      case Key::kDuplicateGroup:
        return c.StringField("duplicate_group", &view->duplicate_group);
      case Key::kStartedAt:
        return c.StringField("started_at", &view->started_at);
      case Key::kFinishedAt:
        return c.StringField("finished_at", &view->finished_at);
      case Key::kRound:
        return c.Int64("round", &view->round);
      case Key::kNumPlayers:
        return c.Int64("num_players", &view->num_players);
      case Key::kSeed:
        return c.Uint64("seed", &view->seed);
      case Key::kFirstDealer:
        return c.Int64("first_dealer", &view->first_dealer);
      case Key::kFirstMover: {
        int64_t v = 0;
        if (!c.Int64("first_mover", &v)) return false;
        view->first_mover = v;
        return true;
      }
      case Key::kSeats:
        return c.Array("seats", [&](size_t i) {
          view->seats.emplace_back();
          return ReadSeat(c, i, &view->seats.back());
        });
      case Key::kResult:
        return ReadResult(c, view);
      case Key::kSteps:
        if (!options_.steps) return c.SkipValue();
        return c.Array("steps", [&](size_t i) {
          view->steps.emplace_back();
          return ReadStep(c, i, &view->steps.back());
        });
      default:
        return c.SkipValue();
    }
  });
  if (!ok || !c.AtEndAfterValue()) return Error(c.error());
  return {};
}

std::expected<std::string_view, ScanError> RecordScanner::GameId(
    std::string_view line) {
  strings_.Clear();
  Cursor c(line, strings_);
  if (!Start(c)) return Error(c.error());
  std::string_view id;
  const bool ok = c.Object("record", [&](std::string_view name) {
    if (Classify(name) == Key::kGameId) return c.StringField("game_id", &id);
    return c.SkipValue();
  });
  if (!ok || !c.AtEndAfterValue()) return Error(c.error());
  if (id.empty()) {
    return Error(ScanError{Problem::Kind::kMalformed, "no game_id"});
  }
  return id;
}

int64_t RecordView::FirstMover() const {
  if (first_mover) return *first_mover;
  const int64_t n = num_players > 0 ? num_players : int64_t(seats.size());
  if (n <= 0) return 0;
  return ((first_dealer + 1) % n + n) % n;
}

std::vector<int> RecordView::Teams() const {
  std::vector<int> teams;
  teams.reserve(seats.size());
  const bool shared =
      std::all_of(seats.begin(), seats.end(),
                  [&](const SeatView& s) { return s.team == seats[0].team; });
  for (size_t i = 0; i < seats.size(); ++i) {
    teams.push_back(shared ? int(i) : int(seats[i].team));
  }
  return teams;
}

std::expected<RecordSummary, std::string> RecordSummary::Of(
    const RecordView& view) {
  RecordSummary out;
  if (view.game_id.empty()) return std::unexpected("no game_id");
  out.game_id = view.game_id;
  out.duplicate_group = view.duplicate_group;
  out.round = int(view.round);
  out.seed = view.seed;
  for (const SeatView& seat : view.seats) out.bots.emplace_back(seat.bot_name);
  out.teams = view.Teams();
  for (int64_t place : view.places) out.places.push_back(int(place));
  if (!out.places.empty() && out.places.size() != out.bots.size()) {
    return std::unexpected(fmt::format("result.places: {} places for {} seats",
                                       out.places.size(), out.bots.size()));
  }
  for (size_t i = 0; i < view.faults.size(); ++i) {
    const int64_t seat = view.faults[i].seat;
    if (seat < 0 || seat >= int64_t(out.bots.size())) {
      return std::unexpected(
          fmt::format("result.faults[{}].seat: {} is not a seat", i, seat));
    }
    out.fault_seats.push_back(int(seat));
    out.fault_reasons.push_back(FaultReasonName(view.faults[i].reason));
    const std::string_view reason = view.faults[i].reason;
    out.fault_startup.push_back(reason == "FAULT_REASON_STARTUP" ||
                                reason == "6");
  }
  out.faults = int(out.fault_seats.size());
  return out;
}

std::expected<RecordSummary, ScanError> SummarizeRecord(std::string_view line) {
  RecordScanner scanner;
  RecordView view;
  if (auto ok = scanner.Scan(line, &view); !ok) return Error(ok.error());
  auto summary = RecordSummary::Of(view);
  if (!summary)
    return Error(ScanError{Problem::Kind::kMalformed, summary.error()});
  return *summary;
}

}  // namespace arbiter::records
