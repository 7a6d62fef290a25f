#include "arbiter/games/zetema/action.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace zetema {
namespace {

struct Token {
  std::string text;
  int index;   // 1-based token number
  int column;  // 1-based byte column
};

std::vector<Token> Tokenize(std::string_view text) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
    } else if (c == ',') {
      tokens.push_back({",", int(tokens.size()) + 1, int(i) + 1});
      ++i;
    } else {
      const size_t end =
          std::min(text.find_first_of(" \t\n\r,", i), text.size());
      tokens.push_back({std::string(text.substr(i, end - i)),
                        int(tokens.size()) + 1, int(i) + 1});
      i = end;
    }
  }
  return tokens;
}

std::string Lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  }
  return s;
}

std::unexpected<std::string> TokenError(const Token& t, std::string_view what) {
  return std::unexpected(fmt::format("{} \"{}\" at token {} (column {})", what,
                                     t.text, t.index, t.column));
}

std::expected<Card, std::string> CardAt(const Token& t) {
  const auto card = ParseCard(t.text);
  if (!card) return TokenError(t, "bad card");
  return *card;
}

// Adds one copy, refusing a third copy of a kind.
std::expected<void, std::string> AddTo(CardSet* set, Card c, const Token& t) {
  if (set->Count(c) == 2) return TokenError(t, "third copy of a card");
  set->Add(c);
  return {};
}

std::expected<Action, std::string> ParseMeld(const std::vector<Token>& tokens) {
  Action a;
  a.type = ActionType::kMeld;
  size_t i = 1;
  for (; i < tokens.size() && Lower(tokens[i].text) != "discard"; ++i) {
    const auto card = CardAt(tokens[i]);
    if (!card) return std::unexpected(card.error());
    if (auto ok = AddTo(&a.cards, *card, tokens[i]); !ok) {
      return std::unexpected(ok.error());
    }
  }
  if (a.cards.Empty()) {
    return std::unexpected(std::string("meld needs the declared cards"));
  }
  if (i < tokens.size()) {  // "discard C"
    if (i + 2 != tokens.size()) {
      if (i + 1 == tokens.size()) {
        return TokenError(tokens[i], "missing card after");
      }
      return TokenError(tokens[i + 2], "unexpected");
    }
    const auto card = CardAt(tokens[i + 1]);
    if (!card) return std::unexpected(card.error());
    a.discard = *card;
  }
  return a;
}

std::expected<Action, std::string> ParseMarry(
    const std::vector<Token>& tokens) {
  Action a;
  a.type = ActionType::kMarry;
  size_t i = 1;
  while (true) {
    if (i + 1 >= tokens.size()) {
      return std::unexpected(fmt::format(
          "marry needs pairs of a king and a queen: missing a card after "
          "token {}",
          tokens.size()));
    }
    Card pair[2];
    for (int k = 0; k < 2; ++k) {
      const Token& t = tokens[i + k];
      std::string text = t.text;
      const bool from_pile = !text.empty() && text.back() == '*';
      if (from_pile) text.pop_back();
      const auto card = ParseCard(text);
      if (!card) return TokenError(t, "bad card");
      pair[k] = *card;
      if (auto ok = AddTo(from_pile ? &a.pile : &a.cards, *card, t); !ok) {
        return std::unexpected(ok.error());
      }
    }
    const int r0 = RankOf(pair[0]), r1 = RankOf(pair[1]);
    const bool king_and_queen =
        (r0 == kKing && r1 == kQueen) || (r0 == kQueen && r1 == kKing);
    if (!king_and_queen || SuitOf(pair[0]) != SuitOf(pair[1])) {
      return std::unexpected(fmt::format(
          "\"{} {}\" at tokens {}-{} is not a king and queen of one suit",
          tokens[i].text, tokens[i + 1].text, tokens[i].index,
          tokens[i + 1].index));
    }
    i += 2;
    if (i == tokens.size()) return a;
    if (tokens[i].text != ",") return TokenError(tokens[i], "expected ',' not");
    ++i;
  }
}

bool IsAceHighRun(const CardSet& cards) {
  const uint64_t ranks = cards.RankMask();
  if (!(ranks & 1) || !(ranks & (1u << kKing)) || (ranks & 2)) return false;
  const uint64_t high = (ranks >> 1) | (uint64_t{1} << (kKing));
  // Contiguous run ending at the ace (bit 12 after the shift).
  const uint64_t run = high >> std::countr_zero(high);
  return (run & (run + 1)) == 0 && cards.Size() == std::popcount(ranks);
}

void AppendCard(std::string& out, Card c) {
  out += RankChar(RankOf(c));
  out += SuitChar(SuitOf(c));
}

// Written into one string: a replay makes the text of every legal action at
// every position.
std::string MeldText(const Action& a) {
  std::string out;
  out.reserve(sizeof("meld discard XX") + 3 * size_t(a.cards.Size()));
  out = "meld";
  // The ace that tops a sequence comes last (an ace-high run has one).
  const bool ace_high = IsAceHighRun(a.cards);
  Card ace = kNoCard;
  a.cards.ForEachByRank([&](Card c) {
    if (ace_high && RankOf(c) == kAce) {
      ace = c;
      return;
    }
    out += ' ';
    AppendCard(out, c);
  });
  if (ace != kNoCard) {
    out += ' ';
    AppendCard(out, ace);
  }
  if (a.discard != kNoCard) {
    out += " discard ";
    AppendCard(out, a.discard);
  }
  return out;
}

std::string MarryText(const Action& a) {
  std::vector<std::string> pairs;
  std::vector<std::string> loose;
  for (int s = 0; s < kNumSuits; ++s) {
    const Card k = MakeCard(s, kKing), q = MakeCard(s, kQueen);
    int hk = a.cards.Count(k), hq = a.cards.Count(q);
    int pk = a.pile.Count(k), pq = a.pile.Count(q);
    const std::string ks = CardToString(k), qs = CardToString(q);
    std::vector<std::string> hand_hand, pile_king, pile_queen;
    for (; pk > 0 && hq > 0; --pk, --hq) pile_king.push_back(ks + "* " + qs);
    for (; pq > 0 && hk > 0; --pq, --hk)
      pile_queen.push_back(ks + " " + qs + "*");
    for (; hk > 0 && hq > 0; --hk, --hq) hand_hand.push_back(ks + " " + qs);
    for (; pk > 0 && pq > 0; --pk, --pq)
      pile_queen.push_back(ks + "* " + qs + "*");
    for (auto* group : {&hand_hand, &pile_king, &pile_queen}) {
      pairs.insert(pairs.end(), group->begin(), group->end());
    }
    for (; hk > 0; --hk) loose.push_back(ks);
    for (; hq > 0; --hq) loose.push_back(qs);
    for (; pk > 0; --pk) loose.push_back(ks + "*");
    for (; pq > 0; --pq) loose.push_back(qs + "*");
  }
  std::string out = "marry";
  for (size_t i = 0; i < pairs.size(); ++i) {
    out += (i ? ", " : " ") + pairs[i];
  }
  // Only an action that is no marriage has unpaired cards; show them as is.
  for (const auto& card : loose) out += " " + card;
  return out;
}

}  // namespace

std::string_view ToString(MeldType t) {
  switch (t) {
    case MeldType::kNone:
      return "none";
    case MeldType::kSequence:
      return "sequence";
    case MeldType::kFlush:
      return "flush";
    case MeldType::kFlushSequence:
      return "flush_sequence";
    case MeldType::kAssembly:
      return "assembly";
  }
  return "?";
}

std::string ActionToString(const Action& action) {
  switch (action.type) {
    case ActionType::kDiscard: {
      std::string out = "discard ";
      AppendCard(out, action.discard);
      return out;
    }
    case ActionType::kMeld:
      return MeldText(action);
    case ActionType::kMarry:
      return MarryText(action);
  }
  return "?";
}

std::expected<Action, std::string> ParseAction(std::string_view text) {
  const std::vector<Token> tokens = Tokenize(text);
  if (tokens.empty()) return std::unexpected(std::string("empty action"));
  const std::string verb = Lower(tokens[0].text);
  if (verb == "discard") {
    if (tokens.size() < 2) return TokenError(tokens[0], "missing card after");
    if (tokens.size() > 2) return TokenError(tokens[2], "unexpected");
    const auto card = CardAt(tokens[1]);
    if (!card) return std::unexpected(card.error());
    return Action::Discard(*card);
  }
  if (verb == "meld") return ParseMeld(tokens);
  if (verb == "marry") return ParseMarry(tokens);
  return TokenError(tokens[0], "unknown action (want discard, meld or marry):");
}

}  // namespace zetema
