#include "arbiter/games/zetema/wire/convert.h"

#include <sstream>
#include <vector>

namespace arbiter {
namespace {

namespace pb = zetema::v1;

template <typename Array>
void CopyTo(const Array& from, google::protobuf::RepeatedField<int32_t>* to) {
  to->Clear();
  for (int v : from) to->Add(v);
}

template <typename Array>
std::string CopyFrom(const google::protobuf::RepeatedField<int32_t>& from,
                     const char* name, Array* to) {
  if (size_t(from.size()) != to->size()) {
    return std::string(name) + ": expected " + std::to_string(to->size()) +
           " values, got " + std::to_string(from.size());
  }
  for (size_t i = 0; i < to->size(); ++i) (*to)[i] = from[int(i)];
  return "";
}

void AddCards(const zetema::CardSet& set,
              google::protobuf::RepeatedPtrField<std::string>* out) {
  for (zetema::Card c : set.SortedByRank()) out->Add(zetema::CardToString(c));
}

std::vector<std::string> Words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

}  // namespace

pb::Ruleset RulesetToProto(const zetema::Ruleset& r) {
  pb::Ruleset p;
  p.set_base(r.base);
  p.set_turn_order(r.turn_order == zetema::TurnOrder::kDrawFirst
                       ? pb::TURN_ORDER_DRAW_FIRST
                       : pb::TURN_ORDER_PLAY_FIRST);
  p.set_imperial_suit(std::string(1, zetema::SuitChar(r.imperial_suit)));
  CopyTo(r.hand_size, p.mutable_hand_size());
  CopyTo(r.meld_length, p.mutable_meld_length());
  CopyTo(r.target, p.mutable_target());
  p.set_partnerships(r.partnerships);
  p.set_six_player_teams(r.six_player_teams == zetema::SixPlayerTeams::kPairs
                             ? pb::SIX_PLAYER_TEAMS_PAIRS
                             : pb::SIX_PLAYER_TEAMS_TRIOS);
  p.set_imperial_flush(r.imperial_flush);
  switch (r.imperial_bonus) {
    case zetema::ImperialBonus::kEach:
      p.set_imperial_bonus(pb::IMPERIAL_BONUS_EACH);
      break;
    case zetema::ImperialBonus::kSecond:
      p.set_imperial_bonus(pb::IMPERIAL_BONUS_SECOND);
      break;
    case zetema::ImperialBonus::kNone:
      p.set_imperial_bonus(pb::IMPERIAL_BONUS_NONE);
      break;
  }
  p.set_assembly_after(r.assembly_after == zetema::AssemblyAfter::kDiscard
                           ? pb::ASSEMBLY_AFTER_DISCARD
                           : pb::ASSEMBLY_AFTER_WASTE_AND_REFILL);
  p.set_marriage_refill(r.marriage_refill == zetema::MarriageRefill::kEndOfTurn
                            ? pb::MARRIAGE_REFILL_END_OF_TURN
                            : pb::MARRIAGE_REFILL_NEXT_TURN);
  p.set_two_player_extra_turn(r.two_player_extra_turn);
  p.set_kq_zetema_needs_assembly(r.kq_zetema_needs_assembly);
  p.set_max_hands(r.max_hands);
  auto* points = p.mutable_points();
  points->set_sequence(r.points.sequence);
  points->set_flush(r.points.flush);
  points->set_flush_sequence(r.points.flush_sequence);
  CopyTo(r.points.marriages, points->mutable_marriages());
  CopyTo(r.points.assembly, points->mutable_assembly());
  CopyTo(r.points.zetema, points->mutable_zetema());
  return p;
}

std::expected<zetema::Ruleset, std::string> RulesetFromProto(
    const pb::Ruleset& p) {
  zetema::Ruleset r;
  auto fail = [](std::string what) {
    return std::unexpected("ruleset." + std::move(what));
  };
  r.base = p.base();
  switch (p.turn_order()) {
    case pb::TURN_ORDER_DRAW_FIRST:
      r.turn_order = zetema::TurnOrder::kDrawFirst;
      break;
    case pb::TURN_ORDER_PLAY_FIRST:
      r.turn_order = zetema::TurnOrder::kPlayFirst;
      break;
    default:
      return fail("turn_order: unspecified");
  }
  auto suit = zetema::ParseSuit(p.imperial_suit());
  if (!suit) return fail("imperial_suit: " + suit.error());
  r.imperial_suit = *suit;
  for (auto [from, name, to] :
       {std::tuple{&p.hand_size(), "hand_size", &r.hand_size},
        std::tuple{&p.meld_length(), "meld_length", &r.meld_length},
        std::tuple{&p.target(), "target", &r.target}}) {
    if (auto e = CopyFrom(*from, name, to); !e.empty()) return fail(e);
  }
  r.partnerships = p.partnerships();
  switch (p.six_player_teams()) {
    case pb::SIX_PLAYER_TEAMS_PAIRS:
      r.six_player_teams = zetema::SixPlayerTeams::kPairs;
      break;
    case pb::SIX_PLAYER_TEAMS_TRIOS:
      r.six_player_teams = zetema::SixPlayerTeams::kTrios;
      break;
    default:
      return fail("six_player_teams: unspecified");
  }
  r.imperial_flush = p.imperial_flush();
  switch (p.imperial_bonus()) {
    case pb::IMPERIAL_BONUS_EACH:
      r.imperial_bonus = zetema::ImperialBonus::kEach;
      break;
    case pb::IMPERIAL_BONUS_SECOND:
      r.imperial_bonus = zetema::ImperialBonus::kSecond;
      break;
    case pb::IMPERIAL_BONUS_NONE:
      r.imperial_bonus = zetema::ImperialBonus::kNone;
      break;
    default:
      return fail("imperial_bonus: unspecified");
  }
  switch (p.assembly_after()) {
    case pb::ASSEMBLY_AFTER_DISCARD:
      r.assembly_after = zetema::AssemblyAfter::kDiscard;
      break;
    case pb::ASSEMBLY_AFTER_WASTE_AND_REFILL:
      r.assembly_after = zetema::AssemblyAfter::kWasteAndRefill;
      break;
    default:
      return fail("assembly_after: unspecified");
  }
  switch (p.marriage_refill()) {
    case pb::MARRIAGE_REFILL_END_OF_TURN:
      r.marriage_refill = zetema::MarriageRefill::kEndOfTurn;
      break;
    case pb::MARRIAGE_REFILL_NEXT_TURN:
      r.marriage_refill = zetema::MarriageRefill::kNextTurn;
      break;
    default:
      return fail("marriage_refill: unspecified");
  }
  r.two_player_extra_turn = p.two_player_extra_turn();
  r.kq_zetema_needs_assembly = p.kq_zetema_needs_assembly();
  r.max_hands = p.max_hands();
  const auto& points = p.points();
  r.points.sequence = points.sequence();
  r.points.flush = points.flush();
  r.points.flush_sequence = points.flush_sequence();
  if (auto e =
          CopyFrom(points.marriages(), "points.marriages", &r.points.marriages);
      !e.empty()) {
    return fail(e);
  }
  if (auto e =
          CopyFrom(points.assembly(), "points.assembly", &r.points.assembly);
      !e.empty()) {
    return fail(e);
  }
  if (auto e = CopyFrom(points.zetema(), "points.zetema", &r.points.zetema);
      !e.empty()) {
    return fail(e);
  }
  if (auto e = zetema::ValidateRuleset(r); !e.empty()) return fail(e);
  return r;
}

pb::MeldType MeldTypeToProto(zetema::MeldType type) {
  switch (type) {
    case zetema::MeldType::kSequence:
      return pb::MELD_TYPE_SEQUENCE;
    case zetema::MeldType::kFlush:
      return pb::MELD_TYPE_FLUSH;
    case zetema::MeldType::kFlushSequence:
      return pb::MELD_TYPE_FLUSH_SEQUENCE;
    case zetema::MeldType::kAssembly:
      return pb::MELD_TYPE_ASSEMBLY;
    case zetema::MeldType::kNone:
      break;
  }
  return pb::MELD_TYPE_UNSPECIFIED;
}

void ActionToProto(const zetema::Action& action, pb::Action* out) {
  pb::Action& p = *out;
  switch (action.type) {
    case zetema::ActionType::kDiscard:
      p.mutable_discard()->set_card(zetema::CardToString(action.discard));
      break;
    case zetema::ActionType::kMeld: {
      // The canonical text's order (an ace topping a sequence last).
      auto* meld = p.mutable_meld();
      const auto words = Words(zetema::ActionToString(action));
      for (size_t i = 1; i < words.size() && words[i] != "discard"; ++i) {
        meld->add_cards(words[i]);
      }
      if (action.discard != zetema::kNoCard) {
        meld->set_discard(zetema::CardToString(action.discard));
      }
      meld->set_meld_type(MeldTypeToProto(action.meld));
      break;
    }
    case zetema::ActionType::kMarry: {
      // Pairs as the canonical text prints them: "marry KS QS, KS* QS".
      std::string text = zetema::ActionToString(action).substr(6);
      for (auto& c : text) {
        if (c == ',') c = ' ';
      }
      const auto words = Words(text);
      auto* marry = p.mutable_marry();
      for (size_t i = 0; i + 1 < words.size(); i += 2) {
        auto* m = marry->add_marriages();
        for (const auto& w : {words[i], words[i + 1]}) {
          const bool pile = w.back() == '*';
          const std::string card = pile ? w.substr(0, w.size() - 1) : w;
          if (card[0] == 'K') {
            m->set_king(card);
            m->set_king_from_pile(pile);
          } else {
            m->set_queen(card);
            m->set_queen_from_pile(pile);
          }
        }
      }
      break;
    }
  }
}

std::expected<std::string, std::string> ProtoActionToText(
    const pb::Action& action) {
  switch (action.kind_case()) {
    case pb::Action::kDiscard:
      if (action.discard().card().empty()) {
        return std::unexpected("discard: no card");
      }
      return "discard " + action.discard().card();
    case pb::Action::kMeld: {
      std::string text = "meld";
      for (const auto& c : action.meld().cards()) text += " " + c;
      if (!action.meld().discard().empty()) {
        text += " discard " + action.meld().discard();
      }
      return text;
    }
    case pb::Action::kMarry: {
      std::string text = "marry";
      for (int i = 0; i < action.marry().marriages_size(); ++i) {
        const auto& m = action.marry().marriages(i);
        if (m.king().empty() || m.queen().empty()) {
          return std::unexpected("marry: marriage " + std::to_string(i + 1) +
                                 " lacks a king or a queen");
        }
        text += (i ? ", " : " ") + m.king() + (m.king_from_pile() ? "*" : "") +
                " " + m.queen() + (m.queen_from_pile() ? "*" : "");
      }
      return text;
    }
    case pb::Action::KIND_NOT_SET:
      break;
  }
  return std::unexpected("action: none of discard, meld, marry is set");
}

std::expected<zetema::Action, std::string> ActionFromProto(
    const pb::Action& action) {
  auto text = ProtoActionToText(action);
  if (!text) return std::unexpected(text.error());
  auto parsed = zetema::ParseAction(*text);
  if (!parsed) return std::unexpected(parsed.error() + " in '" + *text + "'");
  return *parsed;
}

void EventToProto(const zetema::Event& e, int viewer, pb::Event* out) {
  pb::Event& p = *out;
  p.set_type(pb::EventType(int(e.type) + 1));
  p.set_seat(e.seat);
  const bool hidden =
      e.type == zetema::EventType::kDraw && viewer != -1 && viewer != e.seat;
  if (e.card != zetema::kNoCard && !hidden) {
    p.set_card(zetema::CardToString(e.card));
  }
  p.set_points(e.points);
  p.set_value(e.value);
  if (e.type == zetema::EventType::kDeclare) {
    ActionToProto(e.action, p.mutable_action());
  }
  if (e.type == zetema::EventType::kWaste) {
    AddCards(e.action.cards, p.mutable_cards());
  }
  // EventToString hides the same draws (kPublicViewer is not a seat).
  p.set_text(zetema::EventToString(e, viewer));
}

void ObservationToProto(const zetema::Observation& o, int num_players,
                        pb::Observation* out) {
  pb::Observation& p = *out;
  p.set_seat(o.seat);
  p.set_current_player(o.current_player);
  p.set_dealer(o.dealer);
  p.set_hand_number(o.hand_number);
  p.set_stock_size(o.stock_size);
  p.set_num_players(num_players);
  AddCards(o.hand, p.mutable_hand());
  AddCards(o.piles, p.mutable_piles());
  AddCards(o.waste, p.mutable_waste());
  for (int v : o.hand_sizes) p.add_hand_sizes(v);
  for (int v : o.scores) p.add_scores(v);
  for (int v : o.team_of) p.add_team_of(v);
  for (int v : o.team_scores) p.add_team_scores(v);
  for (const auto& k : o.known) AddCards(k, p.add_known()->mutable_cards());
  for (const auto& e : o.history) EventToProto(e, o.seat, p.add_history());
}

}  // namespace arbiter
