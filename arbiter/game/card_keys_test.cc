#include "arbiter/game/card_keys.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "arbiter/game/registry.h"

namespace game {
namespace {

using ::testing::StartsWith;

// The value of `v = TEXT` in a TOML document.
toml::table Value(const std::string& text) {
  return toml::parse("v = " + text);
}

TEST(CardKeysTest, AStringOrAListOfStringsIsOneRunOfCards) {
  EXPECT_EQ(CardsText(*Value(R"("AS 2S 3S")").get("v"), "deck"), "AS 2S 3S");
  EXPECT_EQ(CardsText(*Value(R"(["AS", "2S 3S"])").get("v"), "deck"),
            "AS 2S 3S");
  EXPECT_EQ(CardsText(*Value(R"([])").get("v"), "deck"), "");
}

TEST(CardKeysTest, AnotherFormNamesTheKeyAndTheFormItTakes) {
  auto number = CardsText(*Value("5").get("v"), "expect.pack_order");
  ASSERT_FALSE(number.has_value());
  EXPECT_THAT(number.error(),
              StartsWith("expect.pack_order: must be cards, as deck "
                         "takes them: a string (\"AS 2S 3S\") or a "
                         "list of strings"));
  auto entry = CardsText(*Value(R"(["AS", 2])").get("v"), "deck");
  ASSERT_FALSE(entry.has_value());
  EXPECT_THAT(entry.error(), StartsWith("deck[1]: must be a string of cards"));
}

TEST(CardKeysTest, AListTakesTheFormDeckTakesInEachEntry) {
  auto hands = CardsTextList(*Value(R"(["AS 2S", ["3H", "4H"], ""])").get("v"),
                             "expect.hands", "seat");
  ASSERT_TRUE(hands.has_value()) << hands.error();
  EXPECT_EQ(*hands, (std::vector<std::string>{"AS 2S", "3H 4H", ""}));
  auto flat =
      CardsTextList(*Value(R"("AS 2S")").get("v"), "expect.hands", "seat");
  ASSERT_FALSE(flat.has_value());
  EXPECT_THAT(flat.error(),
              StartsWith("expect.hands: must be a list with the cards "
                         "of each seat"));
  auto deep = CardsTextList(*Value(R"(["AS", [1]])").get("v"), "decks", "hand");
  ASSERT_FALSE(deep.has_value());
  EXPECT_THAT(deep.error(),
              StartsWith("decks[1][0]: must be a string of cards"));
}

// A state of `game_name` after `actions`, dealt from the seed.
std::unique_ptr<State> Play(std::string_view game_name, int seats,
                            std::vector<std::string> actions = {}) {
  auto game = LoadGame(game_name);
  EXPECT_TRUE(game.has_value());
  auto state = (*game)->NewState({.num_seats = seats, .seed = 7});
  EXPECT_TRUE(state.has_value()) << state.error();
  for (const std::string& action : actions) {
    EXPECT_TRUE((*state)->ApplyText(action).has_value()) << action;
  }
  return std::move(*state);
}

// "A B C" as the TOML list ["A", "B", "C"].
std::string OneStringPerCard(const std::string& cards) {
  std::string out;
  std::istringstream in(cards);
  for (std::string card; in >> card;) {
    out += (out.empty() ? "\"" : ", \"") + card + "\"";
  }
  return "[" + out + "]";
}

ExpectCheck Check(const State& state, std::string_view key,
                  const std::string& toml_value) {
  return state.Expect(key, *Value(toml_value).get("v"));
}

void ExpectHolds(const State& state, std::string_view key,
                 const std::string& toml_value) {
  const ExpectCheck check = Check(state, key, toml_value);
  EXPECT_TRUE(check.known) << key;
  EXPECT_EQ(check.error, "") << key << " = " << toml_value;
  EXPECT_EQ(check.failure, "") << key << " = " << toml_value;
}

// Pontoon's pack_order: the form deck takes (a string of cards, in order),
// and the list of cards older scenarios use.
TEST(CardKeysTest, PontoonPackOrderTakesTheFormDeckTakes) {
  const auto state = Play("pontoon", 3);
  std::string pack;
  const nlohmann::json json = state->ToJson();
  for (const auto& card : json["pack_order"]) {
    pack += (pack.empty() ? "" : " ") + card.get<std::string>();
  }
  ASSERT_FALSE(pack.empty());
  ExpectHolds(*state, "pack_order", "\"" + pack + "\"");
  ExpectHolds(*state, "pack_order", OneStringPerCard(pack));
  // The order counts: the first two cards swapped.
  const std::string swapped =
      pack.substr(3, 3) + pack.substr(0, 3) + pack.substr(6);
  ASSERT_NE(swapped, pack);
  EXPECT_NE(Check(*state, "pack_order", "\"" + swapped + "\"").failure, "");
  const ExpectCheck number = Check(*state, "pack_order", "5");
  EXPECT_THAT(number.error,
              StartsWith("expect.pack_order: must be cards, as deck "
                         "takes them"));
  const ExpectCheck bad = Check(*state, "pack_order", "\"AS XX\"");
  EXPECT_THAT(bad.error, StartsWith("expect.pack_order: 'XX' is not a card"));
}

// Every game's hands: a list per seat, each entry in the form deck takes.
TEST(CardKeysTest, EveryGamesHandsTakeTheFormDeckTakesPerSeat) {
  for (const GameType* type : Games()) {
    SCOPED_TRACE(std::string(type->Name()));
    const auto state = Play(type->Name(), 2);
    std::string strings, lists;
    const nlohmann::json json = state->ToJson();
    for (const auto& hand : json["hands"]) {
      const std::string cards = hand.get<std::string>();
      strings += (strings.empty() ? "\"" : ", \"") + cards + "\"";
      lists += (lists.empty() ? "" : ", ") + OneStringPerCard(cards);
    }
    ExpectHolds(*state, "hands", "[" + strings + "]");
    ExpectHolds(*state, "hands", "[" + lists + "]");
    const ExpectCheck flat = Check(*state, "hands", "\"AS\"");
    EXPECT_THAT(flat.error,
                StartsWith("expect.hands: must be a list with the cards "
                           "of each seat"));
  }
}

TEST(CardKeysTest, ScotchWhistTrumpCardAndTrickTakeTheFormDeckTakes) {
  const auto state = Play("scotch_whist", 2);
  const std::string trump = state->ToJson()["trump_card"];
  ExpectHolds(*state, "trump_card", "\"" + trump + "\"");
  ExpectHolds(*state, "trump_card", "[\"" + trump + "\"]");
  const std::string first = state->ToJson()["legal"][0];  // "play XX"
  const auto played = Play("scotch_whist", 2, {first});
  const std::string card = first.substr(5);
  ExpectHolds(*played, "trick", "\"" + card + "\"");
  ExpectHolds(*played, "trick", "[\"" + card + "\"]");
  EXPECT_THAT(Check(*played, "trick", "{}").error,
              StartsWith("expect.trick: must be cards, as deck takes them"));
}

TEST(CardKeysTest, ZetemaPilesTakeTheFormDeckTakes) {
  const auto state = Play("zetema", 2);
  ExpectHolds(*state, "piles", "{}");  // nothing on the piles yet
  const ExpectCheck number = Check(*state, "piles", "{ K = 5 }");
  EXPECT_THAT(number.error,
              StartsWith("expect.piles.K: must be cards, as deck takes "
                         "them"));
  // A list of cards is read as the string of them (here: not what is there).
  EXPECT_NE(Check(*state, "piles", R"({ K = ["KS", "KH"] })").failure, "");
}

}  // namespace
}  // namespace game
