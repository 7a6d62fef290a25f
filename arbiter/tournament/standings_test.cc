#include "arbiter/tournament/standings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace arbiter::tournament {
namespace {

using ::testing::HasSubstr;

RecordSummary Game(std::vector<std::string> bots, std::vector<int> places,
                   std::vector<int> fault_seats,
                   std::vector<std::string> fault_reasons) {
  RecordSummary s;
  s.game_id = "g";
  s.bots = std::move(bots);
  s.teams = {0, 1};
  s.places = std::move(places);
  s.fault_seats = std::move(fault_seats);
  s.fault_reasons = std::move(fault_reasons);
  s.faults = int(s.fault_seats.size());
  return s;
}

TEST(StandingsTest, FaultsByReasonNameEachBotsReasons) {
  Standings s({"a", "b"});
  EXPECT_EQ(s.FaultsByReason(), "");
  const auto g = Game({"a", "b"}, {2, 1}, {0, 0}, {"memory limit", "timeout"});
  ASSERT_TRUE(s.Add(g));
  ASSERT_TRUE(s.Add(g));
  EXPECT_EQ(s.Faults(0), 4);
  EXPECT_EQ(s.FaultsByReason(), "   a    2 memory limit, 2 timeout\n");
  EXPECT_THAT(s.Table(), HasSubstr("4"));
}

}  // namespace
}  // namespace arbiter::tournament
