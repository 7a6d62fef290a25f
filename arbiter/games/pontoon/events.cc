#include "arbiter/games/pontoon/events.h"

#include <fmt/format.h>

namespace pontoon {
namespace {

std::string Hand(const Event& e) {
  return fmt::format("seat {} hand {}", e.seat, e.hand + 1);
}

std::string List(std::span<const Card> cards) { return CardsText(cards); }

}  // namespace

bool DealVisible(const Event& e, int viewer) {
  return e.face_up || viewer == kEveryone || viewer == e.seat;
}

bool UnderCardVisible(const Event& e, Card c, int viewer) {
  return (c & kHiddenFlag) == 0 || viewer == kEveryone || viewer == e.seat;
}

int ViewerClass(const Event& e, int viewer) {
  switch (e.type) {
    case EventType::kDeal:
      return DealVisible(e, viewer) ? 0 : 1;
    case EventType::kUnder:
      // A hidden card under the pack shows to these viewers only.
      return viewer == kEveryone || viewer == e.seat ? 0 : 1;
    default:
      return 0;
  }
}

std::string EventText(const Event& e, std::span<const Card> cards, int viewer) {
  switch (e.type) {
    case EventType::kShuffle:
      return fmt::format("the cards are gathered and shuffled (shuffle {})",
                         e.value);
    case EventType::kHandStart:
      return fmt::format("hand {}: seat {} is the banker", e.value, e.seat);
    case EventType::kDeal:
      if (!DealVisible(e, viewer)) {
        return fmt::format("{} is dealt a card face down", Hand(e));
      }
      return fmt::format("{} is dealt {} face {}", Hand(e), CardText(e.card),
                         e.face_up ? "up" : "down");
    case EventType::kBet:
      return fmt::format("seat {} bets {}", e.seat, e.value);
    case EventType::kBankerPontoon:
      return fmt::format("the banker, seat {}, shows a pontoon: {}", e.seat,
                         List(cards));
    case EventType::kPontoon:
      if (cards.size() == 2) {
        return fmt::format("{} is a pontoon: {}", Hand(e), List(cards));
      }
      return fmt::format("{} announces a pontoon, showing {}", Hand(e),
                         CardText(e.card));
    case EventType::kStick:
      return fmt::format("{} sticks", Hand(e));
    case EventType::kTwist:
      return fmt::format("{} twists", Hand(e));
    case EventType::kBuy:
      return fmt::format("{} buys for {}", Hand(e), e.value);
    case EventType::kSplit:
      return fmt::format("{} splits (the new hand's stake: {})", Hand(e),
                         e.value);
    case EventType::kBust:
      return e.value > 0 ? fmt::format("{} is bust: {}; the banker takes {}",
                                       Hand(e), List(cards), e.value)
                         : fmt::format("{} is bust: {}", Hand(e), List(cards));
    case EventType::kShow:
      return fmt::format("{} shows {}", Hand(e), List(cards));
    case EventType::kSettle:
      if (e.value >= 0) {
        return fmt::format("{} is paid {}", Hand(e), e.value);
      }
      return fmt::format("{} pays {}", Hand(e), -e.value);
    case EventType::kUnder: {
      std::string text;
      for (Card c : cards) {
        if (!text.empty()) text += ' ';
        text += UnderCardVisible(e, c, viewer)
                    ? CardText(Card(c & ~kHiddenFlag))
                    : "(face down)";
      }
      return "under the pack: " + text;
    }
    case EventType::kNewBanker:
      return fmt::format("seat {} becomes the banker", e.seat);
    case EventType::kHandEnd:
      return fmt::format("hand {} ends", e.value);
    case EventType::kGameEnd:
      return "the game ends";
  }
  return "?";
}

}  // namespace pontoon
