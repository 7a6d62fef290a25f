// The report and the replay data, from real tournaments of builtin bots in
// every registered game.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

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
  options.out_dir = fs::path(::testing::TempDir()) / ("report_" + name);
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

// The report's data, read back from the page.
json PageData(const std::string& html) {
  const std::string open = "id=\"report-data\">";
  const size_t from = html.find(open) + open.size();
  return json::parse(html.substr(from, html.find("</script>", from) - from));
}

class ReportTest : public ::testing::TestWithParam<const game::GameType*> {};

TEST_P(ReportTest, StandingsMatchTheRecordsAndEveryGameReplays) {
  const std::string game(GetParam()->Name());
  const fs::path dir = PlayTournament(game, 3, "rr_" + game);
  auto sources = FindSources({dir.string()});
  ASSERT_TRUE(sources) << sources.error();
  const fs::path out = dir / "report.html";
  auto written = WriteReport(*sources, {.bootstrap = 20}, out);
  ASSERT_TRUE(written) << written.error();
  auto records = records::ReadGameRecords(dir / "games.jsonl", nullptr);
  ASSERT_TRUE(records) << records.error();
  EXPECT_EQ(written->games, int(records->size()));
  EXPECT_EQ(written->replays, written->games);

  const json data = PageData(ReadFile(out));
  EXPECT_EQ(data["title"], "rr_" + game);
  EXPECT_EQ(data["games_count"], records->size());
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
  ASSERT_EQ(data["games"].size(), records->size());
  EXPECT_FALSE(data["history"]["points"].empty());
  EXPECT_EQ(data["decisions"]["bots"].size(), 3u);

  for (const auto& [record, where] : *records) {
    const json replay = ReplayData(record);
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
  const fs::path out = dir / "report.html";
  ASSERT_TRUE(WriteReport(*sources, {.bootstrap = 0}, out));
  EXPECT_FALSE(PageData(ReadFile(out)).contains("format_results"));
  const json swiss = {{"format", "swiss"}, {"notes", {"</script>"}}};
  ASSERT_TRUE(
      WriteReport(*sources, {.bootstrap = 0, .format_results = swiss}, out));
  EXPECT_EQ(PageData(ReadFile(out))["format_results"], swiss);
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
  const fs::path out = dir / "r.html";
  auto written = WriteReport(*sources, {.bootstrap = 0}, out);
  ASSERT_TRUE(written) << written.error();
  auto records = records::ReadGameRecords(dir / "games.jsonl", nullptr);
  EXPECT_EQ(written->games, int(records->size()));
  const json data = PageData(ReadFile(out));
  EXPECT_GE(data["notes"].size(), records->size());
  EXPECT_THAT(data["notes"][0].get<std::string>(), HasSubstr("a copy"));

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
  EXPECT_THAT(WriteReport(*bad, {}, out).error(),
              HasSubstr("appears again as a different record"));
  EXPECT_EQ(PageData(ReadFile(out))["games_count"], records->size());
  // A file of no games.
  { std::ofstream(dir / "none.jsonl") << ""; }
  EXPECT_THAT(WriteReport(*FindSources({(dir / "none.jsonl").string()}), {},
                          dir / "none.html")
                  .error(),
              HasSubstr("no games to report"));
  EXPECT_FALSE(fs::exists(dir / "none.html"));
}

}  // namespace
}  // namespace arbiter::report
