// Match play knows games only through the game interface: these tests play
// the test game High Card (arbiter/games/high_card), whose decisions, events
// and ruleset travel in the envelope's text forms. Zetema's own match tests
// are in arbiter/games/zetema/qa/match_test.cc.
#include "arbiter/match/match.h"

#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <thread>

#include "arbiter/games/registry.h"
#include "arbiter/match/decision.h"
#include "arbiter/records/game_record.h"
#include "arbiter/replay/replay.h"

namespace arbiter {
namespace {

enum class Answer {
  kIndex,
  kText,
  kBadText,
  kIllegalText,
  kTyped,
  kSilent,
  kHostileText
};

// An in-process bot that answers with the last legal action, as told.
class TextBot : public BotChannel {
 public:
  explicit TextBot(Answer answer, bool events_in_request = false)
      : answer_(answer), events_in_request_(events_in_request) {}

  bool Send(const v1::ArbiterMessage& m) override {
    sent_.push_back(m);
    if (!m.has_decision_request()) return true;
    const auto& r = m.decision_request();
    v1::BotMessage reply;
    auto* a = reply.mutable_action_reply();
    a->set_request_id(r.request_id());
    const auto& legal = r.text().legal_actions();
    switch (answer_) {
      case Answer::kIndex:
        a->set_index(r.num_legal_actions() - 1);
        break;
      case Answer::kText:
        a->set_text(legal[legal.size() - 1]);
        break;
      case Answer::kBadText:
        a->set_text("fold");
        break;
      case Answer::kIllegalText:
        a->set_text("play 1S");  // no such card: unreadable
        for (const char* c : {"AS", "KS", "QS", "JS", "TS", "9S"}) {
          if (std::find(legal.begin(), legal.end(), std::string("play ") + c) ==
              legal.end()) {
            a->set_text(std::string("play ") + c);
            break;
          }
        }
        break;
      case Answer::kTyped:
        a->mutable_action()->mutable_discard()->set_card("AS");
        break;
      case Answer::kSilent:
        return true;
      case Answer::kHostileText: {  // a cleared screen, a forged line
        static const std::string kText =
            "\x1b[2J\nfault: forged " + std::string(64 << 10, 'x');
        a->set_text(kText);
        break;
      }
    }
    inbox_.push_back(reply);
    return true;
  }
  std::expected<v1::BotMessage, ReceiveError> Receive(
      Clock::time_point deadline) override {
    if (inbox_.empty()) {
      std::this_thread::sleep_until(deadline);
      return std::unexpected(ReceiveError::kTimeout);
    }
    auto m = inbox_.front();
    inbox_.pop_front();
    return m;
  }
  bool IsOpen() override { return true; }
  void Close(v1::ErrorCode, const std::string&) override {}
  void DiscardPending() override { inbox_.clear(); }
  std::string bot_name() const override { return "text-bot"; }
  std::string bot_version() const override { return "1"; }
  std::string hello_note() const override { return hello_note_; }
  bool events_in_request() const override { return events_in_request_; }

  std::vector<v1::ArbiterMessage> sent_;
  std::string hello_note_;

 private:
  Answer answer_;
  bool events_in_request_;
  std::deque<v1::BotMessage> inbox_;
};

// `a_usage`: the counters of a's sandbox (unset: a has none).
MatchResult Play(TextBot& a, TextBot& b,
                 FaultPolicy policy = FaultPolicy::kForfeit,
                 std::function<std::optional<ResourceUsage>()> a_usage = {}) {
  GameSetup setup{.game_id = "hc-1",
                  .game = *game::LoadGame("high_card"),
                  .deal = {.num_seats = 2, .seed = 5},
                  .time = {.move_ms = 20, .grace_ms = 5},
                  .policy = policy};
  std::vector<SeatPlayer> seats = {
      {.name = "a", .channel = &a, .usage = std::move(a_usage)},
      {.name = "b", .channel = &b}};
  auto played = PlayGame(setup, seats);
  EXPECT_TRUE(played.has_value()) << played.error();
  // Through JSON, as a reader of the file sees it.
  auto back = records::RecordFromJson(records::RecordToJson(played->record));
  EXPECT_TRUE(back.has_value());
  for (const auto& d : VerifyRecord(*back)) ADD_FAILURE() << d;
  return std::move(*played);
}

// Every decision request lists what each legal action scores, in the
// envelope (every game) and in Zetema's own legal actions.
TEST(MatchTest, DecisionRequestsCarryEachLegalActionsPoints) {
  auto state = (*game::LoadGame())->NewState({.num_seats = 2, .seed = 5});
  ASSERT_TRUE(state.has_value()) << state.error();
  game::State& s = **state;
  SeatClock clock(TimeControl{});
  int scoring = 0;
  for (int turn = 0; turn < 2000 && !s.IsTerminal(); ++turn) {
    const v1::ArbiterMessage m = MakeDecisionRequest(1, s, clock, "g");
    const auto& r = m.decision_request();
    ASSERT_EQ(r.legal_action_points_size(), s.NumLegalActions());
    ASSERT_EQ(r.zetema().legal_actions_size(), s.NumLegalActions());
    int best = 0;
    for (int i = 0; i < s.NumLegalActions(); ++i) {
      EXPECT_EQ(r.legal_action_points(i), s.LegalActionPoints(i));
      EXPECT_EQ(r.zetema().legal_actions(i).points(), s.LegalActionPoints(i));
      if (s.LegalActionPoints(i) > s.LegalActionPoints(best)) best = i;
    }
    scoring += s.LegalActionPoints(best) > 0;
    s.Apply(best);
  }
  EXPECT_GT(scoring, 0);
}

// Each seat's bot is marked with the record's index of every step it is
// asked for, before the request goes out.
TEST(MatchTest, EachRequestIsMarkedWithItsStepFirst) {
  TextBot a(Answer::kIndex), b(Answer::kIndex);
  GameSetup setup{.game_id = "g1",
                  .game = *game::LoadGame("high_card"),
                  .deal = {.num_seats = 2, .seed = 5},
                  .time = {.move_ms = 200, .grace_ms = 50}};
  std::vector<int> marked[2];
  std::vector<SeatPlayer> seats = {{.name = "a", .channel = &a},
                                   {.name = "b", .channel = &b}};
  for (int s = 0; s < 2; ++s) {
    TextBot* bot = s == 0 ? &a : &b;
    seats[s].mark_step = [&, s, bot](int step) {
      marked[s].push_back(step);
      // No request for this step has gone out yet.
      size_t requests = 0;
      for (const auto& m : bot->sent_) requests += m.has_decision_request();
      EXPECT_EQ(requests, marked[s].size() - 1);
    };
  }
  auto played = PlayGame(setup, seats);
  ASSERT_TRUE(played.has_value()) << played.error();
  std::vector<int> asked[2];
  for (int i = 0; i < played->record.steps_size(); ++i) {
    asked[played->record.steps(i).seat()].push_back(i);
  }
  for (int s = 0; s < 2; ++s) {
    EXPECT_FALSE(asked[s].empty());
    EXPECT_EQ(marked[s], asked[s]) << "seat " << s;
  }
}

// Every message a bot gets names the game by the id it is told, never by
// the record's (which names a duplicate deal's seating).
TEST(MatchTest, BotsAreToldTheirOwnGameIdAndTheRecordKeepsItsOwn) {
  TextBot a(Answer::kIndex), b(Answer::kIndex);
  GameSetup setup{.game_id = "3fa9c2d1-r1-t1-d1-s1",
                  .bot_game_id = "g0123456789abcdef",
                  .game = *game::LoadGame("high_card"),
                  .deal = {.num_seats = 2, .seed = 5},
                  .time = {.move_ms = 200, .grace_ms = 50}};
  std::vector<SeatPlayer> seats = {{.name = "a", .channel = &a},
                                   {.name = "b", .channel = &b}};
  auto played = PlayGame(setup, seats);
  ASSERT_TRUE(played.has_value()) << played.error();
  EXPECT_EQ(played->record.game_id(), "3fa9c2d1-r1-t1-d1-s1");
  int ids = 0;
  for (const TextBot* bot : {&a, &b}) {
    for (const v1::ArbiterMessage& m : bot->sent_) {
      EXPECT_EQ(m.DebugString().find("d1-s1"), std::string::npos)
          << m.DebugString();
      for (const std::string* id :
           {&m.game_start().game_id(), &m.game_event().game_id(),
            &m.decision_request().game_id(), &m.game_end().game_id()}) {
        if (id->empty()) continue;
        EXPECT_EQ(*id, "g0123456789abcdef");
        ++ids;
      }
    }
  }
  EXPECT_GE(ids, 6);  // a start, a request and an end for each seat
}

TEST(MatchTest, FaultDetailsAndHelloNotesAreKeptPrintable) {
  TextBot a(Answer::kHostileText), b(Answer::kIndex);
  a.hello_note_ = "bot_version: 3670016 bytes cut to 128";
  const MatchResult m = Play(a, b);
  ASSERT_EQ(m.record.result().faults_size(), 1);
  EXPECT_EQ(m.record.result().faults(0).reason(),
            v1::FAULT_REASON_MALFORMED_MESSAGE);
  const std::string& detail = m.record.result().faults(0).detail();
  EXPECT_EQ(detail.size(), kMaxFaultDetailBytes + 3) << detail;
  EXPECT_TRUE(detail.ends_with("xxx...")) << detail;
  EXPECT_EQ(detail.find_first_of("\n\x1b"), std::string::npos) << detail;
  EXPECT_NE(detail.find("\xef\xbf\xbd[2J\xef\xbf\xbd"
                        "fault: forged"),
            std::string::npos)
      << detail;
  EXPECT_EQ(m.record.seats(0).hello_note(), a.hello_note_);
  EXPECT_FALSE(m.record.seats(1).has_hello_note());
}

TEST(MatchTest, PlaysAnyGameThroughTheInterface) {
  TextBot a(Answer::kIndex), b(Answer::kText);
  const MatchResult m = Play(a, b);
  const auto& record = m.record;
  EXPECT_EQ(record.game(), "high_card");
  EXPECT_EQ(record.steps_size(), 6);  // 3 cards each
  EXPECT_EQ(record.result().faults_size(), 0);
  EXPECT_EQ(record.result().end_reason(), v1::END_REASON_COMPLETE);
  EXPECT_TRUE(record.has_first_mover());
  EXPECT_NE(record.ruleset_toml().find("cards = 3"), std::string::npos);
  EXPECT_FALSE(record.event_texts().empty());
  EXPECT_EQ(record.seats(1).bot_version(), "1");
  // Every seat heard the start, the events and the end; no typed member is
  // filled for a game without typed messages.
  bool start = false, events = false, end = false;
  for (const auto& msg : a.sent_) {
    start |= msg.has_game_start() && msg.game_start().game() == "high_card";
    events |= msg.has_game_event() && msg.game_event().text().lines_size() > 0;
    if (msg.has_game_end()) {
      end = true;
      EXPECT_EQ(msg.game_end().outcome().scores_size(), 2);
      EXPECT_EQ(msg.game_end().result_case(), v1::GameEnd::RESULT_NOT_SET);
    }
  }
  EXPECT_TRUE(start && events && end);
}

// The lines of events a seat was sent, in order, wherever they came, and
// how many GameEvent messages came before a decision request.
struct EventsSeen {
  std::vector<std::string> lines;
  int messages_before_a_request = 0;
};
EventsSeen SeenBy(const TextBot& bot) {
  EventsSeen seen;
  for (size_t i = 0; i < bot.sent_.size(); ++i) {
    const auto& m = bot.sent_[i];
    const auto& lines = m.has_game_event()
                            ? m.game_event().text().lines()
                            : m.decision_request().events().text().lines();
    seen.lines.insert(seen.lines.end(), lines.begin(), lines.end());
    seen.messages_before_a_request += m.has_game_event() &&
                                      i + 1 < bot.sent_.size() &&
                                      bot.sent_[i + 1].has_decision_request();
  }
  return seen;
}

// Hello.events_in_request: the same events in the same order, inside the
// requests instead of messages of their own before them.
TEST(MatchTest, EventsComeInsideRequestsForABotThatAsks) {
  TextBot a(Answer::kIndex), b(Answer::kIndex);
  TextBot a_in(Answer::kIndex, true), b_in(Answer::kIndex, true);
  const MatchResult separate = Play(a, b);
  const MatchResult inside = Play(a_in, b_in);
  EXPECT_EQ(separate.record.steps_size(), inside.record.steps_size());
  for (const auto& [plain, asking] :
       {std::pair<TextBot*, TextBot*>{&a, &a_in}, {&b, &b_in}}) {
    const EventsSeen before = SeenBy(*plain), now = SeenBy(*asking);
    EXPECT_FALSE(before.lines.empty());
    EXPECT_EQ(now.lines, before.lines);
    EXPECT_GT(before.messages_before_a_request, 0);
    EXPECT_EQ(now.messages_before_a_request, 0);
  }
  int requests_with_events = 0;
  for (const auto& m : a_in.sent_) {
    requests_with_events += m.decision_request().has_events();
  }
  EXPECT_GT(requests_with_events, 0);
}

// A step's cpu_us counts the bot's sandbox from its previous decision to
// this answer: the work of reading the events (or thinking on the other
// seat's turn) is the bot's too.
TEST(MatchTest, CpuTimeCountsFromTheSeatsPreviousDecision) {
  // Bot `a` uses 3 us for each events message and 7 us for each request...
  struct CountingBot : TextBot {
    CountingBot() : TextBot(Answer::kIndex) {}
    bool Send(const v1::ArbiterMessage& m) override {
      cpu_us += m.has_game_event() ? 3 : m.has_decision_request() ? 7 : 0;
      return TextBot::Send(m);
    }
    uint64_t cpu_us = 1000;
  } a;
  // ... and 5 us thinking on each of b's turns.
  struct PonderedBot : TextBot {
    explicit PonderedBot(CountingBot* a) : TextBot(Answer::kIndex), a(a) {}
    bool Send(const v1::ArbiterMessage& m) override {
      if (m.has_decision_request()) a->cpu_us += 5;
      return TextBot::Send(m);
    }
    CountingBot* a;
  } b(&a);
  const MatchResult played = Play(a, b, FaultPolicy::kForfeit, [&a] {
    return ResourceUsage{.cpu_us = a.cpu_us};
  });
  std::vector<uint32_t> a_steps;
  std::string order;
  for (const auto& step : played.record.steps()) {
    order += "ab"[step.seat()];
    if (step.seat() == 0) a_steps.push_back(step.cpu_us());
    if (step.seat() == 1) EXPECT_EQ(step.cpu_us(), 0u);  // not measured
  }
  // Each of a's decisions costs 10 (its events and its request), plus 5
  // for each turn of b since a's previous decision.
  ASSERT_EQ(order, "baabab");
  EXPECT_EQ(a_steps, (std::vector<uint32_t>{15, 10, 15}));
}

// A limit the sandbox reports only after the game is over (after the bot's
// last decision) is a fault of the seat, but a finished game stays finished:
// the record verifies.
TEST(MatchTest, ALimitSeenAfterTheLastDecisionDoesNotUndoTheGame) {
  TextBot a(Answer::kIndex);
  struct LastTurnBot : TextBot {
    explicit LastTurnBot(uint64_t* refused)
        : TextBot(Answer::kIndex), refused(refused) {}
    bool Send(const v1::ArbiterMessage& m) override {
      if (m.has_decision_request() && ++requests == 3) ++*refused;
      return TextBot::Send(m);
    }
    uint64_t* refused;
    int requests = 0;
  };
  uint64_t refused = 0;
  LastTurnBot b(&refused);
  // Play checks that the record verifies.
  const MatchResult played = Play(a, b, FaultPolicy::kForfeit, [&] {
    return ResourceUsage{.pids_refused = refused};
  });
  const auto& result = played.record.result();
  EXPECT_EQ(played.record.steps_size(), 6);
  EXPECT_EQ(result.end_reason(), v1::END_REASON_COMPLETE);
  EXPECT_EQ(result.forfeit_seat(), -1);
  ASSERT_EQ(result.faults_size(), 1);
  EXPECT_EQ(result.faults(0).seat(), 0);
  EXPECT_EQ(result.faults(0).reason(), v1::FAULT_REASON_PROCESS_LIMIT);
  EXPECT_EQ(result.faults(0).step(), -1);
  EXPECT_EQ(played.faults[0], v1::FAULT_REASON_PROCESS_LIMIT);
}

TEST(MatchTest, EachBadAnswerIsItsOwnFault) {
  struct Case {
    Answer answer;
    v1::FaultReason reason;
    std::string detail;
  };
  for (const Case& c : {
           Case{Answer::kBadText, v1::FAULT_REASON_MALFORMED_MESSAGE, "fold"},
           Case{Answer::kIllegalText, v1::FAULT_REASON_ILLEGAL_ACTION,
                "not in the hand"},
           Case{Answer::kTyped, v1::FAULT_REASON_MALFORMED_MESSAGE,
                "no typed actions"},
           Case{Answer::kSilent, v1::FAULT_REASON_TIMEOUT, "no answer"},
       }) {
    TextBot a(c.answer), b(c.answer);
    const MatchResult m = Play(a, b);
    const auto& r = m.record.result();
    ASSERT_EQ(r.faults_size(), 1);
    EXPECT_EQ(r.faults(0).reason(), c.reason);
    EXPECT_NE(r.faults(0).detail().find(c.detail), std::string::npos)
        << r.faults(0).detail();
    EXPECT_EQ(r.end_reason(), v1::END_REASON_FORFEIT);
    EXPECT_EQ(r.places(r.forfeit_seat()), 2);
  }
}

TEST(MatchTest, DefaultActionPolicyPlaysOnWithStrikes) {
  TextBot a(Answer::kBadText), b(Answer::kIndex);
  const MatchResult m = Play(a, b, FaultPolicy::kDefaultAction);
  const auto& record = m.record;
  EXPECT_EQ(record.result().end_reason(), v1::END_REASON_COMPLETE);
  int strikes = 0;
  for (const auto& step : record.steps()) strikes += step.strike();
  EXPECT_EQ(strikes, 3);
  EXPECT_EQ(record.result().faults_size(), 3);
}

TEST(MatchTest, VerifyCatchesTamperedRecords) {
  TextBot a(Answer::kIndex), b(Answer::kIndex);
  const MatchResult m = Play(a, b);
  auto scores = m.record;
  scores.mutable_result()->set_scores(0, 7);
  EXPECT_FALSE(VerifyRecord(scores).empty());
  auto events = m.record;
  events.set_event_texts(1, "seat 0 plays AS");
  EXPECT_FALSE(VerifyRecord(events).empty());
  auto deck = m.record;
  deck.set_ruleset_toml("cards = 30");
  EXPECT_FALSE(VerifyRecord(deck).empty());
  auto game = m.record;
  game.set_game("chess");
  const auto diffs = VerifyRecord(game);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_NE(diffs[0].find("unknown game 'chess'"), std::string::npos);
}

}  // namespace
}  // namespace arbiter
