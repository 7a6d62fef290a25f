// The `arbiter play` and `arbiter replay` commands, run as a user would.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "arbiter/records/game_record.h"
#include "arbiter/records/record_writer.h"
#include "arbiter/process/bot_process.h"

namespace arbiter {
namespace {

using std::chrono::milliseconds;

const std::string kArbiter = ARBITER_PATH;
const std::string kBot = ARBITER_TEST_BOT_PATH;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class PlayCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/play_cli_test.XXXXXX";
    dir_ = ::mkdtemp(tmpl);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Runs the arbiter; returns its exit description; output in Output().
  std::unique_ptr<BotProcess> Start(std::vector<std::string> args) {
    args.insert(args.begin(), kArbiter);
    auto p = BotProcess::Spawn(
        {.argv = args, .log_path = dir_ + "/out.txt", .working_dir = dir_});
    EXPECT_TRUE(p.has_value()) << p.error();
    return std::move(*p);
  }
  std::string Run(std::vector<std::string> args) {
    auto p = Start(std::move(args));
    EXPECT_TRUE(p->WaitExit(milliseconds(60000)));
    p->Stop();
    return p->ExitDescription();
  }
  std::string Output() { return ReadFile(dir_ + "/out.txt"); }

  std::string dir_;
};

TEST_F(PlayCliTest, PlaysRotatesRecordsAndVerifies) {
  const std::string out = dir_ + "/games.jsonl";
  EXPECT_EQ(
      Run({"play", "--bot", "r1=" + kBot, "--bot",
           "r2=" + kBot + " --mode=text", "--bot", "r3=" + kBot, "--games", "3",
           "--seed", "5", "--ruleset", "hunt", "--out", out}),
      "exit status 0")
      << Output();
  auto read = records::ReadGameRecords(out, nullptr);
  ASSERT_TRUE(read.has_value()) << read.error();
  ASSERT_EQ(read->size(), 3u);
  std::vector<arbiter::v1::GameRecord> records;
  for (auto& r : *read) records.push_back(r.record);
  // Seats rotate: r1 sits in seat 0, then 2, then 1.
  EXPECT_EQ(records[0].seats(0).bot_name(), "r1");
  EXPECT_EQ(records[1].seats(2).bot_name(), "r1");
  EXPECT_EQ(records[2].seats(1).bot_name(), "r1");
  EXPECT_EQ(records[0].ruleset().base(), "hunt");
  const std::string output = Output();
  EXPECT_NE(output.find("game 3/3"), std::string::npos) << output;
  EXPECT_NE(output.find("mean_ms"), std::string::npos) << output;

  EXPECT_EQ(Run({"replay", out, "--verify"}), "exit status 0") << Output();
  EXPECT_EQ(
      Run({"replay", out, "--game", records[1].game_id(), "--seat", "2"}),
      "exit status 0");
  EXPECT_NE(Output().find("step 0:"), std::string::npos);

  // A tampered score fails verification and says where.
  auto tampered = records[1];
  tampered.mutable_result()->set_scores(0, 12345);
  const std::string bad = dir_ + "/bad.jsonl";
  auto writer = records::RecordWriter::Open(bad);
  ASSERT_TRUE(writer.has_value()) << writer.error();
  ASSERT_TRUE(writer->Append(records::RecordToJson(tampered)).has_value());
  EXPECT_EQ(Run({"replay", bad, "--verify"}), "exit status 1");
  EXPECT_NE(Output().find("result differs"), std::string::npos) << Output();
}

TEST_F(PlayCliTest, BadArgumentsAreNamed) {
  EXPECT_EQ(Run({"play", "--bot", "a=/no/such/bot", "--bot", "b=" + kBot}),
            "exit status 2");
  EXPECT_NE(Output().find("/no/such/bot"), std::string::npos) << Output();
  EXPECT_EQ(Run({"play", "--bot", "a=" + kBot, "--bot", "b=" + kBot,
                 "--ruleset", "nosuchpreset"}),
            "exit status 2");
  EXPECT_NE(Output().find("nosuchpreset"), std::string::npos) << Output();
}

// (pid, start time) of every descendant of `root`, from /proc.
std::vector<std::pair<pid_t, std::string>> Descendants(pid_t root) {
  std::map<pid_t, std::vector<pid_t>> children;
  std::map<pid_t, std::string> started;
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (!std::isdigit(static_cast<unsigned char>(name[0]))) continue;
    std::ifstream in(e.path() / "stat");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    const auto close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(text.substr(close + 2));
    std::vector<std::string> f;
    for (std::string w; fields >> w;) f.push_back(w);
    if (f.size() < 20) continue;
    const pid_t pid = std::stoi(name);
    children[std::stoi(f[1])].push_back(pid);
    started[pid] = f[19];
  }
  std::vector<std::pair<pid_t, std::string>> out;
  std::vector<pid_t> todo = {root};
  while (!todo.empty()) {
    const pid_t p = todo.back();
    todo.pop_back();
    for (pid_t c : children[p]) {
      out.emplace_back(c, started[c]);
      todo.push_back(c);
    }
  }
  return out;
}

TEST_F(PlayCliTest, InterruptLeavesNoBotBehind) {
  auto arbiter = Start({"play", "--bot", "a=" + kBot, "--bot",
                        "b=" + kBot + " --mode=slow --delay-ms=100", "--games",
                        "1000", "--out", dir_ + "/g.jsonl"});
  // Wait until both bots run.
  int running = 0;
  for (int i = 0; i < 500 && running < 2; ++i) {
    running = 0;
    for (const char* name : {"a", "b"}) {
      const std::string log = ReadFile(dir_ + "/g.jsonl.logs/" + name + ".log");
      running += log.find("test_bot pid") != std::string::npos;
    }
    ::usleep(20'000);
  }
  ASSERT_EQ(running, 2) << Output();
  // Everything the arbiter started, sandboxes included.
  const auto started = Descendants(arbiter->pid());
  ASSERT_GE(started.size(), 2u);
  ::kill(arbiter->pid(), SIGINT);
  ASSERT_TRUE(arbiter->WaitExit(milliseconds(10000)));
  EXPECT_EQ(arbiter->ExitDescription(), "exit status 130") << Output();
  for (const auto& [p, start] : started) {
    // Gone, or at most a zombie of the (now dead) arbiter awaiting init.
    std::ifstream stat("/proc/" + std::to_string(p) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    if (text.empty()) continue;
    std::istringstream fields(text.substr(text.rfind(')') + 2));
    std::vector<std::string> f;
    for (std::string w; fields >> w;) f.push_back(w);
    if (f.size() < 20 || f[19] != start) continue;  // another process now
    EXPECT_EQ(f[0], "Z") << "process " << p << " still runs: " << text;
  }
}

}  // namespace
}  // namespace arbiter
