// Text for people: an event as a given viewer sees it, and what a seat sees
// at the table. A viewer is a seat (0..n-1), kAllSeats (sees every hand:
// replays of a whole game) or any other negative number (the public: sees
// no hand).
#ifndef SCOTCH_WHIST_TEXT_H_
#define SCOTCH_WHIST_TEXT_H_

#include <string>

#include "arbiter/games/scotch_whist/state.h"

namespace scotch_whist {

inline constexpr int kAllSeats = -1;

// The deal shows the viewer its own hand (kAllSeats: every hand).
std::string EventText(const State& s, const Event& e, int viewer);
// Viewers of the same class get the same EventText: a deal shows each
// viewer its own, every other event is the same for all.
inline int EventViewerClass(const Event& e, int viewer) {
  return e.type == EventType::kDeal ? viewer : 0;
}

// A few lines: the hand number, dealer, trump, the seat's hand, the trick,
// the cards captured and the scores.
std::string ObservationText(const State& s, int seat);

}  // namespace scotch_whist

#endif  // SCOTCH_WHIST_TEXT_H_
