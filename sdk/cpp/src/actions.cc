#include "zetema_bot/actions.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace zetema_bot {
namespace {

struct Token {
  std::string_view text;
  int number;  // 1-based, for error messages
};

std::vector<Token> Tokenize(std::string_view text) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
    } else if (c == ',') {
      tokens.push_back({text.substr(i, 1), int(tokens.size()) + 1});
      ++i;
    } else {
      size_t end = text.find_first_of(" \t\n\r,", i);
      if (end == std::string_view::npos) end = text.size();
      tokens.push_back({text.substr(i, end - i), int(tokens.size()) + 1});
      i = end;
    }
  }
  return tokens;
}

bool KeywordIs(std::string_view word, std::string_view keyword) {
  return std::ranges::equal(word, keyword, [](char a, char b) {
    return (a >= 'A' && a <= 'Z' ? char(a - 'A' + 'a') : a) == b;
  });
}

std::unexpected<std::string> Error(std::string message) {
  return std::unexpected(std::move(message));
}

std::unexpected<std::string> TokenError(const Token& t, std::string_view what) {
  return Error(std::string(what) + " \"" + std::string(t.text) + "\" (word " +
               std::to_string(t.number) + ")");
}

std::expected<Card, std::string> CardAt(const Token& t) {
  auto card = ParseCard(t.text);
  if (!card) {
    return Error(card.error() + " (word " + std::to_string(t.number) + ")");
  }
  return *card;
}

std::expected<zetema::v1::Action, std::string> ParseDiscard(
    std::span<const Token> args) {
  if (args.empty()) return Error("discard needs a card");
  if (args.size() > 1)
    return TokenError(args[1], "discard takes one card, not");
  auto card = CardAt(args[0]);
  if (!card) return std::unexpected(card.error());
  return DiscardAction(*card);
}

std::expected<zetema::v1::Action, std::string> ParseMeld(
    std::span<const Token> args) {
  std::vector<Card> cards;
  std::optional<Card> discard;
  size_t i = 0;
  for (; i < args.size() && !KeywordIs(args[i].text, "discard"); ++i) {
    if (args[i].text == ",") return TokenError(args[i], "unexpected");
    auto card = CardAt(args[i]);
    if (!card) return std::unexpected(card.error());
    cards.push_back(*card);
  }
  if (cards.empty()) return Error("meld needs the declared cards");
  if (i < args.size()) {
    if (i + 1 == args.size())
      return TokenError(args[i], "missing a card after");
    if (i + 2 < args.size()) {
      return TokenError(args[i + 2], "nothing may follow the discard, found");
    }
    auto card = CardAt(args[i + 1]);
    if (!card) return std::unexpected(card.error());
    discard = *card;
  }
  return MeldAction(cards, discard);
}

std::expected<zetema::v1::Action, std::string> ParseMarry(
    std::span<const Token> args) {
  std::vector<MarriagePair> pairs;
  size_t i = 0;
  while (true) {
    if (i + 2 > args.size() || args[i].text == "," || args[i + 1].text == ",") {
      return Error(
          "marry needs pairs of a king and a queen, e.g. "
          "\"marry KH QH, KS QS*\"");
    }
    Card cards[2];
    bool from_pile[2];
    for (int k = 0; k < 2; ++k) {
      Token t = args[i + k];
      from_pile[k] = t.text.ends_with('*');
      if (from_pile[k]) t.text.remove_suffix(1);
      auto card = CardAt(t);
      if (!card) return std::unexpected(card.error());
      cards[k] = *card;
    }
    if (cards[0].rank == Rank::kQueen) {
      std::swap(cards[0], cards[1]);
      std::swap(from_pile[0], from_pile[1]);
    }
    if (cards[0].rank != Rank::kKing || cards[1].rank != Rank::kQueen ||
        cards[0].suit != cards[1].suit) {
      return Error("\"" + std::string(args[i].text) + " " +
                   std::string(args[i + 1].text) + "\" (words " +
                   std::to_string(args[i].number) + "-" +
                   std::to_string(args[i + 1].number) +
                   ") is not a king and a queen of one suit");
    }
    pairs.push_back({.king = cards[0],
                     .queen = cards[1],
                     .king_from_pile = from_pile[0],
                     .queen_from_pile = from_pile[1]});
    i += 2;
    if (i == args.size()) return MarryAction(pairs);
    if (args[i].text != ",") {
      return TokenError(args[i], "expected ',' between marriages, found");
    }
    ++i;
  }
}

// A card's canonical text, or the text itself when it is no card, so that
// comparisons of malformed actions still behave.
std::string Canonical(const std::string& text) {
  auto card = ParseCard(text);
  return card ? FormatCard(*card) : text;
}

std::vector<std::string> SortedCanonical(
    const google::protobuf::RepeatedPtrField<std::string>& cards) {
  std::vector<std::string> out;
  out.reserve(cards.size());
  for (const auto& c : cards) out.push_back(Canonical(c));
  std::ranges::sort(out);
  return out;
}

// Every card of a marry action with its place, "KH" or "KH*", sorted.
std::vector<std::string> MarryCards(const zetema::v1::Marry& marry) {
  std::vector<std::string> out;
  for (const auto& m : marry.marriages()) {
    out.push_back(Canonical(m.king()) + (m.king_from_pile() ? "*" : ""));
    out.push_back(Canonical(m.queen()) + (m.queen_from_pile() ? "*" : ""));
  }
  std::ranges::sort(out);
  return out;
}

}  // namespace

std::expected<zetema::v1::Action, std::string> ParseAction(
    std::string_view text) {
  const std::vector<Token> tokens = Tokenize(text);
  if (tokens.empty())
    return Error("empty action: expected discard, meld or marry");
  const std::span<const Token> args = std::span(tokens).subspan(1);
  if (KeywordIs(tokens[0].text, "discard")) return ParseDiscard(args);
  if (KeywordIs(tokens[0].text, "meld")) return ParseMeld(args);
  if (KeywordIs(tokens[0].text, "marry")) return ParseMarry(args);
  return TokenError(tokens[0], "expected discard, meld or marry, not");
}

std::string FormatAction(const zetema::v1::Action& action) {
  std::string out;
  switch (action.kind_case()) {
    case zetema::v1::Action::kDiscard:
      out = "discard " + Canonical(action.discard().card());
      break;
    case zetema::v1::Action::kMeld:
      out = "meld";
      for (const auto& card : action.meld().cards())
        out += " " + Canonical(card);
      if (!action.meld().discard().empty()) {
        out += " discard " + Canonical(action.meld().discard());
      }
      break;
    case zetema::v1::Action::kMarry: {
      out = "marry";
      bool first = true;
      for (const auto& m : action.marry().marriages()) {
        out += first ? " " : ", ";
        first = false;
        out += Canonical(m.king()) + (m.king_from_pile() ? "* " : " ");
        out += Canonical(m.queen()) + (m.queen_from_pile() ? "*" : "");
      }
      break;
    }
    case zetema::v1::Action::KIND_NOT_SET:
      break;
  }
  return out;
}

bool SameAction(const zetema::v1::Action& a, const zetema::v1::Action& b) {
  if (a.kind_case() != b.kind_case()) return false;
  switch (a.kind_case()) {
    case zetema::v1::Action::kDiscard:
      return Canonical(a.discard().card()) == Canonical(b.discard().card());
    case zetema::v1::Action::kMeld:
      return Canonical(a.meld().discard()) == Canonical(b.meld().discard()) &&
             SortedCanonical(a.meld().cards()) ==
                 SortedCanonical(b.meld().cards());
    case zetema::v1::Action::kMarry:
      return MarryCards(a.marry()) == MarryCards(b.marry());
    case zetema::v1::Action::KIND_NOT_SET:
      return true;
  }
  return false;
}

zetema::v1::Action DiscardAction(Card card) {
  zetema::v1::Action action;
  action.mutable_discard()->set_card(FormatCard(card));
  return action;
}

zetema::v1::Action MeldAction(std::span<const Card> cards,
                              std::optional<Card> discard) {
  zetema::v1::Action action;
  auto* meld = action.mutable_meld();
  for (const Card& card : cards) meld->add_cards(FormatCard(card));
  if (discard) meld->set_discard(FormatCard(*discard));
  return action;
}

zetema::v1::Action MarryAction(std::span<const MarriagePair> pairs) {
  zetema::v1::Action action;
  auto* marry = action.mutable_marry();
  for (const MarriagePair& p : pairs) {
    auto* m = marry->add_marriages();
    m->set_king(FormatCard(p.king));
    m->set_king_from_pile(p.king_from_pile);
    m->set_queen(FormatCard(p.queen));
    m->set_queen_from_pile(p.queen_from_pile);
  }
  return action;
}

}  // namespace zetema_bot
