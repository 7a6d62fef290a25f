// Match play (arbiter/match) with Zetema: every way a bot can answer, and
// misbehave, with in-process fake bots; the records verify.
#include "arbiter/match/match.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>
#include <thread>

#include "arbiter/games/zetema/ruleset.h"
#include "arbiter/games/zetema/zetema_game.h"
#include "arbiter/records/game_record.h"
#include "arbiter/replay/replay.h"

namespace arbiter {
namespace {

namespace pb = ::zetema::v1;

enum class Mode {
  kRandom,
  kText,
  kStruct,
  kIllegal,
  kMalformed,
  kGarbage,
  kStall,
  kLateThenAnswer,
  kDuplicate,
  kClose,
  kUnknownId,
  kOutOfRange,
  kUnparseable  // bytes that are no BotMessage (the transport says so)
};

// A card the seat does not hold: discarding it is well-formed but illegal.
std::string CardNotIn(const pb::Observation& o) {
  for (const char* c : {"AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"}) {
    if (std::find(o.hand().begin(), o.hand().end(), c) == o.hand().end()) {
      return c;
    }
  }
  return "9H";
}

// An in-process bot: answers each request at once, or misbehaves from its
// `after`-th decision on.
class FakeBot : public BotChannel {
 public:
  explicit FakeBot(Mode mode, int after = 1, uint64_t seed = 1)
      : mode_(mode), after_(after), rng_(seed) {}

  bool Send(const v1::ArbiterMessage& m) override {
    if (!open_) return false;
    sent_.push_back(m);
    if (m.has_decision_request()) Answer(m.decision_request());
    return true;
  }
  std::expected<v1::BotMessage, ReceiveError> Receive(
      Clock::time_point deadline) override {
    if (unparseable_) {
      unparseable_ = false;
      return std::unexpected(ReceiveError::kMalformed);
    }
    if (!inbox_.empty()) {
      auto m = inbox_.front();
      inbox_.pop_front();
      return m;
    }
    if (!open_) return std::unexpected(ReceiveError::kClosed);
    std::this_thread::sleep_until(deadline);
    return std::unexpected(ReceiveError::kTimeout);
  }
  bool IsOpen() override { return open_; }
  void Close(v1::ErrorCode, const std::string&) override { open_ = false; }
  void DiscardPending() override { inbox_.clear(); }
  std::string bot_name() const override { return "fake"; }
  std::string bot_version() const override { return "0.1"; }
  std::string MalformedDetail() override { return "17 bytes of noise"; }

  const std::vector<v1::ArbiterMessage>& sent() const { return sent_; }

 private:
  void Answer(const v1::DecisionRequest& r) {
    const auto& legal = r.zetema().legal_actions();
    v1::BotMessage m;
    auto* reply = m.mutable_action_reply();
    reply->set_request_id(r.request_id());
    const int pick = int(rng_() % legal.size());
    reply->set_index(pick);
    const bool bad = ++decisions_ >= after_;
    switch (mode_) {
      case Mode::kRandom:
        break;
      case Mode::kText:
        reply->set_text(legal[pick].text());
        break;
      case Mode::kStruct:
        *reply->mutable_action() = legal[pick].action();
        break;
      case Mode::kIllegal:
        if (bad)
          reply->set_text("discard " + CardNotIn(r.zetema().observation()));
        break;
      case Mode::kMalformed:
        if (bad) reply->clear_answer();
        break;
      case Mode::kGarbage:
        if (bad) reply->set_text("frobnicate");
        break;
      case Mode::kStall:
        if (bad) return;
        break;
      case Mode::kLateThenAnswer:
        if (last_id_ != 0) {
          // An answer to the previous request, pointing at an illegal index.
          v1::BotMessage late;
          late.mutable_action_reply()->set_request_id(last_id_);
          late.mutable_action_reply()->set_index(9999);
          inbox_.push_back(late);
        }
        break;
      case Mode::kDuplicate:
        inbox_.push_back(m);
        break;
      case Mode::kClose:
        if (bad) {
          open_ = false;
          return;
        }
        break;
      case Mode::kUnknownId:
        if (bad) reply->set_request_id(r.request_id() + 1000);
        break;
      case Mode::kOutOfRange:
        if (bad) reply->set_index(uint32_t(legal.size()));
        break;
      case Mode::kUnparseable:
        if (bad) {
          unparseable_ = true;
          return;
        }
        break;
    }
    last_id_ = r.request_id();
    inbox_.push_back(m);
  }

  Mode mode_;
  int after_;
  std::mt19937_64 rng_;
  int decisions_ = 0;
  uint64_t last_id_ = 0;
  bool open_ = true;
  bool unparseable_ = false;
  std::deque<v1::BotMessage> inbox_;
  std::vector<v1::ArbiterMessage> sent_;
};

GameSetup MakeSetup(int players, uint64_t seed,
                    std::string ruleset = "parlett") {
  GameSetup s;
  s.game_id = "test-" + std::to_string(seed);
  s.game = zetema::MakeGame(*zetema::Preset(ruleset));
  s.deal = {.num_seats = players, .seed = seed};
  s.time = {.move_ms = 30, .grace_ms = 10};
  return s;
}

MatchResult Play(const GameSetup& setup, std::vector<FakeBot*> bots,
                 ProcessEnded ended = nullptr) {
  std::vector<SeatPlayer> seats;
  for (size_t i = 0; i < bots.size(); ++i) {
    seats.push_back({.name = "bot" + std::to_string(i),
                     .channel = bots[i],
                     .process_ended = ended});
  }
  auto r = PlayGame(setup, seats);
  EXPECT_TRUE(r.has_value()) << r.error();
  return std::move(*r);
}

void ExpectVerifies(const arbiter::v1::GameRecord& record) {
  // Through JSON, as a reader of the file would see it.
  auto back = records::RecordFromJson(records::RecordToJson(record));
  ASSERT_TRUE(back.has_value()) << back.error().message;
  const auto diffs = VerifyRecord(*back);
  for (const auto& d : diffs) ADD_FAILURE() << d;
}

TEST(MatchTest, RandomBotsPlayAFullVerifiableGame) {
  for (int players : {2, 3, 4, 6}) {
    std::vector<std::unique_ptr<FakeBot>> owned;
    std::vector<FakeBot*> bots;
    for (int i = 0; i < players; ++i) {
      owned.push_back(std::make_unique<FakeBot>(Mode::kRandom, 1, 100 + i));
      bots.push_back(owned.back().get());
    }
    auto m = Play(MakeSetup(players, 7 + players), bots);
    const auto& r = m.record.result();
    EXPECT_TRUE(r.end_reason() == arbiter::v1::END_REASON_TARGET ||
                r.end_reason() == arbiter::v1::END_REASON_MAX_HANDS);
    EXPECT_EQ(r.faults_size(), 0);
    EXPECT_EQ(r.forfeit_seat(), -1);
    EXPECT_EQ(r.places_size(), players);
    EXPECT_GT(m.record.steps_size(), 10);
    EXPECT_GE(m.record.deals_size(), 1);
    EXPECT_EQ(m.record.seats(1).bot_name(), "bot1");
    EXPECT_EQ(m.record.seats(1).bot_version(), "0.1");
    ExpectVerifies(m.record);
    // Every seat saw a start, events, and the end.
    const auto& sent = bots[0]->sent();
    EXPECT_TRUE(sent.front().has_game_start());
    EXPECT_EQ(sent.front().game_start().seat(), 0);
    EXPECT_TRUE(sent.back().has_game_end());
    // GameEnd.zetema (a zetema.v1.Result, as 0.1 bots read it) repeats the
    // outcome field by field.
    const auto& end = sent.back().game_end();
    EXPECT_EQ(end.zetema().SerializeAsString(),
              end.outcome().SerializeAsString());
    EXPECT_EQ(end.zetema().places_size(), players);
    EXPECT_EQ(int(end.zetema().end_reason()), int(r.end_reason()));
  }
}

TEST(MatchTest, TextAndStructuredAnswersAreAccepted) {
  FakeBot a(Mode::kText), b(Mode::kStruct, 1, 2);
  auto m = Play(MakeSetup(2, 3, "sackson"), {&a, &b});
  EXPECT_EQ(m.record.result().faults_size(), 0);
  ExpectVerifies(m.record);
}

TEST(MatchTest, OtherSeatsNeverSeeTheCardsOthersDraw) {
  FakeBot a(Mode::kRandom), b(Mode::kRandom, 1, 2);
  Play(MakeSetup(2, 5), {&a, &b});
  int own = 0;
  for (const auto& m : a.sent()) {
    if (!m.has_game_event()) continue;
    for (const auto& e : m.game_event().zetema().events()) {
      if (e.type() != pb::EVENT_TYPE_DRAW) continue;
      if (e.seat() == 0) {
        EXPECT_FALSE(e.card().empty());
        ++own;
      } else {
        EXPECT_TRUE(e.card().empty()) << e.DebugString();
      }
    }
  }
  EXPECT_GT(own, 0);
}

struct FaultCase {
  Mode mode;
  arbiter::v1::FaultReason reason;
};

class ForfeitTest : public ::testing::TestWithParam<FaultCase> {};

TEST_P(ForfeitTest, TheFaultingSeatForfeits) {
  FakeBot good(Mode::kRandom), bad(GetParam().mode, /*after=*/3);
  auto m = Play(MakeSetup(2, 9), {&good, &bad});
  const auto& r = m.record.result();
  ASSERT_EQ(r.faults_size(), 1);
  EXPECT_EQ(r.faults(0).reason(), GetParam().reason) << r.faults(0).detail();
  EXPECT_EQ(r.faults(0).seat(), 1);
  EXPECT_FALSE(r.faults(0).detail().empty());
  EXPECT_EQ(r.faults(0).step(), m.record.steps_size());
  EXPECT_EQ(r.end_reason(), arbiter::v1::END_REASON_FORFEIT);
  EXPECT_EQ(r.forfeit_seat(), 1);
  EXPECT_EQ(r.winner(), -1);
  EXPECT_EQ(r.places(0), 1);
  EXPECT_EQ(r.places(1), 2);
  EXPECT_EQ(m.faults[1], GetParam().reason);
  EXPECT_EQ(m.faults[0], arbiter::v1::FAULT_REASON_UNSPECIFIED);
  ExpectVerifies(m.record);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, ForfeitTest,
    ::testing::Values(
        FaultCase{Mode::kIllegal, arbiter::v1::FAULT_REASON_ILLEGAL_ACTION},
        FaultCase{Mode::kOutOfRange, arbiter::v1::FAULT_REASON_ILLEGAL_ACTION},
        FaultCase{Mode::kMalformed,
                  arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE},
        FaultCase{Mode::kGarbage, arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE},
        FaultCase{Mode::kUnknownId,
                  arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE},
        FaultCase{Mode::kUnparseable,
                  arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE},
        FaultCase{Mode::kStall, arbiter::v1::FAULT_REASON_TIMEOUT},
        FaultCase{Mode::kClose, arbiter::v1::FAULT_REASON_DISCONNECT}));

TEST(MatchTest, UnparseableMessageIsMalformedAndSaysWhatCame) {
  FakeBot good(Mode::kRandom), bad(Mode::kUnparseable, 2);
  auto m = Play(MakeSetup(2, 5), {&good, &bad});
  ASSERT_EQ(m.record.result().faults_size(), 1);
  const auto& fault = m.record.result().faults(0);
  EXPECT_EQ(fault.reason(), arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE);
  EXPECT_NE(fault.detail().find("17 bytes of noise"), std::string::npos)
      << fault.detail();
}

TEST(MatchTest, ClosedStreamOfAnExitedProcessIsACrash) {
  FakeBot good(Mode::kRandom), bad(Mode::kClose, 2);
  auto m = Play(MakeSetup(2, 4), {&good, &bad},
                [] { return std::string("killed by signal 11 (SIGSEGV)"); });
  ASSERT_EQ(m.record.result().faults_size(), 1);
  const auto& f = m.record.result().faults(0);
  EXPECT_EQ(f.reason(), arbiter::v1::FAULT_REASON_CRASH);
  EXPECT_EQ(f.detail(),
            "the bot's process ended during the game: killed by signal 11 "
            "(SIGSEGV)");
  EXPECT_EQ(f.step(), m.record.steps_size());
}

TEST(MatchTest, ClosedStreamOfALiveProcessIsADisconnect) {
  FakeBot good(Mode::kRandom), bad(Mode::kClose, 2);
  auto m = Play(MakeSetup(2, 4), {&good, &bad},
                [] { return std::optional<std::string>(); });
  ASSERT_EQ(m.record.result().faults_size(), 1);
  const auto& f = m.record.result().faults(0);
  EXPECT_EQ(f.reason(), arbiter::v1::FAULT_REASON_DISCONNECT);
  EXPECT_EQ(f.detail(),
            "the bot's stream closed during the game while its process ran "
            "on");
}

// A stream found closed as the game starts (the bot left after its previous
// game) is judged as one that closes during the game, at no step.
TEST(MatchTest, StreamClosedBeforeTheGameIsJudgedTheSame) {
  FakeBot good(Mode::kRandom), bad(Mode::kClose, 1);
  bad.Close(arbiter::v1::ERROR_CODE_SHUTDOWN, "gone");
  auto m = Play(MakeSetup(2, 4), {&good, &bad},
                [] { return std::string("exit status 3"); });
  ASSERT_EQ(m.record.result().faults_size(), 1);
  const auto& f = m.record.result().faults(0);
  EXPECT_EQ(f.reason(), arbiter::v1::FAULT_REASON_CRASH);
  EXPECT_EQ(f.detail(),
            "the bot's process ended before the game started: exit status 3");
  EXPECT_EQ(f.step(), -1);
  EXPECT_EQ(m.record.steps_size(), 0);
  ExpectVerifies(m.record);
}

TEST(MatchTest, LateAndDuplicateAnswersAreNeverCredited) {
  FakeBot a(Mode::kLateThenAnswer), b(Mode::kDuplicate, 1, 2);
  auto m = Play(MakeSetup(2, 12), {&a, &b});
  EXPECT_EQ(m.record.result().faults_size(), 0)
      << m.record.result().faults(0).detail();
  EXPECT_NE(m.record.result().end_reason(), arbiter::v1::END_REASON_FORFEIT);
  ExpectVerifies(m.record);
}

TEST(MatchTest, MissingBotIsAStartupFault) {
  FakeBot good(Mode::kRandom);
  std::vector<SeatPlayer> seats = {
      {.name = "ok", .channel = &good},
      {.name = "gone", .channel = nullptr, .startup_detail = "exited: 127"}};
  auto m = PlayGame(MakeSetup(2, 1), seats);
  ASSERT_TRUE(m.has_value());
  const auto& r = m->record.result();
  ASSERT_EQ(r.faults_size(), 1);
  EXPECT_EQ(r.faults(0).reason(), arbiter::v1::FAULT_REASON_STARTUP);
  EXPECT_EQ(r.faults(0).detail(), "exited: 127");
  EXPECT_EQ(r.faults(0).step(), -1);  // no decision of the seat's
  EXPECT_EQ(r.forfeit_seat(), 1);
  EXPECT_EQ(m->record.steps_size(), 0);
  ExpectVerifies(m->record);
}

TEST(MatchTest, DefaultPolicyPlaysOnWithStrikes) {
  FakeBot good(Mode::kRandom), bad(Mode::kIllegal, 2, 3);
  auto setup = MakeSetup(2, 21);
  setup.policy = FaultPolicy::kDefaultAction;
  auto m = Play(setup, {&good, &bad});
  const auto& r = m.record.result();
  EXPECT_NE(r.end_reason(), arbiter::v1::END_REASON_FORFEIT);
  EXPECT_GT(r.faults_size(), 1);
  int strikes = 0;
  for (const auto& s : m.record.steps()) {
    if (s.strike()) {
      EXPECT_EQ(s.seat(), 1);
      ++strikes;
    }
  }
  EXPECT_EQ(strikes, r.faults_size());
  ExpectVerifies(m.record);
}

TEST(MatchTest, DefaultPolicyKeepsAskingASeatThatTimedOut) {
  FakeBot good(Mode::kRandom), bad(Mode::kStall, 5, 3);
  auto setup = MakeSetup(2, 23);
  setup.policy = FaultPolicy::kDefaultAction;
  setup.time = {.move_ms = 1, .grace_ms = 1};
  auto m = Play(setup, {&good, &bad});
  const auto& r = m.record.result();
  EXPECT_NE(r.end_reason(), arbiter::v1::END_REASON_FORFEIT);
  ASSERT_GT(r.faults_size(), 1);
  for (const auto& f : r.faults()) {
    EXPECT_EQ(f.reason(), arbiter::v1::FAULT_REASON_TIMEOUT);
    EXPECT_TRUE(m.record.steps(f.step()).strike());
    EXPECT_GE(m.record.steps(f.step()).decision_us(), 2000u);
  }
  ExpectVerifies(m.record);
}

TEST(MatchTest, DefaultPolicyStopsAskingACrashedSeat) {
  FakeBot good(Mode::kRandom), bad(Mode::kClose, 2);
  auto setup = MakeSetup(2, 22);
  setup.policy = FaultPolicy::kDefaultAction;
  auto m = Play(setup, {&good, &bad});
  EXPECT_EQ(m.record.result().faults_size(), 1);
  EXPECT_NE(m.record.result().end_reason(), arbiter::v1::END_REASON_FORFEIT);
  ExpectVerifies(m.record);
}

TEST(MatchTest, FourPlayerForfeitPutsTheWholeTeamLast) {
  FakeBot a(Mode::kRandom), b(Mode::kRandom, 1, 2), c(Mode::kRandom, 1, 3),
      d(Mode::kIllegal, 2);
  auto m = Play(MakeSetup(4, 31), {&a, &b, &c, &d});
  const auto& r = m.record.result();
  ASSERT_EQ(r.forfeit_seat(), 3);
  // Partnerships {0,2} and {1,3}.
  EXPECT_EQ(r.places(1), 2);
  EXPECT_EQ(r.places(3), 2);
  EXPECT_EQ(r.places(0), 1);
  EXPECT_EQ(r.places(2), 1);
}

TEST(MatchTest, ForfeitPlacesRanksOtherTeamsByScore) {
  // Free for all, seat 1 forfeits with the best score.
  EXPECT_EQ(ForfeitPlaces({0, 1, 2}, {10, 99, 10}, 1),
            (std::vector<int>{1, 3, 1}));
  EXPECT_EQ(ForfeitPlaces({0, 1, 2, 3}, {5, 0, 7, 1}, 0),
            (std::vector<int>{4, 3, 1, 2}));
}

TEST(MatchTest, VerifyCatchesTamperedRecords) {
  FakeBot a(Mode::kRandom), b(Mode::kRandom, 1, 2);
  auto m = Play(MakeSetup(2, 41), {&a, &b});
  ASSERT_TRUE(VerifyRecord(m.record).empty());
  auto scores = m.record;
  scores.mutable_result()->set_scores(0, scores.result().scores(0) + 5);
  EXPECT_FALSE(VerifyRecord(scores).empty());
  auto steps = m.record;
  std::swap(*steps.mutable_steps(2), *steps.mutable_steps(4));
  EXPECT_FALSE(VerifyRecord(steps).empty());
  auto truncated = m.record;
  truncated.mutable_steps()->RemoveLast();
  EXPECT_FALSE(VerifyRecord(truncated).empty());
  auto event = m.record;
  event.mutable_events(3)->set_points(77);
  EXPECT_FALSE(VerifyRecord(event).empty());
}

TEST(MatchTest, BadSetupIsAnError) {
  FakeBot a(Mode::kRandom);
  std::vector<SeatPlayer> one = {{.name = "a", .channel = &a}};
  auto r = PlayGame(MakeSetup(2, 1), one);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().find("1 seats for 2 players"), std::string::npos);
}

}  // namespace
}  // namespace arbiter
