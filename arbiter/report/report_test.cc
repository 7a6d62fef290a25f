// The report and the replay data, from real tournaments of builtin bots in
// every registered game.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "arbiter/games/registry.h"
#include "arbiter/records/game_record.h"
#include "arbiter/report/html_page.h"
#include "arbiter/report/replay_data.h"
#include "arbiter/report/report_writer.h"
#include "arbiter/tournament/builtin_runner.h"
#include "arbiter/tournament/driver.h"
#include "arbiter/tournament/ruleset_link.h"
#include "arbiter/tournament/test_util.h"

namespace arbiter::report {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ::testing::HasSubstr;

// A round robin of `bots` builtin bots of `game` in a fresh directory.
fs::path PlayTournament(const std::string& game, int bots,
                        const std::string& name) {
  tournament::TournamentConfig config = tournament::MakeConfig(bots);
  config.name = name;
  config.game = game;
  auto resolved = tournament::ResolveRuleset(config);
  EXPECT_TRUE(resolved) << resolved.error();
  tournament::BuiltinRandomRunner runner(config, resolved->game);
  tournament::RunOptions options;
  // Per process: test processes of other runs may share the machine.
  options.out_dir = fs::path(::testing::TempDir()) /
                    ("report_" + name + "." + std::to_string(::getpid()));
  fs::remove_all(options.out_dir);
  auto result =
      tournament::RunTournament(config, resolved->layout, runner, options);
  EXPECT_TRUE(result && result->complete);
  return options.out_dir;
}

std::string ReadFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The report's summary, read back from its index.html.
json PageData(const fs::path& out) {
  const std::string html = ReadFile(out / "index.html");
  const std::string open = "id=\"report-data\">";
  const size_t from = html.find(open) + open.size();
  return json::parse(html.substr(from, html.find("</script>", from) - from));
}

// The data a CALLBACK(K, DATA); file passes.
json FileData(const fs::path& file, const std::string& callback) {
  const std::string text = ReadFile(file);
  EXPECT_TRUE(text.starts_with(callback + "(")) << file;
  const size_t comma = text.find(',');
  EXPECT_TRUE(text.ends_with(");\n")) << file;
  return json::parse(text.substr(comma + 1, text.size() - comma - 4));
}

// Every row of the game list, from games/K.js.
std::vector<json> ListRows(const fs::path& out, int64_t files) {
  std::vector<json> rows;
  for (int64_t k = 0; k < files; ++k) {
    for (const json& row :
         FileData(out / "games" / (std::to_string(k) + ".js"), "reportGames")) {
      rows.push_back(row);
    }
  }
  return rows;
}

// The inverse of Base64 and Gzip (CompressJson).
json Decompress(const std::string& base64) {
  static const std::string kDigits =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bytes;
  uint32_t bits = 0;
  int count = 0;
  for (char c : base64) {
    if (c == '=') break;
    bits = bits << 6 | uint32_t(kDigits.find(c));
    if ((count += 6) >= 8) bytes += char((bits >> (count -= 8)) & 0xff);
  }
  z_stream z{};
  inflateInit2(&z, 15 + 16);
  std::string text(1 << 16, '\0');
  z.next_in = reinterpret_cast<Bytef*>(bytes.data());
  z.avail_in = uInt(bytes.size());
  size_t done = 0;
  int status = Z_OK;
  while (status == Z_OK) {
    if (done == text.size()) text.resize(text.size() * 2);
    z.next_out = reinterpret_cast<Bytef*>(text.data() + done);
    z.avail_out = uInt(text.size() - done);
    status = inflate(&z, Z_NO_FLUSH);
    done = text.size() - z.avail_out;
  }
  inflateEnd(&z);
  EXPECT_EQ(status, Z_STREAM_END);
  text.resize(done);
  return json::parse(text);
}

// Game n's replay, from replays/K.js.
json ReplayOf(const fs::path& out, int64_t n) {
  const json list =
      FileData(out / "replays" / fmt::format("{}.js", n / kReplaysPerFile),
               "reportReplays");
  return Decompress(list.at(n % kReplaysPerFile).get<std::string>());
}

class ReportTest : public ::testing::TestWithParam<const game::GameType*> {};

TEST_P(ReportTest, StandingsMatchTheRecordsAndEveryGameReplays) {
  const std::string game(GetParam()->Name());
  const fs::path dir = PlayTournament(game, 3, "rr_" + game);
  auto sources = FindSources({dir.string()});
  ASSERT_TRUE(sources) << sources.error();
  const fs::path out = dir / "report";
  auto written = WriteReport(*sources, {.bootstrap = 20}, out);
  ASSERT_TRUE(written) << written.error();
  auto records = records::ReadGameRecords(dir / "games.jsonl", nullptr);
  ASSERT_TRUE(records) << records.error();
  EXPECT_EQ(written->games, int(records->size()));
  EXPECT_EQ(written->replays, written->games);

  const json page = PageData(out);
  EXPECT_EQ(page["title"], "rr_" + game);
  EXPECT_EQ(page["games_count"], records->size());
  ASSERT_EQ(page["sections"].size(), 1u);
  const json& data = page["sections"][0];
  EXPECT_EQ(data["game"], game);
  ASSERT_EQ(data["standings"].size(), 3u);
  // Every game gives its two seats one point between them, and each seat a
  // game; the crosstable splits the same points by opponent.
  double points = 0;
  int games = 0;
  for (const json& row : data["standings"]) {
    points += row["points"].get<double>();
    games += row["games"].get<int>();
    EXPECT_TRUE(row.contains("rating")) << row.dump();
  }
  EXPECT_DOUBLE_EQ(points, double(records->size()));
  EXPECT_EQ(games, 2 * int(records->size()));
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) {
      const json& ab = data["crosstable"][a][b];
      const json& ba = data["crosstable"][b][a];
      EXPECT_EQ(ab[1], ba[1]);
      EXPECT_DOUBLE_EQ(ab[0].get<double>() + ba[0].get<double>(),
                       ab[1].get<double>());
    }
  }
  const std::vector<json> rows = ListRows(out, page["list"]["files"]);
  ASSERT_EQ(rows.size(), records->size());
  EXPECT_FALSE(data["history"]["points"].empty());
  EXPECT_EQ(data["decisions"]["bots"].size(), 3u);

  for (size_t n = 0; n < records->size(); ++n) {
    const v1::GameRecord& record = (*records)[n].record;
    EXPECT_EQ(rows[n]["id"], record.game_id());
    EXPECT_EQ(rows[n]["steps"], record.steps_size());
    // The replay file holds what ReplayData makes of the record.
    const json replay = ReplayOf(out, int64_t(n));
    EXPECT_EQ(replay, ReplayData(record));
    EXPECT_FALSE(replay.contains("error")) << replay["error"];
    EXPECT_EQ(replay["game"], game);
    ASSERT_EQ(replay["views"].size(), size_t(record.steps_size() + 1));
    ASSERT_EQ(replay["scores"].size(), replay["views"].size());
    EXPECT_EQ(replay["scores"].back(),
              json(std::vector<int>(record.result().scores().begin(),
                                    record.result().scores().end())));
    // Every seat owns a zone at the start (its hand).
    std::set<int> owners;
    for (int z : replay["views"][0])
      owners.insert(replay["zones"][z][1].get<int>());
    for (int s = 0; s < record.seats_size(); ++s)
      EXPECT_TRUE(owners.count(s)) << s;
    // Two seats, each its own team: no partners.
    EXPECT_EQ(replay["partnerships"], false);
    // The unit is a seat counter equal to the score at every position.
    const std::string unit = replay["score_unit"];
    if (game == "pontoon") EXPECT_EQ(unit, "chips");
    if (unit.empty()) continue;
    const json& keys = replay["counter_keys"];
    for (size_t p = 0; p < replay["views"].size(); ++p) {
      for (size_t k = 0; k < keys.size(); ++k) {
        if (keys[k][0] != unit) continue;
        EXPECT_EQ(replay["counters"][p][k],
                  replay["scores"][p][keys[k][1].get<size_t>()])
            << "position " << p;
      }
    }
  }
  if (game == "pontoon") EXPECT_EQ(data["score_unit"], "chips");
  // Written again from the same records: nothing is replayed again.
  auto again = WriteReport(*sources, {.bootstrap = 20}, out);
  ASSERT_TRUE(again) << again.error();
  EXPECT_EQ(again->replay_files_written, 0);
  EXPECT_EQ(again->replay_files_kept, written->replay_files_written);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, ReportTest,
                         ::testing::ValuesIn(game::Games().begin(),
                                             game::Games().end()),
                         [](const auto& info) {
                           return std::string(info.param->Name());
                         });

TEST(ReportWriterTest, AFormatsResultsAreInTheDataWhenGiven) {
  const fs::path dir = PlayTournament("zetema", 2, "format_results");
  auto sources = FindSources({dir.string()});
  ASSERT_TRUE(sources) << sources.error();
  const fs::path out = dir / "report";
  ASSERT_TRUE(WriteReport(*sources, {.bootstrap = 0}, out));
  EXPECT_FALSE(PageData(out).contains("format_results"));
  const json swiss = {{"format", "swiss"}, {"notes", {"</script>"}}};
  ASSERT_TRUE(
      WriteReport(*sources, {.bootstrap = 0, .format_results = swiss}, out));
  EXPECT_EQ(PageData(out)["format_results"], swiss);
}

TEST(ReplayDataTest, ARecordThatDoesNotReplayGivesWhatItCan) {
  const fs::path dir = PlayTournament("zetema", 2, "broken");
  auto records = records::ReadGameRecords(dir / "games.jsonl", nullptr);
  ASSERT_TRUE(records && !records->empty());
  v1::GameRecord record = records->front().record;
  ASSERT_GT(record.steps_size(), 3);
  record.mutable_steps(2)->set_action("no such action");
  const json replay = ReplayData(record);
  ASSERT_TRUE(replay.contains("error"));
  EXPECT_THAT(replay["error"].get<std::string>(), HasSubstr("step 2"));
  EXPECT_EQ(replay["views"].size(), 3u);  // as dealt, after steps 0 and 1
}

TEST(ReportWriterTest, BadInputsAreNamedAndCopiesCountedOnce) {
  const fs::path dir = PlayTournament("zetema", 2, "inputs");
  EXPECT_THAT(FindSources({(dir / "missing").string()}).error(),
              HasSubstr("missing: no such file or directory"));
  const fs::path empty = dir / "empty";
  fs::create_directories(empty);
  EXPECT_THAT(FindSources({empty.string()}).error(),
              HasSubstr("no record files"));
  EXPECT_THAT(FindSources({}).error(), HasSubstr("no record file"));

  // The same file twice, and a torn line: every game once, both noted.
  const fs::path copy = dir / "copy.jsonl";
  fs::copy_file(dir / "games.jsonl", copy);
  { std::ofstream(copy, std::ios::app) << "{\"game_id\": \"torn"; }
  auto sources = FindSources({(dir / "games.jsonl").string(), copy.string()});
  ASSERT_TRUE(sources) << sources.error();
  const fs::path out = dir / "r";
  auto written = WriteReport(*sources, {.bootstrap = 0}, out);
  ASSERT_TRUE(written) << written.error();
  auto records = records::ReadGameRecords(dir / "games.jsonl", nullptr);
  EXPECT_EQ(written->games, int(records->size()));
  const json data = PageData(out);
  EXPECT_GE(data["notes"].size(), records->size());
  // The torn line is noted by the first pass, the copies by the second
  // (the first finds them only at its end: their ids are sorted on disk).
  const auto notes = data["notes"].get<std::vector<std::string>>();
  EXPECT_THAT(notes[0], HasSubstr("ends early"));
  EXPECT_THAT(notes[1], HasSubstr("a copy"));
  EXPECT_EQ(std::count_if(notes.begin(), notes.end(),
                          [](const std::string& n) {
                            return n.find("a copy") != std::string::npos;
                          }),
            int(records->size()));

  // A different record under a known id is an error; the page is kept.
  v1::GameRecord other = records->front().record;
  other.set_round(99);
  {
    std::ofstream(dir / "conflict.jsonl")
        << records::RecordToJson(other) << "\n";
  }
  auto bad = FindSources(
      {(dir / "games.jsonl").string(), (dir / "conflict.jsonl").string()});
  ASSERT_TRUE(bad);
  const std::string conflict = WriteReport(*bad, {}, out).error();
  EXPECT_THAT(conflict, HasSubstr("appears again as a different record"));
  // Both places, and the id.
  EXPECT_THAT(conflict, HasSubstr("conflict.jsonl:1: game " + other.game_id() +
                                  " appears again"));
  EXPECT_THAT(conflict, HasSubstr("first in " + (dir / "games.jsonl").string() +
                                  " line 1)"));
  EXPECT_EQ(PageData(out)["games_count"], records->size());
  // A file of no games.
  { std::ofstream(dir / "none.jsonl") << ""; }
  EXPECT_THAT(WriteReport(*FindSources({(dir / "none.jsonl").string()}), {},
                          dir / "none")
                  .error(),
              HasSubstr("no games to report"));
  EXPECT_FALSE(fs::exists(dir / "none"));
  // A page's name, as reports were single pages before: the folder to give
  // instead. A folder of other files is not written into.
  EXPECT_THAT(WriteReport(*sources, {}, dir / "old.html").error(),
              HasSubstr("a report is a folder now"));
  EXPECT_THAT(WriteReport(*sources, {}, dir / "old.html").error(),
              HasSubstr("-o " + (dir / "old").string()));
  EXPECT_THAT(WriteReport(*sources, {}, dir).error(),
              HasSubstr("not a report folder"));
}

// `n` copies of a record line under new ids ("c0", "c1", ...) and rounds.
std::string Copies(const std::string& line, int from, int n) {
  std::string text;
  for (int i = from; i < from + n; ++i) {
    json record = json::parse(line);
    record["game_id"] = fmt::format("c{}", i);
    record["round"] = i / 50 + 1;
    text += record.dump() + "\n";
  }
  return text;
}

TEST(ReportWriterTest, AResumeRewritesOnlyTheReplayFilesOfNewGames) {
  const fs::path dir = PlayTournament("zetema", 2, "resume");
  std::string line;
  std::getline(std::ifstream(dir / "games.jsonl"), line);
  const fs::path records = dir / "many" / "games.jsonl";
  fs::create_directories(records.parent_path());
  { std::ofstream(records) << Copies(line, 0, 250); }
  const fs::path out = dir / "many" / "report";
  auto sources = FindSources({records.string()});
  auto first = WriteReport(*sources, {.bootstrap = 0}, out);
  ASSERT_TRUE(first) << first.error();
  EXPECT_EQ(first->games, 250);
  EXPECT_EQ(first->replay_files_written, 3);  // 100, 100 and 50 games
  std::map<std::string, fs::file_time_type> before;
  for (const auto& e : fs::recursive_directory_iterator(out)) {
    before[e.path().string()] = e.last_write_time();
  }
  EXPECT_EQ(ReplayOf(out, 249)["id"], "c249");

  { std::ofstream(records, std::ios::app) << Copies(line, 250, 70); }
  auto second = WriteReport(*sources, {.bootstrap = 0}, out);
  ASSERT_TRUE(second) << second.error();
  EXPECT_EQ(second->games, 320);
  // replays/2.js took 50 new games, replays/3.js is new; 0 and 1 are kept.
  EXPECT_EQ(second->replay_files_written, 2);
  EXPECT_EQ(second->replay_files_kept, 2);
  for (const char* kept : {"replays/0.js", "replays/1.js"}) {
    EXPECT_EQ(fs::last_write_time(out / kept), before[(out / kept).string()])
        << kept;
  }
  EXPECT_NE(fs::last_write_time(out / "replays/2.js"),
            before[(out / "replays/2.js").string()]);
  EXPECT_EQ(ReplayOf(out, 319)["id"], "c319");
  EXPECT_EQ(ListRows(out, 1).size(), 320u);
  EXPECT_EQ(PageData(out)["games_count"], 320);

  // Fewer games (another set of records): the files past the end go.
  { std::ofstream(records) << Copies(line, 0, 30); }
  auto third = WriteReport(*sources, {.bootstrap = 0}, out);
  ASSERT_TRUE(third) << third.error();
  EXPECT_TRUE(fs::exists(out / "replays/0.js"));
  EXPECT_FALSE(fs::exists(out / "replays/1.js"));
  EXPECT_FALSE(fs::exists(out / "replays/3.js"));
  // A replay file that went missing is made again.
  fs::remove(out / "replays/0.js");
  auto fourth = WriteReport(*sources, {.bootstrap = 0}, out);
  ASSERT_TRUE(fourth) << fourth.error();
  EXPECT_EQ(fourth->replay_files_written, 1);
  EXPECT_EQ(ReplayOf(out, 29)["id"], "c29");
}

TEST(ReportWriterTest, GamesAreNotAddedUpUnlessSplitIntoSections) {
  const fs::path zetema = PlayTournament("zetema", 2, "mixed_z");
  const fs::path pontoon = PlayTournament("pontoon", 2, "mixed_p");
  auto sources = FindSources({zetema.string(), pontoon.string()});
  ASSERT_TRUE(sources) << sources.error();
  const fs::path out = zetema / "mixed";
  auto refused = WriteReport(*sources, {.bootstrap = 0}, out);
  ASSERT_FALSE(refused);
  EXPECT_THAT(refused.error(), HasSubstr("of 2 games: zetema ("));
  EXPECT_THAT(refused.error(), HasSubstr("pontoon ("));
  EXPECT_THAT(refused.error(), HasSubstr("--split"));
  EXPECT_FALSE(fs::exists(out));

  auto written = WriteReport(*sources, {.bootstrap = 0, .split = true}, out);
  ASSERT_TRUE(written) << written.error();
  EXPECT_EQ(written->sections, (std::vector<std::string>{"zetema", "pontoon"}));
  const json page = PageData(out);
  ASSERT_EQ(page["sections"].size(), 2u);
  EXPECT_EQ(page["sections"][1]["score_unit"], "chips");
  EXPECT_NE(page["sections"][0]["score_unit"], "chips");
  // Each section's game points are its own games' scores.
  for (size_t s = 0; s < 2; ++s) {
    int64_t section_points = 0, list_points = 0;
    for (const json& row : page["sections"][s]["standings"]) {
      section_points += row["game_points"].get<int64_t>();
    }
    for (const json& row : ListRows(out, page["list"]["files"])) {
      if (row["s"] != s) continue;
      for (const json& v : row["scores"]) list_points += v.get<int64_t>();
    }
    EXPECT_EQ(section_points, list_points) << s;
  }
}

TEST(DecisionTimesTest, QuantilesWithinHalfAPercent) {
  DecisionTimes times;
  EXPECT_EQ(times.Quantile(0.5), 0);
  for (int us = 1; us <= 100000; ++us) times.Add(us);
  EXPECT_EQ(times.count(), 100000);
  EXPECT_EQ(times.max(), 100000);
  EXPECT_DOUBLE_EQ(times.mean(), 50000.5);
  for (double q : {0.5, 0.9, 0.99}) {
    EXPECT_NEAR(times.Quantile(q), q * 100000, q * 100000 * 0.005) << q;
  }
  EXPECT_EQ(times.Quantile(1), 100000);
  int64_t total = 0;
  for (int64_t c : times.CoarseCounts()) total += c;
  EXPECT_EQ(total, 100000);
  // The coarse bins: bin k holds [10^((k-1)/5), 10^(k/5)) us.
  const std::vector<int64_t> coarse = times.CoarseCounts();
  EXPECT_EQ(coarse[0], 0);
  EXPECT_EQ(coarse[1], 1);  // 1
  EXPECT_EQ(coarse[2], 1);  // 2
  EXPECT_EQ(coarse[3], 1);  // 3
  EXPECT_EQ(coarse[4], 3);  // 4, 5, 6
}

TEST(SectionBuilderTest, TimeoutsAndStrikesAreCountedApartFromTheTimes) {
  records::RecordScanner scanner({.steps = true});
  records::RecordView view;
  const std::string line =
      R"({"game_id":"g","game":"zetema","seats":[{"bot_name":"a"},)"
      R"({"bot_name":"b","team":1}],"steps":[{"seat":0,"decision_us":100},)"
      R"({"seat":1,"decision_us":1000000,"strike":true},)"
      R"({"seat":0,"decision_us":300},{"seat":1,"decision_us":0,)"
      R"("strike":true}],"result":{"places":[1,2],"scores":[40,3],)"
      R"("faults":[{"seat":1,"reason":"FAULT_REASON_TIMEOUT","step":1},)"
      R"({"seat":1,"reason":"FAULT_REASON_CRASH","step":3}]}})";
  ASSERT_TRUE(scanner.Scan(line, &view));
  SectionBuilder section("zetema", {"a", "b"}, {{0, 1}}, 0);
  ASSERT_TRUE(section.Add(view, "x:1"));
  std::vector<std::string> notes;
  const json data = section.Finish(&notes);
  const json& b = data["decisions"]["bots"]["b"];
  EXPECT_EQ(b["count"], 0);
  EXPECT_EQ(b["max_us"], 0);
  EXPECT_EQ(b["timeouts"], 1);
  EXPECT_EQ(b["other_faults"], 1);
  EXPECT_EQ(b["struck"], 2);
  const json& a = data["decisions"]["bots"]["a"];
  EXPECT_EQ(a["count"], 2);
  EXPECT_EQ(a["max_us"], 300);
  EXPECT_EQ(a["timeouts"], 0);
  EXPECT_EQ(data["scores"]["b"], json::parse("[[3,1]]"));
  const json row = GameRow(view, 7, 0);
  EXPECT_EQ(row["n"], 7);
  EXPECT_EQ(row["faults"], json::parse(R"([[1,"timeout",1],[1,"crash",3]])"));
}

}  // namespace
}  // namespace arbiter::report
