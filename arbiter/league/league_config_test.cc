#include "arbiter/league/league_config.h"

#include <gtest/gtest.h>

namespace arbiter::league {
namespace {

TEST(LeagueConfigTest, InitTextParsesBack) {
  InitOptions options{.name = "my \"league\"", .seats = 4, .duplicate = true};
  options.time_control.move_ms = 250;
  auto config = ParseLeagueConfig(LeagueConfigText(options), "/tmp");
  ASSERT_TRUE(config) << config.error();
  EXPECT_EQ(config->name, "my \"league\"");
  EXPECT_EQ(config->seats, 4);
  EXPECT_TRUE(config->duplicate);
  EXPECT_EQ(config->time_control.move_ms, 250);
  EXPECT_TRUE(config->compress_records);
  ASSERT_EQ(config->bots.size(), 1u);  // the template
  EXPECT_TRUE(config->bots[0].name.empty());
}

TEST(LeagueConfigTest, ScheduleKeysAndBadValuesAreNamed) {
  struct Case {
    std::string text, error;
  } cases[] = {
      {"[[bots]]\nname = \"a\"\ncommand = \"x\"\n", "bots: not a league key"},
      {"format = \"swiss\"\n", "format: not a league key"},
      {"rounds = 3\n", "rounds: not a league key"},
      {"seats = 99\n", "seats"},
      {"seats = \"two\"\n", "seats: must be an integer"},
      {"[time_control]\nmove = 1\n", "time_control.move: unknown key"},
      {"name = \"x\n", "line 1"},
      {"name = \"\xc3\xa9\"\n", "not an ASCII character"},
  };
  for (const auto& c : cases) {
    auto config = ParseLeagueConfig(c.text, "/tmp");
    ASSERT_FALSE(config) << c.text;
    EXPECT_NE(config.error().find(c.error), std::string::npos)
        << c.text << " -> " << config.error();
  }
}

TEST(LeagueConfigTest, AFolderWithoutConfigIsNotALeague) {
  auto config = LoadLeagueConfig("/nonexistent/league");
  ASSERT_FALSE(config);
  EXPECT_NE(config.error().find("not a league folder"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::league
