#include "arbiter/match/match.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <thread>

#include "arbiter/common/printable.h"
#include "arbiter/match/decision.h"
#include "arbiter/process/bot_process.h"

namespace arbiter {
namespace {

// A seat during one game.
struct SeatState {
  SeatPlayer* player;
  SeatClock clock;
  bool live;  // still asked for decisions and sent messages
  int events_sent = 0;
  std::optional<ResourceUsage> usage;  // the sandbox's counters, last seen
};

std::optional<ResourceUsage> UsageOf(const SeatState& s) {
  return s.player->usage ? s.player->usage() : std::nullopt;
}

// A decision's messages are built on an arena, emptied before the next:
// its first block is this big, enough for most decisions of most games.
constexpr size_t kArenaBlock = 32 << 10;

google::protobuf::ArenaOptions ArenaOn(char* block) {
  google::protobuf::ArenaOptions options;
  options.initial_block = block;
  options.initial_block_size = kArenaBlock;
  return options;
}

class Match {
 public:
  Match(const GameSetup& setup, std::span<SeatPlayer> players,
        std::unique_ptr<game::State> state)
      : setup_(setup),
        bot_game_id_(setup.bot_game_id.empty() ? setup.game_id
                                               : setup.bot_game_id),
        state_(std::move(state)),
        block_(new char[kArenaBlock]),
        arena_(ArenaOn(block_.get())) {
    for (auto& p : players) {
      seats_.push_back(
          {&p, SeatClock(setup.time),
           p.policy || (p.channel != nullptr && p.channel->IsOpen())});
      seats_.back().usage = UsageOf(seats_.back());
    }
    faults_.assign(players.size(), v1::FAULT_REASON_UNSPECIFIED);
  }

  MatchResult Play();

 private:
  void SendGameStart();
  // The events `seat` has not seen yet, in one message on arena_ (counted
  // as sent), or null when there are none or the seat is not sent messages. A
  // seat gets them just before its own decision, with the request (and at
  // the end): waking every bot after every action would only compete for
  // the CPU with the bot to act.
  v1::ArbiterMessage* NewEvents(int seat);
  void SendNewEvents(int seat);
  void Broadcast(const v1::ArbiterMessage& m);
  // Records a fault; true when the game ends because of it. `step` is the
  // index of the decision it belongs to (the step the record holds or would
  // hold for it), -1 for none: see Fault.step in arbiter.proto.
  bool Fault(int seat, v1::FaultReason reason, const std::string& detail,
             int step);
  // A limit of the seat's sandbox that was reached since it was last
  // looked at (`now`: its counters now), as a fault.
  std::optional<DecisionFault> LimitReached(
      SeatState& s, const std::optional<ResourceUsage>& now);
  void Finish();

  const GameSetup& setup_;
  const std::string& bot_game_id_;  // what the bots are told
  std::unique_ptr<game::State> state_;
  std::vector<SeatState> seats_;
  std::vector<v1::FaultReason> faults_;
  v1::GameRecord record_;
  int forfeit_seat_ = -1;
  uint64_t in_process_requests_ = 0;
  std::unique_ptr<char[]> block_;
  google::protobuf::Arena arena_;  // after block_, its first block
};

void Match::Broadcast(const v1::ArbiterMessage& m) {
  for (auto& s : seats_) {
    if (s.live && s.player->channel) s.player->channel->Send(m);
  }
}

void Match::SendGameStart() {
  v1::ArbiterMessage m;
  auto* start = m.mutable_game_start();
  start->set_game_id(bot_game_id_);
  start->set_num_players(int(seats_.size()));
  start->set_game(record_.game());
  for (const auto& seat : record_.seats()) {
    start->add_teams(seat.team());
    auto* p = start->add_players();
    p->set_seat(seat.seat());
    p->set_bot_name(seat.bot_name());
    p->set_bot_version(seat.bot_version());
    p->set_team(seat.team());
  }
  auto* tc = start->mutable_time_control();
  tc->set_move_limit_ms(uint32_t(setup_.time.move_ms));
  tc->set_bank_ms(uint32_t(setup_.time.bank_ms));
  tc->set_increment_ms(uint32_t(setup_.time.increment_ms));
  tc->set_grace_ms(uint32_t(setup_.time.grace_ms));
  state_->FillGameStart(start);
  for (int s = 0; s < int(seats_.size()); ++s) {
    if (!seats_[s].live || !seats_[s].player->channel) continue;
    // Leftovers of an earlier game (late answers) are of no use now.
    seats_[s].player->channel->DiscardPending();
    start->set_seat(s);
    seats_[s].player->channel->Send(m);
  }
}

v1::ArbiterMessage* Match::NewEvents(int seat) {
  auto& s = seats_[seat];
  const int events = state_->NumEvents();
  if (!s.live || !s.player->channel || s.events_sent == events) {
    return nullptr;
  }
  auto* m = google::protobuf::Arena::CreateMessage<v1::ArbiterMessage>(&arena_);
  m->mutable_game_event()->set_game_id(bot_game_id_);
  state_->FillEvents(s.events_sent, seat, m->mutable_game_event());
  s.events_sent = events;
  return m;
}

void Match::SendNewEvents(int seat) {
  if (auto m = NewEvents(seat)) seats_[seat].player->channel->Send(*m);
}

bool Match::Fault(int seat, v1::FaultReason reason, const std::string& detail,
                  int step) {
  auto* f = record_.mutable_result()->add_faults();
  f->set_seat(seat);
  f->set_reason(reason);
  f->set_step(step);
  // A detail may quote what the bot sent (an unreadable answer's text).
  const Printable kept = KeepPrintable(detail, kMaxFaultDetailBytes);
  f->set_detail(kept.cut ? kept.text + "..." : kept.text);
  if (faults_[seat] == v1::FAULT_REASON_UNSPECIFIED) faults_[seat] = reason;
  if (reason == v1::FAULT_REASON_CRASH ||
      reason == v1::FAULT_REASON_DISCONNECT ||
      reason == v1::FAULT_REASON_STARTUP) {
    seats_[seat].live = false;
  }
  if (reason == v1::FAULT_REASON_MEMORY_LIMIT ||
      reason == v1::FAULT_REASON_PROCESS_LIMIT) {
    // Killed at the limit, or still running: asked again only if alive.
    BotChannel* channel = seats_[seat].player->channel;
    seats_[seat].live = channel != nullptr && channel->IsOpen();
  }
  // A game already over (a limit seen after the last decision) keeps its
  // result: the fault is recorded, nothing is forfeited.
  if (setup_.policy == FaultPolicy::kForfeit && !state_->IsTerminal()) {
    forfeit_seat_ = seat;
    return true;
  }
  return false;
}

std::optional<DecisionFault> Match::LimitReached(
    SeatState& s, const std::optional<ResourceUsage>& now) {
  if (!now || !s.usage) return std::nullopt;
  const ResourceUsage before = *s.usage;
  s.usage = now;
  if (now->oom_kills > before.oom_kills) {
    const uint64_t n = now->oom_kills - before.oom_kills;
    return DecisionFault{
        .reason = v1::FAULT_REASON_MEMORY_LIMIT,
        .detail =
            "the bot's sandbox reached its memory limit: " + std::to_string(n) +
            " process" + (n == 1 ? "" : "es") + " killed"};
  }
  if (now->pids_refused > before.pids_refused) {
    const uint64_t n = now->pids_refused - before.pids_refused;
    return DecisionFault{
        .reason = v1::FAULT_REASON_PROCESS_LIMIT,
        .detail =
            "the bot tried to run more processes or threads than its "
            "sandbox allows: " +
            std::to_string(n) + " refused"};
  }
  return std::nullopt;
}

void Match::Finish() {
  // A limit reached after a seat's last decision counts too.
  for (int s = 0; s < int(seats_.size()) && forfeit_seat_ < 0; ++s) {
    if (faults_[s] != v1::FAULT_REASON_UNSPECIFIED) continue;
    if (auto f = LimitReached(seats_[s], UsageOf(seats_[s]))) {
      Fault(s, f->reason, f->detail, /*step=*/-1);
    }
  }
  for (int s = 0; s < int(seats_.size()); ++s) SendNewEvents(s);
  FillOutcome(*state_, forfeit_seat_, &record_);
  record_.set_finished_at(NowRfc3339());
  v1::ArbiterMessage end;
  end.mutable_game_end()->set_game_id(bot_game_id_);
  *end.mutable_game_end()->mutable_outcome() = record_.result();
  state_->FillGameEnd(end.mutable_game_end());
  Broadcast(end);
}

MatchResult Match::Play() {
  record_ = StartRecord(setup_, *state_);
  for (int s = 0; s < int(seats_.size()); ++s) {
    const SeatPlayer& p = *seats_[s].player;
    record_.mutable_seats(s)->set_bot_version(
        p.channel ? p.channel->bot_version() : p.version);
    if (p.channel) {
      record_.mutable_seats(s)->set_hello_bot_name(p.channel->bot_name());
      if (std::string note = p.channel->hello_note(); !note.empty()) {
        record_.mutable_seats(s)->set_hello_note(std::move(note));
      }
    }
    record_.mutable_seats(s)->set_restart_reason(p.restart_reason);
  }
  bool over = false;
  for (int s = 0; s < int(seats_.size()) && !over; ++s) {
    if (seats_[s].live) continue;
    const auto& p = *seats_[s].player;
    if (p.channel) {
      // Its stream closed after its previous game: judged as during one.
      DecisionFault f =
          ClosedStreamFault(p.process_ended, "before the game started");
      over = Fault(s, f.reason, f.detail, /*step=*/-1);
      continue;
    }
    over = Fault(s, p.absent_reason,
                 p.startup_detail.empty() ? "the bot is not connected"
                                          : p.startup_detail,
                 /*step=*/-1);
  }
  if (!over) SendGameStart();
  while (!over && !state_->IsTerminal()) {
    const int seat = state_->CurrentSeat();
    auto& s = seats_[seat];
    int action = 0;  // the default action
    uint32_t decision_us = 0;
    uint32_t cpu_us = 0;
    uint64_t request_id = 0;
    bool strike = !s.live;
    if (s.player->policy) {
      action = s.player->policy(*state_);
      request_id = ++in_process_requests_;
    } else if (s.live) {
      arena_.Reset();  // nothing of the previous decision is kept
      if (s.player->mark_step) s.player->mark_step(record_.steps_size());
      auto decision =
          AskForDecision(*s.player->channel, *state_, s.clock, bot_game_id_,
                         s.player->process_ended, NewEvents(seat), arena_);
      // One reading of the counters per decision: the seat's CPU time since
      // they were last read (at its previous decision or the game's start).
      const auto before = s.usage;
      const auto after = UsageOf(s);
      if (before && after) cpu_us = uint32_t(after->cpu_us - before->cpu_us);
      std::optional<DecisionFault> fault;
      if (decision) {
        action = decision->action;
        decision_us = decision->decision_us;
        request_id = decision->request_id;
      } else {
        decision_us = decision.error().decision_us;
        request_id = decision.error().request_id;
        fault = decision.error();
      }
      // A limit reached is the fault, whatever became of the answer (a bot
      // killed at its memory limit also closed its stream, or was still
      // being killed when its time ran out: then the kernel's count may
      // come a moment later).
      auto limit = LimitReached(s, after);
      const bool gone_or_late =
          fault && (fault->reason == v1::FAULT_REASON_CRASH ||
                    fault->reason == v1::FAULT_REASON_DISCONNECT ||
                    fault->reason == v1::FAULT_REASON_TIMEOUT);
      for (int i = 0; gone_or_late && !limit && after && i < 30; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        limit = LimitReached(s, UsageOf(s));
      }
      if (limit) fault = limit;
      if (fault) {
        over = Fault(seat, fault->reason, fault->detail, record_.steps_size());
        if (over) break;
        action = 0;
        strike = true;
      }
    }
    auto* step = record_.add_steps();
    step->set_seat(seat);
    step->set_decision_us(decision_us);
    step->set_request_id(request_id);
    step->set_strike(strike);
    step->set_cpu_us(cpu_us);
    step->set_action(state_->LegalActionText(action));
    state_->Apply(action);
  }
  Finish();
  return MatchResult{.record = std::move(record_), .faults = faults_};
}

}  // namespace

v1::GameRecord StartRecord(const GameSetup& setup, const game::State& state) {
  v1::GameRecord record;
  record.set_game_id(setup.game_id);
  record.set_arbiter_version(setup.arbiter_version);
  record.set_game(std::string(setup.game->Type().Name()));
  record.set_num_players(setup.deal.num_seats);
  record.set_seed(setup.deal.seed);
  const std::vector<int> teams = state.Teams();
  for (int s = 0; s < int(teams.size()); ++s) {
    auto* seat = record.add_seats();
    seat->set_seat(s);
    seat->set_team(teams[s]);
    if (s < int(setup.seat_names.size())) {
      seat->set_bot_name(setup.seat_names[s]);
    }
  }
  record.set_tournament_id(setup.tournament_id);
  record.set_round(setup.round);
  record.set_duplicate_group(setup.duplicate_group);
  record.set_started_at(NowRfc3339());
  // The game's own part (ruleset, first dealer) as the game starts; the
  // outcome fills it in again at the end.
  state.FillRecord(&record);
  return record;
}

void FillOutcome(const game::State& state, int forfeit_seat,
                 v1::GameRecord* record) {
  const game::Outcome o = state.GetOutcome();
  auto* result = record->mutable_result();
  result->clear_scores();
  result->clear_team_scores();
  result->clear_places();
  for (int v : o.scores) result->add_scores(v);
  for (int v : o.team_scores) result->add_team_scores(v);
  std::vector<int> places = o.places;
  if (forfeit_seat >= 0) {
    result->set_end_reason(v1::END_REASON_FORFEIT);
    result->set_winner(-1);
    places = ForfeitPlaces(state.Teams(), o.team_scores, forfeit_seat);
  } else {
    result->set_end_reason(o.end_reason);
    result->set_winner(o.winner);
  }
  for (int p : places) result->add_places(p);
  result->set_hands_played(o.hands_played);
  result->set_forfeit_seat(forfeit_seat);
  state.FillRecord(record);
}

std::vector<int> ForfeitPlaces(const std::vector<int>& team_of,
                               const std::vector<int>& team_scores,
                               int forfeit_seat) {
  const int lost = team_of[forfeit_seat];
  const int teams = int(team_scores.size());
  std::vector<int> places(team_of.size());
  for (size_t p = 0; p < team_of.size(); ++p) {
    const int t = team_of[p];
    if (t == lost) {
      places[p] = teams;
      continue;
    }
    int place = 1;
    for (int u = 0; u < teams; ++u) {
      if (u != lost && team_scores[u] > team_scores[t]) ++place;
    }
    places[p] = place;
  }
  return places;
}

std::string NowRfc3339() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const int ms = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                         now.time_since_epoch())
                         .count() %
                     1000);
  std::tm tm;
  gmtime_r(&t, &tm);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
                tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                tm.tm_min, tm.tm_sec, ms);
  return buf;
}

std::expected<MatchResult, std::string> PlayGame(const GameSetup& setup,
                                                 std::span<SeatPlayer> seats) {
  if (int(seats.size()) != setup.deal.num_seats) {
    return std::unexpected("game " + setup.game_id + ": " +
                           std::to_string(seats.size()) + " seats for " +
                           std::to_string(setup.deal.num_seats) + " players");
  }
  auto state = setup.game->NewState(setup.deal);
  if (!state) {
    return std::unexpected("game " + setup.game_id + ": " + state.error());
  }
  GameSetup named = setup;
  named.seat_names.clear();
  for (const auto& p : seats) named.seat_names.push_back(p.name);
  Match match(named, seats, std::move(*state));
  auto result = match.Play();
  // A game whose bots the interrupt cleanup is killing ended through no
  // fault of theirs: never hand it back to be recorded (it is replayed on
  // resume); the cleanup owns the exit.
  if (InterruptCleanupStarted()) WaitForInterruptExit();
  return result;
}

}  // namespace arbiter
