#include "arbiter/tournament/swiss_table.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arbiter/tournament/swiss_table_text.h"

namespace arbiter::tournament {
namespace {

using json = nlohmann::json;
using ::testing::DoubleNear;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A game of bots by seat, with teams and places by seat.
records::RecordSummary Game(std::vector<std::string> bots,
                            std::vector<int> places,
                            std::vector<int> teams = {}) {
  records::RecordSummary game;
  game.game_id = "g";
  if (teams.empty()) {
    for (size_t s = 0; s < bots.size(); ++s) teams.push_back(int(s));
  }
  game.bots = std::move(bots);
  game.places = std::move(places);
  game.teams = std::move(teams);
  return game;
}

// A 2-seat game: 1 a win of the first bot, 0 a loss, 0.5 a draw.
records::RecordSummary Duel(const std::string& a, const std::string& b,
                            double result) {
  return Game({a, b}, {result == 0 ? 2 : 1, result == 1 ? 2 : 1});
}

const json& RowOf(const json& table, const std::string& bot) {
  for (const json& row : table["standings"]) {
    if (row["bot"] == bot) return row;
  }
  ADD_FAILURE() << "no row of " << bot;
  return table;
}

std::vector<std::string> Order(const json& table) {
  std::vector<std::string> out;
  for (const json& row : table["standings"]) out.push_back(row["bot"]);
  return out;
}

void ExpectRow(const json& table, const std::string& bot, double score,
               double buchholz, double cut1, double sb) {
  const json& row = RowOf(table, bot);
  EXPECT_THAT(row["score"].get<double>(), DoubleNear(score, 1e-9)) << bot;
  EXPECT_THAT(row["buchholz"].get<double>(), DoubleNear(buchholz, 1e-9)) << bot;
  EXPECT_THAT(row["buchholz_cut1"].get<double>(), DoubleNear(cut1, 1e-9))
      << bot;
  EXPECT_THAT(row["sonneborn_berger"].get<double>(), DoubleNear(sb, 1e-9))
      << bot;
}

// The worked example of docs/tournaments.md ("Swiss standings"), number
// for number: five bots, two rounds of one game a table.
SwissTable DocsExample() {
  SwissTable table({"A", "B", "C", "D", "E"});
  // Round 1: A beats B, C and D draw, E has the bye.
  table.AddRound({.number = 1, .tables = {{0, 1}, {2, 3}}, .byes = {4}});
  auto ab = Duel("A", "B", 1), cd = Duel("C", "D", 0.5);
  EXPECT_TRUE(table.AddGame(1, &ab));
  EXPECT_TRUE(table.AddGame(2, &cd));
  // Round 2: E beats C, A and D draw, B has the bye.
  table.AddRound({.number = 2, .tables = {{4, 2}, {0, 3}}, .byes = {1}});
  auto ec = Duel("E", "C", 1), ad = Duel("A", "D", 0.5);
  EXPECT_TRUE(table.AddGame(1, &ec));
  EXPECT_TRUE(table.AddGame(2, &ad));
  return table;
}

TEST(SwissTableTest, TheDocsExampleNumberForNumber) {
  const json t = DocsExample().Json();
  ExpectRow(t, "E", 2, 0.5, 0.5, 0.5);
  ExpectRow(t, "A", 1.5, 2, 1, 1.5);
  ExpectRow(t, "D", 1, 2, 1.5, 1);
  ExpectRow(t, "B", 1, 1.5, 1.5, 0);
  ExpectRow(t, "C", 0.5, 3, 2, 0.5);
  EXPECT_THAT(Order(t), ElementsAre("E", "A", "D", "B", "C"));
  EXPECT_EQ(RowOf(t, "B")["decided_by"], "Buchholz");
  EXPECT_EQ(RowOf(t, "D")["decided_by"], "");  // its score did
  EXPECT_EQ(RowOf(t, "B")["byes"], 1);
  EXPECT_EQ(RowOf(t, "B")["games"], 1);
  EXPECT_TRUE(RowOf(t, "B")["direct_encounter"].is_null());
  EXPECT_THAT(t["notes"][0].get<std::string>(),
              HasSubstr("Games differ (2 to 1): a bye is a round not played "
                        "(1 game fewer; byes: E 1, B 1)"));
  // The round-by-round table: round 2, table 2 is A (seat 0) v D.
  const json& r2 = t["rounds"][1];
  EXPECT_EQ(r2["byes"], json::array({"B"}));
  EXPECT_EQ(r2["tables"][1]["bots"][0]["bot"], "A");
  EXPECT_EQ(r2["tables"][1]["bots"][1]["seat"], 1);
  EXPECT_EQ(r2["tables"][1]["bots"][1]["place"], "1=");
  EXPECT_EQ(r2["tables"][0]["bots"][0]["place"], "1");
  EXPECT_EQ(r2["tables"][0]["bots"][1]["points"], 0.0);
}

TEST(SwissTableTest, ThreeSeatsCountEveryOpponentOfEveryGame) {
  SwissTable table({"A", "B", "C"});
  table.AddRound({.number = 1, .tables = {{0, 1, 2}}});
  auto g1 = Game({"A", "B", "C"}, {1, 2, 3});
  auto g2 = Game({"C", "A", "B"}, {1, 2, 3});
  ASSERT_TRUE(table.AddGame(1, &g1));
  ASSERT_TRUE(table.AddGame(1, &g2));
  const json t = table.Json();
  // A: (1 + 0.5) / 2; B: (0.5 + 0) / 2; C: (0 + 1) / 2. One round: cut-1
  // leaves nothing. A took 2 of 2 from B and 1 of 2 from C.
  ExpectRow(t, "A", 0.75, 0.25 + 0.5, 0, 0.25 * 1 + 0.5 * 0.5);
  ExpectRow(t, "B", 0.25, 0.75 + 0.5, 0, 0.5 * 0.5);
  ExpectRow(t, "C", 0.5, 0.75 + 0.25, 0, 0.75 * 0.5 + 0.25 * 0.5);
  EXPECT_THAT(Order(t), ElementsAre("A", "C", "B"));
  EXPECT_TRUE(t["notes"].empty());  // every bot played 2 games
}

TEST(SwissTableTest, FourSeatPartnersAreNoOpponents) {
  // partnership_fill = "individual": partners change from deal to deal,
  // teams {0,2}{1,3}; each pair of bots partners once in three deals.
  SwissTable table({"A", "B", "C", "D"});
  table.AddRound({.number = 1, .tables = {{0, 1, 2, 3}}});
  const std::vector<int> teams = {0, 1, 0, 1};
  auto g1 = Game({"A", "B", "C", "D"}, {1, 2, 1, 2}, teams);  // A+C win
  auto g2 = Game({"A", "C", "B", "D"}, {2, 1, 2, 1}, teams);  // C+D win
  auto g3 = Game({"A", "B", "D", "C"}, {1, 2, 1, 2}, teams);  // A+D win
  for (auto* g : {&g1, &g2, &g3}) ASSERT_TRUE(table.AddGame(1, g));
  const json t = table.Json();
  // Each other bot was A's opponent in 2 of its 3 games: weight 2/3.
  // Scores: A, C, D 2/3, B 0. A took 2 of 2 from B, 1 of 2 from C and D.
  const double w = 2.0 / 3;
  ExpectRow(t, "A", w, w * (0 + w + w), 0, 0 + (1.0 / 3) * w * 2);
  ExpectRow(t, "B", 0, w * 3 * w, 0, 0);
  // A, C and D are level on everything; they all met as opponents, with
  // 2 points in 4 games each against the other two: a shared place.
  EXPECT_THAT(Order(t), ElementsAre("A", "C", "D", "B"));
  for (const std::string bot : {"A", "C", "D"}) {
    EXPECT_EQ(RowOf(t, bot)["place"], 1) << bot;
    EXPECT_TRUE(RowOf(t, bot)["shared"].get<bool>()) << bot;
    EXPECT_EQ(RowOf(t, bot)["direct_encounter"], 0.5) << bot;
  }
  EXPECT_EQ(RowOf(t, "C")["decided_by"], "shared");
  EXPECT_EQ(RowOf(t, "B")["place"], 4);
}

TEST(SwissTableTest, SixSeatsOfThreeTeamsAndOfSixBots) {
  // partnership_fill = "team": each bot holds both seats of its team.
  SwissTable teams({"A", "B", "C"});
  teams.AddRound({.number = 1, .tables = {{0, 1, 2}}});
  auto g = Game({"A", "B", "C", "A", "B", "C"}, {1, 2, 3, 1, 2, 3},
                {0, 1, 2, 0, 1, 2});
  ASSERT_TRUE(teams.AddGame(1, &g));
  const json t = teams.Json();
  ExpectRow(t, "A", 1, 0.5, 0, 0.5);
  ExpectRow(t, "B", 0.5, 1, 0, 0);
  ExpectRow(t, "C", 0, 1.5, 0, 0);
  // Six bots alone, two rounds: the same table, the order reversed.
  SwissTable six({"A", "B", "C", "D", "E", "F"});
  for (int round = 1; round <= 2; ++round) {
    six.AddRound({.number = round, .tables = {{0, 1, 2, 3, 4, 5}}});
    auto game = Game({"A", "B", "C", "D", "E", "F"},
                     round == 1 ? std::vector<int>{1, 2, 3, 4, 5, 6}
                                : std::vector<int>{6, 5, 4, 3, 2, 1});
    ASSERT_TRUE(six.AddGame(1, &game));
  }
  const json s = six.Json();
  // Every bot scores 1; A's rounds: Buchholz 5 and 5, cut-1 5; A beat
  // every bot in round 1 (5 x 1) and none in round 2.
  ExpectRow(s, "A", 1, 10, 5, 5);
  ExpectRow(s, "C", 1, 10, 5, 5);
  // Level on everything, and every two met with 1 of 2 against each other.
  for (const json& row : s["standings"]) EXPECT_EQ(row["place"], 1);
}

TEST(SwissTableTest, DirectEncounterSeparatesBotsLevelOnEverythingElse) {
  SwissTable table({"A", "B", "C", "D", "E", "F"});
  // Round 1: B beats A, C beats D, F beats E.
  table.AddRound({.number = 1, .tables = {{0, 1}, {2, 3}, {4, 5}}});
  auto ba = Duel("B", "A", 1), cd = Duel("C", "D", 1), fe = Duel("F", "E", 1);
  ASSERT_TRUE(table.AddGame(1, &ba));
  ASSERT_TRUE(table.AddGame(2, &cd));
  ASSERT_TRUE(table.AddGame(3, &fe));
  // Round 2: A beats C, E beats B, F beats D.
  table.AddRound({.number = 2, .tables = {{0, 2}, {1, 4}, {3, 5}}});
  auto ac = Duel("A", "C", 1), eb = Duel("E", "B", 1), fd = Duel("F", "D", 1);
  ASSERT_TRUE(table.AddGame(1, &ac));
  ASSERT_TRUE(table.AddGame(2, &eb));
  ASSERT_TRUE(table.AddGame(3, &fd));
  const json t = table.Json();
  // A and B: score 1, Buchholz 1 + 1, cut-1 1, Sonneborn-Berger 1 (each
  // beat one bot of score 1); B beat A.
  ExpectRow(t, "A", 1, 2, 1, 1);
  ExpectRow(t, "B", 1, 2, 1, 1);
  ExpectRow(t, "E", 1, 3, 2, 1);
  ExpectRow(t, "C", 1, 1, 1, 0);
  EXPECT_THAT(Order(t), ElementsAre("F", "E", "B", "A", "C", "D"));
  EXPECT_EQ(RowOf(t, "B")["direct_encounter"], 1.0);
  EXPECT_EQ(RowOf(t, "A")["direct_encounter"], 0.0);
  EXPECT_EQ(RowOf(t, "A")["decided_by"], "direct encounter");
  EXPECT_EQ(RowOf(t, "B")["decided_by"], "Buchholz");
  EXPECT_EQ(RowOf(t, "A")["place"], 4);
  EXPECT_FALSE(RowOf(t, "A")["shared"].get<bool>());
}

TEST(SwissTableTest, UnreadableRecordsScoreNothingAndAreCounted) {
  SwissTable table({"A", "B"});
  table.AddRound({.number = 1, .tables = {{0, 1}}});
  auto win = Duel("A", "B", 1);
  ASSERT_TRUE(table.AddGame(1, &win));
  ASSERT_TRUE(table.AddGame(1, nullptr));
  EXPECT_THAT(table.LastRoundScores(), ElementsAre(1.0, 0.0));
  const json t = table.Json();
  EXPECT_EQ(RowOf(t, "A")["unreadable"], 1);
  EXPECT_EQ(RowOf(t, "A")["games"], 1);
}

TEST(SwissTableTest, RefusesAGameOfABotNotAtTheTable) {
  SwissTable table({"A", "B", "C"});
  table.AddRound({.number = 1, .tables = {{0, 1}}, .byes = {2}});
  auto wrong = Duel("A", "C", 1);
  auto added = table.AddGame(1, &wrong);
  ASSERT_FALSE(added);
  EXPECT_THAT(added.error(), HasSubstr("\"C\" is not at table 1 of round 1"));
}

// The text of the worked example, as docs/tournaments.md prints it.
constexpr char kDocsExampleText[] =
    "Rounds (each bot: its table, its seat in the table's first game, its "
    "points and place at the table, the others at the table)\n"
    "Round 1\n"
    "  A    table   1  seat 0   1.000  1    v B\n"
    "  B    table   1  seat 1   0.000  2    v A\n"
    "  C    table   2  seat 0   0.500  1=   v D\n"
    "  D    table   2  seat 1   0.500  1=   v C\n"
    "  E    bye                 1.000\n"
    "Round 2\n"
    "  E    table   1  seat 0   1.000  1    v C\n"
    "  C    table   1  seat 1   0.000  2    v E\n"
    "  A    table   2  seat 0   0.500  1=   v D\n"
    "  D    table   2  seat 1   0.500  1=   v A\n"
    "  B    bye                 1.000\n"
    "\n"
    "Swiss standings (Swiss score, then Buchholz, Buchholz cut-1, "
    "Sonneborn-Berger, direct encounter)\n"
    "   #  bot   score  byes  games  Buchholz   cut-1       S-B      DE  tie "
    "broken by\n"
    "   1  E     2.000     1      1     0.500   0.500     0.500\n"
    "   2  A     1.500     0      2     2.000   1.000     1.500\n"
    "   3  D     1.000     0      2     2.000   1.500     1.000\n"
    "   4  B     1.000     1      1     1.500   1.500     0.000          "
    "Buchholz\n"
    "   5  C     0.500     0      2     3.000   2.000     0.500\n"
    "Score: per round, the mean of a bot's game points at its table (0 to 1); "
    "a bye scores 1 and has no opponents (0 to Buchholz and S-B). Tie-breaks: "
    "docs/tournaments.md.\n"
    "Games differ (2 to 1): a bye is a round not played (1 game fewer; byes: E "
    "1, B 1)\n";

TEST(SwissTableTest, TextAndCsvHoldTheStandingsAndRounds) {
  json t = DocsExample().Json();
  EXPECT_EQ(SwissText(t), kDocsExampleText);
  t["ratings_note"] = "a note";
  const std::string text = SwissText(t);
  EXPECT_TRUE(text.ends_with("a note\n"));
  EXPECT_THAT(SwissCsv(t),
              HasSubstr("place,bot,score,byes,games,buchholz,buchholz_cut1,"
                        "sonneborn_berger,direct_encounter\n1,E,2.000000,1,1,"
                        "0.500000,0.500000,0.500000,\n"));
  const std::string rounds = SwissRoundsCsv(t);
  EXPECT_THAT(rounds, HasSubstr("1,A,1,0,1,1.000000,1,B\n"));
  EXPECT_THAT(rounds, HasSubstr("1,E,0,,0,1.000000,,\n"));
  // Names are data: quoted in CSV, escaped on a terminal.
  SwissTable odd({"a,b", "c\x1b[2J"});
  odd.AddRound({.number = 1, .tables = {{0, 1}}});
  auto game = Duel("a,b", "c\x1b[2J", 1);
  ASSERT_TRUE(odd.AddGame(1, &game));
  EXPECT_THAT(SwissCsv(odd.Json()), HasSubstr("\"a,b\""));
  EXPECT_THAT(SwissRoundsCsv(odd.Json()), HasSubstr(",\"a,b\"\n"));
  EXPECT_EQ(SwissText(odd.Json()).find('\x1b'), std::string::npos);
}

TEST(SwissTableTest, OrderNoteOnlyWhenTheOrdersDiffer) {
  const std::vector<std::pair<std::string, int>> placed = {
      {"a", 1}, {"b", 2}, {"c", 3}, {"d", 3}};
  EXPECT_EQ(OrderNote(placed, {"a", "b", "c", "d"}, "S", "x"), "");
  // Bots sharing a place may be rated either way round.
  EXPECT_EQ(OrderNote(placed, {"a", "b", "d", "c"}, "S", "x"), "");
  // A bot missing from the ratings is left out.
  EXPECT_EQ(OrderNote(placed, {"a", "c", "d"}, "S", "x"), "");
  EXPECT_EQ(
      OrderNote(placed, {"a", "c", "b", "d"}, "Swiss standings", "Swiss score"),
      "The Swiss standings and the ratings order bots differently: b "
      "is placed 2nd and c 3rd, but the ratings put b 3rd and c 2nd. "
      "The Swiss standings rank by Swiss score, each round counting "
      "once; the ratings weigh every game by the strength of its "
      "opponents.");
}

}  // namespace
}  // namespace arbiter::tournament
