#include "arbiter/common/names.h"

#include <gtest/gtest.h>

namespace arbiter {
namespace {

enum class Colour { kRed, kBlue };
constexpr Named<Colour> kColours[] = {
    {"red", Colour::kRed}, {"blue", Colour::kBlue}, {"azure", Colour::kBlue}};

TEST(NamesTest, EveryNameFindsItsValueAndTheFirstNamePrintsIt) {
  EXPECT_EQ(FindNamed<Colour>(kColours, "red"), Colour::kRed);
  EXPECT_EQ(FindNamed<Colour>(kColours, "azure"), Colour::kBlue);
  EXPECT_EQ(FindNamed<Colour>(kColours, "Red"), std::nullopt);
  EXPECT_EQ(FindNamed<Colour>(kColours, ""), std::nullopt);
  EXPECT_EQ(NameOf<Colour>(kColours, Colour::kBlue), "blue");
  EXPECT_EQ(AllNames<Colour>(kColours),
            (std::vector<std::string>{"red", "blue", "azure"}));
}

}  // namespace
}  // namespace arbiter
