#include "arbiter/match/match.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>

#include "arbiter/games/zetema/state.h"
#include "arbiter/games/zetema/wire/convert.h"
#include "arbiter/match/decision.h"
#include "arbiter/process/bot_process.h"

namespace arbiter {
namespace {

namespace pb = zetema::v1;

// A seat during one game.
struct SeatState {
  SeatPlayer* player;
  SeatClock clock;
  bool live;  // still asked for decisions and sent messages
  size_t events_sent = 0;
  std::optional<ResourceUsage> usage;  // the sandbox's counters, last seen
};

std::optional<ResourceUsage> UsageOf(const SeatState& s) {
  return s.player->usage ? s.player->usage() : std::nullopt;
}

class Game {
 public:
  Game(const GameSetup& setup, std::span<SeatPlayer> players,
       zetema::State state)
      : setup_(setup), state_(std::move(state)) {
    for (auto& p : players) {
      seats_.push_back({&p, SeatClock(setup.time),
                        p.channel != nullptr && p.channel->IsOpen()});
      seats_.back().usage = UsageOf(seats_.back());
    }
    faults_.assign(players.size(), arbiter::v1::FAULT_REASON_UNSPECIFIED);
  }

  MatchResult Play();

 private:
  void StartRecord();
  void SendGameStart();
  // Sends `seat` the events it has not seen yet, in one batch. A seat gets
  // them just before its own decision (and at the end): waking every bot
  // after every action would only compete for the CPU with the bot to act.
  void SendNewEvents(int seat);
  void Broadcast(const v1::ArbiterMessage& m);
  // Records a fault; true when the game ends because of it.
  bool Fault(int seat, arbiter::v1::FaultReason reason, const std::string& detail);
  // A limit of the seat's sandbox that was reached since it was last
  // looked at (`now`: its counters now), as a fault.
  std::optional<DecisionFault> LimitReached(
      SeatState& s, const std::optional<ResourceUsage>& now);
  void Finish();

  const GameSetup& setup_;
  zetema::State state_;
  std::vector<SeatState> seats_;
  std::vector<arbiter::v1::FaultReason> faults_;
  arbiter::v1::GameRecord record_;
  int forfeit_seat_ = -1;
};

void Game::StartRecord() {
  record_.set_game_id(setup_.game_id);
  record_.set_arbiter_version(setup_.arbiter_version);
  record_.set_game("zetema");
  *record_.mutable_ruleset() = RulesetToProto(setup_.rules);
  record_.set_num_players(setup_.num_players);
  record_.set_seed(setup_.seed);
  record_.set_first_dealer(state_.Dealer());
  const auto teams = setup_.rules.Teams(setup_.num_players);
  for (int s = 0; s < int(seats_.size()); ++s) {
    auto* seat = record_.add_seats();
    seat->set_seat(s);
    seat->set_bot_name(seats_[s].player->name);
    if (seats_[s].player->channel) {
      seat->set_bot_version(seats_[s].player->channel->bot_version());
    }
    seat->set_team(teams[s]);
  }
  record_.set_tournament_id(setup_.tournament_id);
  record_.set_round(setup_.round);
  record_.set_duplicate_group(setup_.duplicate_group);
  record_.set_started_at(NowRfc3339());
}

void Game::Broadcast(const v1::ArbiterMessage& m) {
  for (auto& s : seats_) {
    if (s.live) s.player->channel->Send(m);
  }
}

void Game::SendGameStart() {
  v1::ArbiterMessage m;
  auto* start = m.mutable_game_start();
  start->set_game_id(setup_.game_id);
  start->set_num_players(setup_.num_players);
  start->set_game("zetema");
  for (const auto& seat : record_.seats()) {
    start->add_teams(seat.team());
    auto* p = start->add_players();
    p->set_seat(seat.seat());
    p->set_bot_name(seat.bot_name());
    p->set_bot_version(seat.bot_version());
    p->set_team(seat.team());
  }
  auto* tc = start->mutable_time_control();
  tc->set_move_limit_ms(setup_.time.move_ms);
  tc->set_bank_ms(setup_.time.bank_ms);
  tc->set_increment_ms(setup_.time.increment_ms);
  tc->set_grace_ms(setup_.time.grace_ms);
  *start->mutable_zetema()->mutable_ruleset() = record_.ruleset();
  start->mutable_zetema()->set_first_dealer(record_.first_dealer());
  for (int s = 0; s < int(seats_.size()); ++s) {
    if (!seats_[s].live) continue;
    // Leftovers of an earlier game (late answers) are of no use now.
    seats_[s].player->channel->DiscardPending();
    start->set_seat(s);
    seats_[s].player->channel->Send(m);
  }
}

void Game::SendNewEvents(int seat) {
  const auto& events = state_.Events();
  auto& s = seats_[seat];
  if (!s.live || s.events_sent == events.size()) return;
  v1::ArbiterMessage m;
  m.mutable_game_event()->set_game_id(setup_.game_id);
  auto* batch = m.mutable_game_event()->mutable_zetema();
  for (size_t i = s.events_sent; i < events.size(); ++i) {
    *batch->add_events() = EventToProto(events[i], seat);
  }
  s.player->channel->Send(m);
  s.events_sent = events.size();
}

bool Game::Fault(int seat, arbiter::v1::FaultReason reason, const std::string& detail) {
  auto* f = record_.mutable_result()->add_faults();
  f->set_seat(seat);
  f->set_reason(reason);
  f->set_step(record_.steps_size());
  f->set_detail(detail);
  if (faults_[seat] == arbiter::v1::FAULT_REASON_UNSPECIFIED) faults_[seat] = reason;
  if (reason == arbiter::v1::FAULT_REASON_CRASH ||
      reason == arbiter::v1::FAULT_REASON_DISCONNECT ||
      reason == arbiter::v1::FAULT_REASON_STARTUP) {
    seats_[seat].live = false;
  }
  if (reason == arbiter::v1::FAULT_REASON_MEMORY_LIMIT ||
      reason == arbiter::v1::FAULT_REASON_PROCESS_LIMIT) {
    // Killed at the limit, or still running: asked again only if alive.
    seats_[seat].live = seats_[seat].player->channel->IsOpen();
  }
  if (setup_.policy == FaultPolicy::kForfeit) {
    forfeit_seat_ = seat;
    return true;
  }
  return false;
}

std::optional<DecisionFault> Game::LimitReached(
    SeatState& s, const std::optional<ResourceUsage>& now) {
  if (!now || !s.usage) return std::nullopt;
  const ResourceUsage before = *s.usage;
  s.usage = now;
  if (now->oom_kills > before.oom_kills) {
    const uint64_t n = now->oom_kills - before.oom_kills;
    return DecisionFault{
        .reason = arbiter::v1::FAULT_REASON_MEMORY_LIMIT,
        .detail =
            "the bot's sandbox reached its memory limit: " + std::to_string(n) +
            " process" + (n == 1 ? "" : "es") + " killed"};
  }
  if (now->pids_refused > before.pids_refused) {
    const uint64_t n = now->pids_refused - before.pids_refused;
    return DecisionFault{
        .reason = arbiter::v1::FAULT_REASON_PROCESS_LIMIT,
        .detail =
            "the bot tried to run more processes or threads than its "
            "sandbox allows: " +
            std::to_string(n) + " refused"};
  }
  return std::nullopt;
}

void Game::Finish() {
  // A limit reached after a seat's last decision counts too.
  for (int s = 0; s < int(seats_.size()) && forfeit_seat_ < 0; ++s) {
    if (faults_[s] != arbiter::v1::FAULT_REASON_UNSPECIFIED) continue;
    if (auto f = LimitReached(seats_[s], UsageOf(seats_[s]))) {
      Fault(s, f->reason, f->detail);
    }
  }
  for (int s = 0; s < int(seats_.size()); ++s) SendNewEvents(s);
  FillOutcome(state_, forfeit_seat_, &record_);
  record_.set_finished_at(NowRfc3339());
  v1::ArbiterMessage end;
  end.mutable_game_end()->set_game_id(setup_.game_id);
  *end.mutable_game_end()->mutable_outcome() = record_.result();
  *end.mutable_game_end()->mutable_zetema() = record_.result();
  Broadcast(end);
}

MatchResult Game::Play() {
  StartRecord();
  bool over = false;
  for (int s = 0; s < int(seats_.size()) && !over; ++s) {
    if (seats_[s].live) continue;
    const auto& p = *seats_[s].player;
    over = Fault(s, arbiter::v1::FAULT_REASON_STARTUP,
                 p.startup_detail.empty() ? "the bot is not connected"
                                          : p.startup_detail);
  }
  if (!over) SendGameStart();
  std::vector<zetema::Action> legal;
  while (!over && !state_.IsTerminal()) {
    const int seat = state_.CurrentPlayer();
    SendNewEvents(seat);
    state_.LegalActions(&legal);
    auto& s = seats_[seat];
    zetema::Action action = legal.front();  // the default action
    uint32_t decision_us = 0;
    uint32_t cpu_us = 0;
    uint64_t request_id = 0;
    bool strike = !s.live;
    if (s.live) {
      const auto before = UsageOf(s);
      auto decision = AskForDecision(*s.player->channel, state_, legal, s.clock,
                                     setup_.game_id, s.player->process_exited);
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
      // killed at its memory limit also closed its stream).
      if (auto limit = LimitReached(s, after)) fault = limit;
      if (fault) {
        over = Fault(seat, fault->reason, fault->detail);
        if (over) break;
        action = legal.front();
        strike = true;
      }
    }
    auto* step = record_.add_steps();
    step->set_seat(seat);
    step->set_decision_us(decision_us);
    step->set_request_id(request_id);
    step->set_strike(strike);
    step->set_cpu_us(cpu_us);
    step->set_action(zetema::ActionToString(action));
    // Every action here is one of the engine's own legal actions.
    if (auto applied = state_.Apply(action); !applied) {
      std::fprintf(stderr,
                   "arbiter: the engine refused its own legal action "
                   "'%s': %s\n",
                   step->action().c_str(), applied.error().c_str());
      std::abort();
    }
  }
  Finish();
  return MatchResult{.record = std::move(record_), .faults = faults_};
}

}  // namespace

void FillOutcome(const zetema::State& state, int forfeit_seat,
                 arbiter::v1::GameRecord* record) {
  auto* result = record->mutable_result();
  const int n = state.num_players();
  std::vector<int> team_of(n), team_scores(state.NumTeams());
  result->clear_scores();
  result->clear_team_scores();
  result->clear_places();
  for (int s = 0; s < n; ++s) {
    result->add_scores(state.Score(s));
    team_of[s] = state.TeamOf(s);
  }
  for (int t = 0; t < state.NumTeams(); ++t) {
    team_scores[t] = state.TeamScore(t);
    result->add_team_scores(team_scores[t]);
  }
  std::vector<int> places;
  if (forfeit_seat >= 0) {
    result->set_end_reason(arbiter::v1::END_REASON_FORFEIT);
    result->set_winner(-1);
    places = ForfeitPlaces(team_of, team_scores, forfeit_seat);
  } else {
    result->set_end_reason(state.Winner() >= 0 ? arbiter::v1::END_REASON_TARGET
                                               : arbiter::v1::END_REASON_MAX_HANDS);
    result->set_winner(state.Winner());
    places = state.Standings();
  }
  for (int p : places) result->add_places(p);
  result->set_hands_played(state.HandNumber());
  result->set_forfeit_seat(forfeit_seat);
  record->clear_deals();
  record->clear_events();
  for (const auto& e : state.Events()) {
    if (e.type == zetema::EventType::kDeal) {
      auto* deal = record->add_deals();
      deal->set_hand_number(e.value);
      deal->set_dealer(e.seat);
      deal->set_deck(zetema::CardsToString(state.Deck(e.value)));
    }
    *record->add_events() = EventToProto(e, kPublicViewer);
  }
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
  if (int(seats.size()) != setup.num_players) {
    return std::unexpected("game " + setup.game_id + ": " +
                           std::to_string(seats.size()) + " seats for " +
                           std::to_string(setup.num_players) + " players");
  }
  zetema::GameConfig config;
  config.rules = std::make_shared<const zetema::Ruleset>(setup.rules);
  config.num_players = setup.num_players;
  config.seed = setup.seed;
  config.first_dealer = setup.first_dealer;
  config.decks = setup.decks;
  auto state = zetema::State::New(std::move(config));
  if (!state)
    return std::unexpected("game " + setup.game_id + ": " + state.error());
  Game game(setup, seats, std::move(*state));
  auto result = game.Play();
  // A game whose bots the interrupt cleanup is killing ended through no
  // fault of theirs: never hand it back to be recorded (it is replayed on
  // resume); the cleanup owns the exit.
  if (InterruptCleanupStarted()) WaitForInterruptExit();
  return result;
}

}  // namespace arbiter
