#include "sample-bots/strong/observation_proto.h"

#include <fmt/format.h>

#include "arbiter/games/zetema/wire/convert.h"

namespace strong {
namespace {

using Error = std::unexpected<std::string>;

template <typename Strings>
std::expected<zetema::CardSet, std::string> Cards(const Strings& texts,
                                                  std::string_view field) {
  zetema::CardSet set;
  for (const std::string& text : texts) {
    auto card = zetema::ParseCard(text);
    if (!card) return Error(fmt::format("{}: {}", field, card.error()));
    if (set.Count(*card) == 2) {
      return Error(fmt::format("{}: {} three times", field, text));
    }
    set.Add(*card);
  }
  return set;
}

std::expected<zetema::Event, std::string> EventFromProto(
    const zetema::v1::Event& proto) {
  zetema::Event e;
  const int type = int(proto.type());
  if (type < zetema::v1::EVENT_TYPE_DEAL ||
      type > zetema::v1::EVENT_TYPE_GAME_END) {
    return Error(fmt::format("history: unknown event type {}", type));
  }
  e.type = zetema::EventType(type - zetema::v1::EVENT_TYPE_DEAL);
  e.seat = int8_t(proto.seat());
  e.points = proto.points();
  e.value = proto.value();
  if (!proto.card().empty()) {
    auto card = zetema::ParseCard(proto.card());
    if (!card) return Error("history: " + card.error());
    e.card = *card;
  }
  if (e.type == zetema::EventType::kDeclare) {
    auto action = arbiter::ActionFromProto(proto.action());
    if (!action) return Error("history: " + action.error());
    e.action = *action;
  }
  return e;
}

}  // namespace

std::expected<zetema::Observation, std::string> ObservationFromProto(
    const zetema::v1::Observation& proto) {
  zetema::Observation o;
  o.seat = proto.seat();
  o.current_player = proto.current_player();
  o.dealer = proto.dealer();
  o.hand_number = proto.hand_number();
  o.stock_size = proto.stock_size();
  auto hand = Cards(proto.hand(), "hand");
  if (!hand) return Error(hand.error());
  o.hand = *hand;
  auto piles = Cards(proto.piles(), "piles");
  if (!piles) return Error(piles.error());
  o.piles = *piles;
  auto waste = Cards(proto.waste(), "waste");
  if (!waste) return Error(waste.error());
  o.waste = *waste;
  o.hand_sizes.assign(proto.hand_sizes().begin(), proto.hand_sizes().end());
  o.scores.assign(proto.scores().begin(), proto.scores().end());
  o.team_of.assign(proto.team_of().begin(), proto.team_of().end());
  o.team_scores.assign(proto.team_scores().begin(), proto.team_scores().end());
  for (const auto& known : proto.known()) {
    auto cards = Cards(known.cards(), "known");
    if (!cards) return Error(cards.error());
    o.known.push_back(*cards);
  }
  int start = 0;
  for (int i = 0; i < proto.history_size(); ++i) {
    if (proto.history(i).type() == zetema::v1::EVENT_TYPE_DEAL) start = i;
  }
  for (int i = start; i < proto.history_size(); ++i) {
    auto event = EventFromProto(proto.history(i));
    if (!event) return Error(event.error());
    o.history.push_back(*event);
  }
  return o;
}

}  // namespace strong
