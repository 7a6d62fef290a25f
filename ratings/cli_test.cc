// Runs the `ratings` binary on files, as a user would.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace {

using ::testing::HasSubstr;
using ::testing::Not;

struct Outcome {
  int status = -1;
  std::string out;
};

// Runs the binary with `args`, stderr folded into the output.
Outcome RunRatings(const std::string& args) {
  const std::string command =
      std::string(RATINGS_BINARY) + " " + args + " 2>&1";
  Outcome run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
    run.out.append(buffer.data(), n);
  }
  const int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("ratings_cli_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& text) {
    const auto path = dir_ / name;
    std::ofstream(path) << text;
    return path.string();
  }

  std::filesystem::path dir_;
};

std::string ClassicCsv() {
  std::string csv = "white,black,result\n";
  auto add = [&](const char* a, const char* b, int w, int d, int l) {
    for (int i = 0; i < w; ++i) csv += std::string(a) + "," + b + ",1-0\n";
    for (int i = 0; i < d; ++i) csv += std::string(a) + "," + b + ",1/2-1/2\n";
    for (int i = 0; i < l; ++i) csv += std::string(a) + "," + b + ",0-1\n";
  };
  add("E1", "E2", 18, 9, 3);
  add("E2", "E3", 18, 9, 3);
  add("E1", "E3", 24, 6, 0);
  return csv;
}

TEST_F(CliTest, RatesACsv) {
  const std::string file = Write("classic.csv", ClassicCsv());
  const Outcome run =
      RunRatings("--average 0 --bootstrap 100 --crosstable " + file);
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_THAT(run.out, HasSubstr("1  E1     190.85"));
  EXPECT_THAT(run.out, HasSubstr("3  E3    -190.85"));
  EXPECT_THAT(run.out, HasSubstr("Crosstable"));
}

TEST_F(CliTest, JsonAndCsvOutput) {
  const std::string file = Write("classic.csv", ClassicCsv());
  const Outcome json = RunRatings("--json --anchor E3 --average 1000 " + file);
  ASSERT_EQ(json.status, 0) << json.out;
  const auto parsed = nlohmann::json::parse(json.out);
  EXPECT_EQ(parsed["players"][2]["name"], "E3");
  EXPECT_DOUBLE_EQ(parsed["players"][2]["rating"].get<double>(), 1000);
  const Outcome csv = RunRatings("--csv --bootstrap 0 " + file);
  ASSERT_EQ(csv.status, 0) << csv.out;
  EXPECT_THAT(csv.out, HasSubstr("rank,name,rating"));
  EXPECT_THAT(csv.out, HasSubstr("\n1,E1,1690.85,,,"));
}

TEST_F(CliTest, RatesRecordsAndStandingsTogether) {
  const std::string records = Write(
      "games.jsonl",
      R"({"seats":[{"bot_name":"a"},{"bot_name":"b"}],"result":{"places":[1,2]}})"
      "\n"
      R"({"seats":[{"bot_name":"b"},{"bot_name":"a"}],"result":{"places":[1,2]}})"
      "\n");
  const std::string standings = Write(
      "s.csv", "game,player,place\n1,a,1\n1,b,2\n1,c,3\n2,c,1\n2,a,2\n2,b,2\n");
  const Outcome run = RunRatings("--bootstrap 50 " + records + " " + standings);
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_THAT(run.out, HasSubstr("Plackett-Luce ratings: 4 games, 3 players"));
}

TEST_F(CliTest, BadInputIsAClearError) {
  const std::string bad =
      Write("bad.csv", "white,black,result\nA,B,1-0\nA,B,win\n");
  const Outcome run = RunRatings(bad);
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.out, HasSubstr("bad.csv:3: field 'result'"));
  const Outcome missing = RunRatings((dir_ / "missing.jsonl").string());
  EXPECT_EQ(missing.status, 1);
  EXPECT_THAT(missing.out, HasSubstr("missing.jsonl: cannot open file"));
  const Outcome anchor =
      RunRatings("--anchor Nobody " + Write("ok.csv", ClassicCsv()));
  EXPECT_EQ(anchor.status, 2);
  EXPECT_THAT(anchor.out,
              HasSubstr("--anchor: 'Nobody' is not among the 3 players"));
  const Outcome usage = RunRatings("");
  EXPECT_EQ(usage.status, 2);
  EXPECT_THAT(usage.out, HasSubstr("files is required"));
  EXPECT_EQ(RunRatings("--bootstrap -3 x.csv").status, 2);
  EXPECT_EQ(RunRatings("--help").status, 0);
}

TEST_F(CliTest, RefusedInputExitsOneOrTwoAndSaysWhere) {
  const std::string ok = Write("ok.csv", ClassicCsv());
  struct Case {
    std::string args;
    int status;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"--average nan " + ok, 2, "--average: expected a finite number"},
      {"--average inf " + ok, 2, "--average: expected a finite number"},
      {"--average -inf " + ok, 2, "--average: expected a finite number"},
      {"--bootstrap 1000000 " + ok, 2, "--bootstrap: expected 0 to 100000"},
      {"--history x " + ok, 2, "--history: expected 'round' or a number"},
      {"--history 0 " + ok, 2, "--history"},
      {Write("nul.csv", std::string("white,black,result\nA,B\0,1-0\n", 29)), 1,
       "nul.csv:2: field 'black': the name holds a NUL byte"},
      {Write("self.csv", "white,black,result\nA,B,1-0\nB,B,0-1\n"), 1,
       "self.csv:3: field 'black': 'B' plays seat 0 too"},
      {Write("twice.csv", "game,player,place\n1,A,1\n1,B,2\n1,A,3\n"), 1,
       "twice.csv:4: field 'player': 'A' plays seat 0 too"},
      {Write(
           "nul.jsonl",
           R"({"seats":[{"bot_name":"a\u0000"},{"bot_name":"b"}],"result":{"places":[1,2]}})"
           "\n"),
       1, "nul.jsonl:1: field 'seats[0].bot_name': the name holds a NUL"},
      {Write("empty.jsonl", "\n"), 1, "empty.jsonl: no games to rate"},
      {Write("bad.jsonl", "{\"seats\":[}\n"), 1,
       "bad.jsonl:1: invalid JSON at column 11"},
  };
  for (const Case& c : cases) {
    const Outcome run = RunRatings(c.args);
    EXPECT_EQ(run.status, c.status) << c.args << "\n" << run.out;
    EXPECT_THAT(run.out, HasSubstr(c.message)) << c.args;
    EXPECT_THAT(run.out, Not(HasSubstr("terminate"))) << c.args;
  }
}

TEST_F(CliTest, HistoryIsJsonForAPlot) {
  std::string records;
  for (int i = 0; i < 12; ++i) {
    records +=
        "{\"round\":" + std::to_string(1 + i / 4) +
        R"(,"seats":[{"bot_name":"a"},{"bot_name":"b"}],"result":{"places":[)" +
        (i % 3 ? "1,2" : "2,1") + "]}}\n";
  }
  const std::string file = Write("h.jsonl", records);
  const Outcome run = RunRatings("--history round --bootstrap 20 " + file);
  ASSERT_EQ(run.status, 0) << run.out;
  const auto parsed = nlohmann::json::parse(run.out);
  ASSERT_EQ(parsed["points"].size(), 3u);
  EXPECT_EQ(parsed["points"][2]["games"], 12);
  EXPECT_EQ(parsed["points"][1]["round"], 2);
  EXPECT_EQ(parsed["points"][0]["players"].size(), 2u);
  const Outcome every = RunRatings("--history 5 --bootstrap 0 " + file);
  ASSERT_EQ(every.status, 0) << every.out;
  EXPECT_EQ(nlohmann::json::parse(every.out)["points"].size(), 3u);
}

}  // namespace
