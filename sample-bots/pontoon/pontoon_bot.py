#!/usr/bin/env python3
"""A simple Pontoon bot that counts the cards that went to the bottom.

Every card ever shown is public, and so is the order in which cards go
under the pack: the next card dealt is the top of the pack, drawn from the
cards nobody has seen since the last shuffle while there are any, and after
that the known cards put under it, in order. The bot keeps the list of
cards the next draw may be (`next_cards`) and plays from it:

- bet: the most when its face-down card is an ace or worth ten, the least
  otherwise, and in between when the cards left are rich in tens;
- split a pair of aces or of eights;
- buy (the most allowed) on 9 to 11 when no next card can bust the hand;
- twist while the chance of going bust on the next card is under a
  threshold that falls as the total rises (always under 12, never from 18,
  soft hands up to 17, and more boldly with four cards, for the five-card
  trick);
- the banker draws to 17, and beyond while most punters still standing
  show more than its total.

Run by the arbiter:  .venv/bin/python sample-bots/pontoon/pontoon_bot.py
(it declares games=["pontoon"]).
"""

import sys
from typing import List, Optional

import zetema_bot
from zetema_bot import Card, pontoon
from zetema_bot.pontoon import (BET, BUY, SPLIT, STICK, TWIST, Action,
                                Observation, card_value, hand_total, is_soft)

FULL_PACK = [Card(rank, suit) for suit in range(4) for rank in range(13)]


def visible_cards(obs: Observation) -> List[Card]:
    """Every card this seat sees on the table (live and bust hands)."""
    return [c for seat in obs.seats for hand in seat.hands for c in hand.cards
            if c is not None]


def next_cards(obs: Observation) -> List[Card]:
    """The cards the next draw may be, as counted by this seat: the unseen
    part of the pack while it lasts, then the known bottom, in order."""
    if obs.unknown_pack <= 0:
        top = obs.under_pack[0] if obs.under_pack else None
        if top is not None:
            return [top]
    seen = set(visible_cards(obs))
    seen.update(c for c in obs.under_pack if c is not None)
    unseen = [c for c in FULL_PACK if c not in seen]
    return unseen or list(FULL_PACK)


def bust_chance(cards: List[Optional[Card]], candidates: List[Card]) -> float:
    """The chance that one more card from `candidates` busts the hand."""
    low = sum(card_value(c) for c in cards if c is not None)
    busts = sum(1 for c in candidates if low + card_value(c) > 21)
    return busts / len(candidates)


def ten_share(candidates: List[Card]) -> float:
    return sum(1 for c in candidates if card_value(c) == 10) / len(candidates)


def first_of(legal: List[Action], kind: str) -> Optional[Action]:
    return next((a for a in legal if a.kind == kind), None)


def choose_bet(obs: Observation, legal: List[Action]) -> Action:
    bets = [a for a in legal if a.kind == BET]
    hand = obs.my_hand
    first = hand.cards[0] if hand is not None and hand.cards else None
    if first is not None and card_value(first) in (1, 10):
        return bets[-1]
    if ten_share(next_cards(obs)) > 0.36:
        return bets[len(bets) // 2]
    return bets[0]


# The largest chance of going bust on the next card worth a twist, by hard
# total (a soft hand cannot go bust on one card).
TWIST_THRESHOLD = {12: 0.6, 13: 0.5, 14: 0.45, 15: 0.35, 16: 0.25, 17: 0.1}
# A fifth card that does not bust makes a five-card trick, paid double: a
# four-card hand risks that much more.
FOUR_CARD_BONUS = 0.2


def wants_twist(cards: List[Optional[Card]], chance: float) -> bool:
    """Whether a hand should twist, given the chance that the next card busts
    it."""
    total = hand_total(cards)
    if total <= 11:
        return True
    if is_soft(cards):
        return total <= 17
    threshold = TWIST_THRESHOLD.get(total, 0.0)
    if len(cards) == 4:
        threshold += FOUR_CARD_BONUS
    return chance < threshold


def choose_punter(obs: Observation, legal: List[Action]) -> Action:
    hand = obs.my_hand
    cards = hand.cards
    total = hand_total(cards)
    candidates = next_cards(obs)
    split = first_of(legal, SPLIT)
    if split is not None and cards[0].rank in (0, 7):  # aces, eights
        return split
    chance = bust_chance(cards, candidates)
    buys = [a for a in legal if a.kind == BUY]
    if buys and 9 <= total <= 11 and chance == 0.0:
        return buys[-1]
    twist = first_of(legal, TWIST)
    stick = first_of(legal, STICK)
    if twist is not None and (stick is None or wants_twist(cards, chance)):
        return twist
    return stick if stick is not None else legal[0]


def choose_banker(obs: Observation, legal: List[Action]) -> Action:
    twist = first_of(legal, TWIST)
    stick = first_of(legal, STICK)
    if twist is None or stick is None:
        return legal[0]
    total = obs.banker_hand.total
    if total < 17:
        return twist
    # Punters still standing, by what they show (face-down cards unknown).
    beaten = standing = 0
    for seat, state in enumerate(obs.seats):
        if seat == obs.banker:
            continue
        for hand in state.hands:
            if hand.status == pontoon.BUST:
                continue
            standing += 1
            beaten += hand.total > total or len(hand.cards) >= 5
    if total < 21 and standing and beaten * 2 > standing and \
            bust_chance(obs.banker_hand.cards, next_cards(obs)) < 0.5:
        return twist
    return stick


def choose(obs: Observation, legal: List[Action]) -> Action:
    if legal[0].kind == BET:
        return choose_bet(obs, legal)
    if obs.is_banker:
        return choose_banker(obs, legal)
    return choose_punter(obs, legal)


def main() -> int:
    zetema_bot.run(choose, name="pontoon-counter", version="1.0",
                   games=["pontoon"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
