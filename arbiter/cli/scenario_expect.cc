// Checking a scenario's [expect] entries against the state the next seat is
// asked to decide in (DESIGN.md, "Scenario runner").
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include <algorithm>
#include <expected>
#include <string>
#include <vector>

#include "arbiter/games/zetema/state.h"

namespace arbiter {
namespace {

using zetema::Action;
using zetema::CardSet;
using zetema::State;

class Checker {
 public:
  Checker(const State& s) : s_(s) {}

  std::vector<std::string> failures;

  void Int(std::string_view key, const toml::node& node, int actual) {
    const auto want = node.value_exact<int64_t>();
    if (!want) return Bad(key, "must be an integer");
    if (*want != actual)
      Fail(key, fmt::format("{}", *want), fmt::format("{}", actual));
  }

  void IntList(std::string_view key, const toml::node& node,
               const std::vector<int>& actual) {
    const toml::array* arr = node.as_array();
    std::vector<int64_t> want;
    for (size_t i = 0; arr && i < arr->size(); ++i) {
      const auto v = (*arr)[i].value_exact<int64_t>();
      if (!v) return Bad(key, "must be a list of integers");
      want.push_back(*v);
    }
    if (!arr) return Bad(key, "must be a list of integers");
    const std::vector<int64_t> got(actual.begin(), actual.end());
    if (want != got) Fail(key, fmt::format("{}", want), fmt::format("{}", got));
  }

  void Hands(const toml::node& node) {
    const toml::array* arr = node.as_array();
    if (!arr)
      return Bad("hands", "must be a list of card strings, one per seat");
    std::vector<std::string> want, got;
    for (size_t i = 0; i < arr->size(); ++i) {
      const auto text = (*arr)[i].value_exact<std::string>();
      const auto cards = text ? zetema::ParseCardSet(*text)
                              : std::unexpected(std::string("not a string"));
      if (!cards) return Bad(fmt::format("hands[{}]", i), cards.error());
      want.push_back(cards->ToString());
    }
    for (int p = 0; p < s_.num_players(); ++p)
      got.push_back(s_.Hand(p).ToString());
    if (want != got) {
      Fail("hands", fmt::format("{}", want), fmt::format("{}", got));
    }
  }

  void Piles(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) return Bad("piles", "must be a table of rank = \"cards\"");
    std::array<CardSet, zetema::kNumRanks> want{};
    for (auto&& [key, value] : *table) {
      const auto rank = zetema::ParseRank(key.str());
      const auto text = value.value_exact<std::string>();
      const auto cards = text ? zetema::ParseCardSet(*text)
                              : std::unexpected(std::string("not a string"));
      const std::string sub = fmt::format("piles.{}", key.str());
      if (!rank) return Bad(sub, rank.error());
      if (!cards) return Bad(sub, cards.error());
      want[*rank] = *cards;
    }
    for (int r = 0; r < zetema::kNumRanks; ++r) {
      const CardSet got = s_.Piles().OfRank(r);
      if (got != want[r]) {
        Fail(fmt::format("piles.{}", zetema::RankChar(r)),
             fmt::format("\"{}\"", want[r].ToString()),
             fmt::format("\"{}\"", got.ToString()));
      }
    }
  }

  void Legal(std::string_view key, const toml::node& node, bool included) {
    const std::vector<Action>& legal = LegalList();
    const toml::array* arr = node.as_array();
    if (!arr) return Bad(key, "must be a list of actions");
    for (size_t i = 0; i < arr->size(); ++i) {
      const auto text = (*arr)[i].value_exact<std::string>();
      if (!text) return Bad(fmt::format("{}[{}]", key, i), "must be a string");
      // Text that is no action at all is certainly not a legal one.
      const auto action = zetema::ParseAction(*text);
      if (!action) {
        if (included) {
          failures.push_back(fmt::format("expect.{}: \"{}\" is not legal: {}",
                                         key, *text, action.error()));
        }
        continue;
      }
      const bool found =
          std::find(legal.begin(), legal.end(), *action) != legal.end();
      if (found != included) {
        failures.push_back(fmt::format("expect.{}: \"{}\" is {}legal", key,
                                       *text, found ? "" : "not "));
      }
    }
  }

  int LegalCount() { return int(LegalList().size()); }

  std::string error;  // a malformed expectation

 private:
  void Fail(std::string_view key, const std::string& want,
            const std::string& got) {
    failures.push_back(
        fmt::format("expect.{}: expected {}, got {}", key, want, got));
  }
  void Bad(std::string_view key, std::string_view what) {
    if (error.empty()) error = fmt::format("expect.{}: {}", key, what);
  }

  const State& s_;
  // Listed once, on first use (none once the game is over).
  const std::vector<Action>& LegalList() {
    if (!legal_) legal_ = s_.LegalActions();
    return *legal_;
  }

  std::optional<std::vector<Action>> legal_;
};

}  // namespace

std::expected<std::vector<std::string>, std::string> CheckExpectations(
    const toml::table& expect, const State& s, bool last_refused) {
  Checker c(s);
  std::vector<int> scores, team_scores;
  for (int p = 0; p < s.num_players(); ++p) scores.push_back(s.Score(p));
  for (int t = 0; t < s.NumTeams(); ++t) team_scores.push_back(s.TeamScore(t));
  for (auto&& [key, node] : expect) {
    const std::string_view k = key.str();
    if (k == "scores") {
      c.IntList(k, node, scores);
    } else if (k == "team_scores") {
      c.IntList(k, node, team_scores);
    } else if (k == "to_move") {
      c.Int(k, node, s.CurrentPlayer());
    } else if (k == "hand_number") {
      c.Int(k, node, s.HandNumber());
    } else if (k == "hands") {
      c.Hands(node);
    } else if (k == "piles") {
      c.Piles(node);
    } else if (k == "waste") {
      c.Int(k, node, s.WasteSize());
    } else if (k == "stock") {
      c.Int(k, node, s.StockSize());
    } else if (k == "winner") {
      c.Int(k, node, s.Winner());
    } else if (k == "legal_count") {
      c.Int(k, node, c.LegalCount());
    } else if (k == "legal_includes") {
      c.Legal(k, node, true);
    } else if (k == "legal_excludes") {
      c.Legal(k, node, false);
    } else if (k == "illegal") {
      const auto want = node.value_exact<bool>();
      if (!want)
        return std::unexpected(
            std::string("expect.illegal: must be true or false"));
      if (*want && !last_refused) {
        c.failures.push_back(
            "expect.illegal: expected the last action to be refused, but it "
            "was legal (or there was none)");
      }
    } else {
      return std::unexpected(fmt::format("expect.{}: unknown key", k));
    }
    if (!c.error.empty()) return std::unexpected(c.error);
  }
  return c.failures;
}

}  // namespace arbiter
