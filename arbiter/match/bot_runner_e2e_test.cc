// Real bot processes over the real gRPC server: reuse, restart, faults.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "arbiter/games/registry.h"
#include "arbiter/match/bot_runner.h"
#include "arbiter/replay/replay.h"

namespace arbiter {
namespace {

const std::string kBot = ARBITER_TEST_BOT_PATH;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Pids the test bots printed into a log.
std::vector<pid_t> BotPids(const std::string& log) {
  std::vector<pid_t> pids;
  const std::string text = ReadFile(log);
  static const std::regex re("test_bot pid ([0-9]+)");
  for (std::sregex_iterator it(text.begin(), text.end(), re), end; it != end;
       ++it) {
    pids.push_back(std::stoi((*it)[1]));
  }
  return pids;
}

bool Gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return true;
  std::string text((std::istreambuf_iterator<char>(stat)), {});
  return text.substr(text.rfind(')') + 2, 1) == "Z";
}

// Every case runs twice: bots as plain processes, and each in a sandbox.
class BotRunnerTest : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/bot_runner_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
    ::chmod(dir_.c_str(), 0755);
    std::filesystem::create_directory(State());
    if (GetParam()) {
      auto sandbox = sandbox::Sandbox::Start({.mode = sandbox::Mode::kReduced});
      if (!sandbox) GTEST_SKIP() << sandbox.error();
      sandbox_ = std::move(*sandbox);
    }
    auto server = Server::Start({});
    ASSERT_TRUE(server.has_value()) << server.error();
    server_ = std::move(*server);
  }
  void TearDown() override {
    runners_.clear();
    server_->Shutdown();
    std::filesystem::remove_all(dir_);
  }

  BotRunner& Add(const std::string& name, const std::string& args = "") {
    BotRunnerOptions o{.startup_timeout = std::chrono::milliseconds(10000),
                       .log_path = Log(name),
                       .sandbox = sandbox_.get(),
                       .game = "zetema"};
    BotSpec spec{.name = name, .command = kBot + " " + args};
    // Where a bot that changes once restarted keeps its marker (--marker).
    spec.limits.writable = {State()};
    runners_.push_back(std::make_unique<BotRunner>(*server_, spec, o));
    return *runners_.back();
  }
  std::string State() const { return dir_ + "/state"; }
  std::string Log(const std::string& name) const {
    return dir_ + "/" + name + ".log";
  }

  // Plays one game between the first two runners.
  MatchResult Game(uint64_t seed, int move_ms = 2000,
                   FaultPolicy policy = FaultPolicy::kForfeit) {
    GameSetup setup{.game_id = "e2e-" + std::to_string(seed),
                    .game = *game::LoadGame(),
                    .deal = {.num_seats = 2, .seed = seed},
                    .time = {.move_ms = move_ms, .grace_ms = 20},
                    .policy = policy};
    std::vector<SeatPlayer> seats = {runners_[0]->Seat(), runners_[1]->Seat()};
    auto r = PlayGame(setup, seats);
    EXPECT_TRUE(r.has_value());
    for (int s = 0; s < 2; ++s) runners_[s]->AfterGame(r->record, s);
    for (const auto& d : VerifyRecord(r->record)) ADD_FAILURE() << d;
    return std::move(*r);
  }

  // No process of bot `name` is left: by the pids it printed (plain
  // processes), or, sandboxed, no process of any of this test's bots (by
  // the user ids of this run's sandboxes): stop them all first.
  void ExpectNothingLeft(const std::string& name) {
    if (!sandbox_) {
      for (pid_t p : BotPids(Log(name))) {
        EXPECT_TRUE(Gone(p));
        EXPECT_EQ(::waitpid(p, nullptr, WNOHANG), -1);  // reaped
      }
      return;
    }
    if (!sandbox_->privileged()) return;  // one user for all: no telling
    const uid_t first = sandbox::IdBlockOf(::getpid());
    for (const auto& e : std::filesystem::directory_iterator("/proc")) {
      const std::string pid = e.path().filename();
      if (!std::isdigit(static_cast<unsigned char>(pid[0]))) continue;
      struct stat st;
      if (::stat(e.path().c_str(), &st) != 0) continue;
      if (st.st_uid >= first && st.st_uid < first + sandbox::kIdsPerRun) {
        EXPECT_TRUE(Gone(std::stoi(pid))) << "left: pid " << pid;
      }
    }
  }

  std::string dir_;
  std::unique_ptr<sandbox::Sandbox> sandbox_;
  std::unique_ptr<Server> server_;
  std::vector<std::unique_ptr<BotRunner>> runners_;
};

INSTANTIATE_TEST_SUITE_P(Modes, BotRunnerTest, ::testing::Bool(),
                         [](const auto& info) {
                           return info.param ? "Sandboxed" : "Plain";
                         });

TEST_P(BotRunnerTest, ReusesOneProcessAcrossGamesAndLeavesNothingBehind) {
  auto& a = Add("a", "--mode=struct");
  auto& b = Add("b", "--mode=text --name=texty --version=2.5");
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto m = Game(seed);
    EXPECT_EQ(m.record.result().faults_size(), 0);
    EXPECT_NE(m.record.result().end_reason(), arbiter::v1::END_REASON_FORFEIT);
    EXPECT_EQ(m.record.seats(1).bot_name(), "b");
    // What the bot said of itself in its Hello.
    EXPECT_EQ(m.record.seats(1).hello_bot_name(), "texty");
    EXPECT_EQ(m.record.seats(1).bot_version(), "2.5");
  }
  EXPECT_EQ(a.starts(), 1);
  EXPECT_EQ(b.starts(), 1);
  a.Stop();
  b.Stop();
  ASSERT_EQ(BotPids(Log("a")).size(), 1u);
  ExpectNothingLeft("a");
}

TEST_P(BotRunnerTest, CrashIsRecordedAndTheBotRestarts) {
  Add("good");
  auto& bad = Add("bad", "--mode=crash --after=3");
  auto m = Game(5);
  ASSERT_EQ(m.record.result().faults_size(), 1);
  EXPECT_EQ(m.record.result().faults(0).reason(),
            arbiter::v1::FAULT_REASON_CRASH)
      << m.record.result().faults(0).detail();
  // abort(): the signal, by number and name.
  EXPECT_EQ(m.record.result().faults(0).detail(),
            "the bot's process ended during the game: killed by signal 6 "
            "(SIGABRT)");
  EXPECT_EQ(m.record.result().faults(0).step(), m.record.steps_size());
  EXPECT_EQ(m.record.result().forfeit_seat(), 1);
  auto again = Game(6);
  EXPECT_EQ(again.record.result().faults(0).reason(),
            arbiter::v1::FAULT_REASON_CRASH);
  EXPECT_EQ(bad.starts(), 2);
}

TEST_P(BotRunnerTest, DisconnectWhileAliveIsNotACrash) {
  Add("good");
  auto& bad = Add("bad", "--mode=disconnect --after=2");
  auto m = Game(7);
  ASSERT_EQ(m.record.result().faults_size(), 1);
  EXPECT_EQ(m.record.result().faults(0).reason(),
            arbiter::v1::FAULT_REASON_DISCONNECT);
  EXPECT_EQ(m.record.result().faults(0).detail(),
            "the bot's stream closed during the game while its process ran "
            "on");
  Game(8);
  EXPECT_EQ(bad.starts(), 2);
  for (auto& r : runners_) r->Stop();
  ExpectNothingLeft("bad");
}

TEST_P(BotRunnerTest, TimeoutAndLateAnswersAreNeverCredited) {
  Add("good");
  Add("late", "--mode=late --after=2 --delay-ms=300");
  for (uint64_t seed : {9, 10}) {
    auto m = Game(seed, /*move_ms=*/100);
    ASSERT_EQ(m.record.result().faults_size(), 1);
    EXPECT_EQ(m.record.result().faults(0).reason(),
              arbiter::v1::FAULT_REASON_TIMEOUT)
        << m.record.result().faults(0).detail();
  }
}

// A bot slow once: the timeout is that game's fault only. Its process,
// maybe still busy with that decision, is restarted before its next game,
// whose record says why; the new process plays on time.
TEST_P(BotRunnerTest, ATimeoutRestartsTheBotAndTheNextRecordSaysWhy) {
  Add("good");
  auto& slow = Add("slow",
                   "--mode=slow-once --after=3 --delay-ms=3000 "
                   "--marker=" +
                       State() + "/slow --then=random");
  auto first = Game(41, /*move_ms=*/300);
  ASSERT_EQ(first.record.result().faults_size(), 1);
  EXPECT_EQ(first.record.result().faults(0).reason(),
            arbiter::v1::FAULT_REASON_TIMEOUT);
  EXPECT_EQ(first.record.seats(1).restart_reason(), "");
  auto second = Game(42, /*move_ms=*/300);
  EXPECT_EQ(second.record.result().faults_size(), 0)
      << second.record.result().faults(0).detail();
  EXPECT_EQ(second.record.seats(1).restart_reason(),
            "after game e2e-41: FAULT_REASON_TIMEOUT: " +
                first.record.result().faults(0).detail());
  EXPECT_EQ(second.record.seats(0).restart_reason(), "");
  auto third = Game(43, /*move_ms=*/300);
  EXPECT_EQ(third.record.result().faults_size(), 0);
  EXPECT_EQ(third.record.seats(1).restart_reason(), "");
  EXPECT_EQ(slow.starts(), 2);
  for (auto& r : runners_) r->Stop();
  ExpectNothingLeft("slow");
}

// Once a bot has started, nothing a later process of it does at startup
// stops the run: it is that game's startup fault, saying what the arbiter
// told the bot, and the bot is tried again for its next game.
TEST_P(BotRunnerTest, WhatARestartedBotDoesAtStartupIsThatGamesFault) {
  const std::pair<const char*, const char*> kCases[] = {
      {"wrong-game",
       "the arbiter refused its Hello: does not play zetema: its Hello "
       "declares 'pontoon' (Hello.games) (ERROR_CODE_GAME_NOT_DECLARED)"},
      {"bad-token",
       "the bot exited before connecting (exit status 0); the arbiter "
       "refused its Hello: unknown token (ERROR_CODE_BAD_TOKEN)"},
      {"bad-version",
       "the bot exited before connecting (exit status 0); the arbiter "
       "refused its Hello: the bot speaks protocol version 99; this arbiter "
       "speaks version 1 (ERROR_CODE_VERSION_MISMATCH)"},
      {"exit", "the bot exited before connecting (exit status 4)"},
  };
  Add("good");
  uint64_t seed = 50;
  for (const auto& [mode, detail] : kCases) {
    SCOPED_TRACE(mode);
    runners_.resize(1);
    // Its first process plays a game and leaves; the later ones misbehave.
    auto& bot = Add(std::string("later-") + mode,
                    "--mode=leave --after=1 --marker=" + State() + "/" + mode +
                        " --then=" + mode);
    EXPECT_EQ(Game(++seed).record.result().faults_size(), 0);
    auto left = Game(++seed);  // the crash after its first game
    ASSERT_EQ(left.record.result().faults_size(), 1);
    EXPECT_EQ(left.record.result().faults(0).reason(),
              arbiter::v1::FAULT_REASON_CRASH);
    for (int game = 0; game < 2; ++game) {
      auto refused = Game(++seed);
      EXPECT_EQ(bot.harness_error(), "");
      ASSERT_EQ(refused.record.result().faults_size(), 1);
      const auto& f = refused.record.result().faults(0);
      EXPECT_EQ(f.reason(), arbiter::v1::FAULT_REASON_STARTUP);
      EXPECT_EQ(f.detail(), detail);
    }
    EXPECT_EQ(bot.starts(), 3);
  }
}

TEST_P(BotRunnerTest, IllegalAndMalformedOverTheWire) {
  Add("illegal", "--mode=illegal --after=2");
  Add("garbage", "--mode=garbage --after=2");
  auto m = Game(11);
  ASSERT_EQ(m.record.result().faults_size(), 1);
  const auto& f = m.record.result().faults(0);
  EXPECT_EQ(f.reason(), f.seat() == 0
                            ? arbiter::v1::FAULT_REASON_ILLEGAL_ACTION
                            : arbiter::v1::FAULT_REASON_MALFORMED_MESSAGE)
      << f.detail();
}

TEST_P(BotRunnerTest, DefaultPolicyFinishesTheGameWithStrikes) {
  Add("good");
  // Illegal rather than stalling: a stalling seat costs its full limit at
  // every turn (the fake-bot unit tests cover timeouts under this policy).
  Add("illegal", "--mode=illegal --after=2");
  auto m = Game(12, /*move_ms=*/2000, FaultPolicy::kDefaultAction);
  EXPECT_NE(m.record.result().end_reason(), arbiter::v1::END_REASON_FORFEIT);
  EXPECT_GT(m.record.result().faults_size(), 1);
  EXPECT_EQ(m.record.result().faults(0).reason(),
            arbiter::v1::FAULT_REASON_ILLEGAL_ACTION);
}

TEST_P(BotRunnerTest, StartupFailuresAreStartupFaults) {
  Add("good");
  Add("exits", "--mode=exit");
  auto m = Game(13);
  ASSERT_EQ(m.record.result().faults_size(), 1);
  EXPECT_EQ(m.record.result().faults(0).reason(),
            arbiter::v1::FAULT_REASON_STARTUP);
  EXPECT_NE(m.record.result().faults(0).detail().find("exit status 4"),
            std::string::npos)
      << m.record.result().faults(0).detail();
}

TEST_P(BotRunnerTest, WrongProtocolVersionIsRefused) {
  Add("good");
  Add("future", "--mode=bad-version");
  auto m = Game(14);
  ASSERT_EQ(m.record.result().faults_size(), 1);
  const auto& f = m.record.result().faults(0);
  EXPECT_EQ(f.reason(), arbiter::v1::FAULT_REASON_STARTUP);
  // Both versions, whatever the bot did after the refusal.
  EXPECT_NE(f.detail().find("the arbiter refused its Hello: the bot speaks "
                            "protocol version 99; this arbiter speaks "
                            "version 1"),
            std::string::npos)
      << f.detail();
  EXPECT_EQ(f.step(), -1);
  EXPECT_NE(ReadFile(Log("future")).find("protocol version"),
            std::string::npos);
}

// The normal end: Error SHUTDOWN last, status OK, and time to exit before
// any signal.
TEST_P(BotRunnerTest, NormalEndIsACleanCloseAndTheBotExitsByItself) {
  auto& a = Add("a", "--linger-ms=300");
  auto& b = Add("b");
  auto m = Game(21);
  EXPECT_EQ(m.record.result().faults_size(), 0);
  a.Goodbye();
  b.Stop();
  a.Stop();
  for (const char* name : {"a", "b"}) {
    const std::string log = ReadFile(Log(name));
    EXPECT_NE(log.find("test_bot: end: last error 5, status 0"),
              std::string::npos)
        << log;
    EXPECT_NE(log.find("test_bot: exits by itself"), std::string::npos) << log;
    EXPECT_EQ(log.find("SIGTERM"), std::string::npos) << log;
  }
  ExpectNothingLeft("a");
}

TEST_P(BotRunnerTest, ABotThatOverstaysItsGraceGetsSigterm) {
  BotRunnerOptions o{.log_path = Log("slow"),
                     .exit_grace = std::chrono::milliseconds(100),
                     .sandbox = sandbox_.get()};
  BotRunner slow(*server_,
                 {.name = "slow", .command = kBot + " --linger-ms=20000"}, o);
  ASSERT_NE(slow.Seat().channel, nullptr);
  slow.Stop();
  const std::string log = ReadFile(Log("slow"));
  EXPECT_NE(log.find("status 0"), std::string::npos) << log;
  EXPECT_NE(log.find("test_bot: SIGTERM"), std::string::npos) << log;
  EXPECT_EQ(log.find("exits by itself"), std::string::npos) << log;
}

// A bot that leaves between games faults in the next game it is seated in,
// with the reason it would get during a game; the game after restarts it.
TEST_P(BotRunnerTest, LeavingBetweenGamesIsACrashAndHangingUpADisconnect) {
  Add("leaver", "--mode=leave --after=1");
  Add("hanger", "--mode=hang-up --after=1");
  auto first = Game(31);
  EXPECT_EQ(first.record.result().faults_size(), 0);
  auto second = Game(32, 2000, FaultPolicy::kDefaultAction);
  ASSERT_EQ(second.record.result().faults_size(), 2);
  for (const auto& f : second.record.result().faults()) {
    if (f.seat() == 0) {
      EXPECT_EQ(f.reason(), arbiter::v1::FAULT_REASON_CRASH) << f.detail();
      EXPECT_NE(f.detail().find(": exit status 3"), std::string::npos)
          << f.detail();
    } else {
      EXPECT_EQ(f.reason(), arbiter::v1::FAULT_REASON_DISCONNECT) << f.detail();
      EXPECT_NE(f.detail().find("while its process ran on"), std::string::npos)
          << f.detail();
    }
    // Noticed as the game starts (no step) or at the seat's first decision.
    if (f.step() != -1) {
      ASSERT_LT(f.step(), second.record.steps_size());
      EXPECT_EQ(second.record.steps(f.step()).seat(), f.seat());
      EXPECT_TRUE(second.record.steps(f.step()).strike());
    }
  }
  auto third = Game(33);
  EXPECT_EQ(third.record.result().faults_size(), 0);
  EXPECT_EQ(runners_[0]->starts(), 2);
  EXPECT_EQ(runners_[1]->starts(), 2);
  for (auto& r : runners_) r->Stop();
  ExpectNothingLeft("hanger");
}

TEST_P(BotRunnerTest, MissingBinaryNamesIt) {
  BotSpec spec{.name = "ghost", .command = "/no/such/ghost_bot --x"};
  auto checked = CheckBotCommand(spec);
  ASSERT_FALSE(checked.has_value());
  EXPECT_NE(checked.error().find("/no/such/ghost_bot"), std::string::npos);
  BotRunner runner(*server_, spec, {.sandbox = sandbox_.get()});
  const SeatPlayer seat = runner.Seat();
  EXPECT_EQ(seat.channel, nullptr);
  EXPECT_NE(seat.startup_detail.find("/no/such/ghost_bot"), std::string::npos);
}

TEST_P(BotRunnerTest, SpecSetsWorkingDirectoryAndEnvironment) {
  const std::string log = Log("placed");
  BotSpec spec{.name = "placed",
               .command =
                   "sh -c 'echo cwd=$(pwd) x=$X_VAR "
                   "token=$ZETEMA_TOKEN >&2; exit 3'",
               .cwd = dir_,
               .env = {{"X_VAR", "y z"}, {"ZETEMA_TOKEN", "forged"}}};
  ASSERT_TRUE(CheckBotCommand(spec).has_value());
  BotRunner runner(*server_, spec,
                   {.log_path = log, .sandbox = sandbox_.get()});
  const SeatPlayer seat = runner.Seat();
  EXPECT_EQ(seat.channel, nullptr);
  EXPECT_NE(seat.startup_detail.find("exit status 3"), std::string::npos)
      << seat.startup_detail;
  const std::string text = ReadFile(log);
  EXPECT_NE(text.find("cwd=" + dir_ + " x=y z token="), std::string::npos)
      << text;
  // The arbiter's token always wins over the spec's.
  EXPECT_EQ(text.find("token=forged"), std::string::npos) << text;
}

TEST_P(BotRunnerTest, CheckBotCommandUsesTheWorkingDirectory) {
  BotSpec nowhere{.name = "lost", .command = "true", .cwd = dir_ + "/nowhere"};
  auto checked = CheckBotCommand(nowhere);
  ASSERT_FALSE(checked.has_value());
  EXPECT_NE(checked.error().find(dir_ + "/nowhere"), std::string::npos);
  // A relative path with a slash is taken from the bot's directory.
  BotSpec relative{.name = "rel", .command = "./no_such_bot", .cwd = dir_};
  checked = CheckBotCommand(relative);
  ASSERT_FALSE(checked.has_value());
  EXPECT_NE(checked.error().find(dir_ + "/./no_such_bot"), std::string::npos)
      << checked.error();
}

// A sandbox that cannot be set up (here: a path to bind that is gone) is
// the harness's failure, after one retry: the seat is not to be played,
// and no startup fault is the bot's.
TEST_P(BotRunnerTest, SandboxFailureIsTheHarnesssNotTheBots) {
  if (!sandbox_) GTEST_SKIP() << "only with a sandbox";
  BotSpec spec{.name = "unlucky", .command = kBot};
  spec.limits.read_only = {dir_ + "/vanished"};
  BotRunner runner(*server_, spec,
                   {.log_path = Log("unlucky"), .sandbox = sandbox_.get()});
  const SeatPlayer seat = runner.Seat();
  EXPECT_EQ(seat.channel, nullptr);
  EXPECT_NE(runner.harness_error().find("sandbox"), std::string::npos)
      << runner.harness_error();
  EXPECT_EQ(runner.starts(), 0);
  // bubblewrap said why, in the bot's log, twice (the retry).
  const std::string log = ReadFile(Log("unlucky"));
  EXPECT_NE(log.find("vanished"), std::string::npos) << log;
}

// A bot whose Hello does not declare the game (the test bot declares none:
// zetema only) is refused once and for all, as the harness's error (no
// game is the bot's), naming the bot and the game; it is not restarted.
TEST_P(BotRunnerTest, ABotThatDoesNotDeclareTheGameIsRefused) {
  BotRunner runner(
      *server_, BotSpec{.name = "old", .command = kBot},
      {.log_path = Log("old"), .sandbox = sandbox_.get(), .game = "pontoon"});
  const std::string refused =
      "bot 'old': does not play pontoon: its Hello declares no game, which "
      "means zetema only (Hello.games)";
  EXPECT_EQ(runner.Seat().channel, nullptr);
  EXPECT_EQ(runner.harness_error(), refused);
  EXPECT_EQ(runner.starts(), 1);
  EXPECT_EQ(runner.Seat().channel, nullptr);
  EXPECT_EQ(runner.harness_error(), refused);
  EXPECT_EQ(runner.starts(), 1);
  runner.Stop();
  ExpectNothingLeft("old");
}

TEST(BotSpecTest, ParsesNameAndCommand) {
  auto spec = ParseBotSpec("greedy=python3 bot.py --depth=2");
  ASSERT_TRUE(spec.has_value());
  EXPECT_EQ(spec->name, "greedy");
  EXPECT_EQ(spec->command, "python3 bot.py --depth=2");
  EXPECT_FALSE(spec->remote());
  EXPECT_TRUE(ParseBotSpec("far=@")->remote());
  EXPECT_FALSE(ParseBotSpec("noequals").has_value());
  EXPECT_FALSE(ParseBotSpec("=cmd").has_value());
  EXPECT_FALSE(ParseBotSpec("bad name=cmd").has_value());
}

}  // namespace
}  // namespace arbiter
