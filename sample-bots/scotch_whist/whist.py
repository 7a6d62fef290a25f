"""The Scotch Whist sample bot's choices: the usual heuristics of Catch the
Ten, around the two cards that decide a hand, the ten of trumps (10 points
to whoever captures it) and the jack of trumps (11 points, and the highest
card: its holder always captures it).

Leading:
- holding the jack or the ace of trumps while the ten is still out, lead
  trumps from the top: everyone must follow in trumps, and the holder of a
  short ten may have to give it up;
- lead the ten only when no higher trump is out (it then wins for sure);
- otherwise lead a card that wins for sure (the top card left of its suit)
  to pile up the trick score, or else the lowest plain card.
Following:
- when the partner is sure to win the trick, give it a point card;
- when the trick can be won: win it with the cheapest card that is sure to
  hold (the last to play, or a card no one left can beat), and keep the ten
  for a trick it is sure to win;
- otherwise throw the card worth least, never a trump honour or the ten if
  anything else is legal.
"""

from typing import List, Sequence

from zetema_bot import Card
from zetema_bot.cards import ACE, JACK
from zetema_bot.scotch_whist import (ITEM_POINTS, TEN, Action, Observation,
                                     beats, strength, winner_index,
                                     winning_card)

_RANKS_IN_PACK = (ACE, 5, 6, 7, 8, TEN, JACK, 11, 12)  # A 6 7 8 9 T J Q K


def _pack(num_players: int) -> List[Card]:
    cards = [Card(r, s) for s in range(4) for r in _RANKS_IN_PACK]
    if num_players in (5, 7):
        cards.remove(Card(5, 3))  # the 6C
    return cards


def unseen(obs: Observation) -> List[Card]:
    """Cards in other seats' hands: in play, neither in this hand nor played."""
    gone = set(obs.played) | set(obs.hand)
    return [c for c in _pack(obs.num_players) if c not in gone]


def points(card: Card, trump: int) -> int:
    """What capturing this card scores on its own (trump ten and honours)."""
    return ITEM_POINTS.get(card.rank, 0) if card.suit == trump else 0


def _cost(card: Card, trump: int) -> tuple:
    """How much giving the card away or spending it hurts: points first, then
    trumps over plain cards, then strength."""
    return (points(card, trump), card.suit == trump, strength(card, trump))


def sure_winner(card: Card, trick: Sequence[Card], others: Sequence[Card],
                trump: int, last: bool) -> bool:
    """Whether `card`, played now, wins the trick whatever the others hold
    (`others`: cards not seen; a seat that cannot follow may trump)."""
    cards = list(trick) + [card]
    if winning_card(cards, trump) != card:
        return False
    if last:
        return True
    led = cards[0]
    return not any(beats(o, card, led, trump) for o in others)


def choose(obs: Observation, legal: List[Action]):
    trump = obs.trump
    cards = [a.card for a in legal]
    others = unseen(obs)
    trick = obs.trick.cards
    n = obs.num_players
    last = len(trick) == n - 1
    ten, jack, ace = Card(TEN, trump), Card(JACK, trump), Card(ACE, trump)
    ten_out = ten in others

    def pick(card):
        return legal[cards.index(card)]

    cheapest = min(cards, key=lambda c: _cost(c, trump))
    if not trick:
        trumps = sorted((c for c in cards if c.suit == trump),
                        key=lambda c: strength(c, trump), reverse=True)
        if ten_out and (jack in cards or ace in cards and jack not in others):
            return pick(trumps[0])
        if ten in cards and sure_winner(ten, [], others, trump, False):
            return pick(ten)
        # A plain card no unseen card of its suit beats (a void seat may
        # still trump it: a risk worth taking for the trick score).
        sure = [c for c in cards if c.suit != trump and not any(
            o.suit == c.suit and strength(o, trump) > strength(c, trump)
            for o in others)]
        if sure:
            return pick(max(sure, key=lambda c: strength(c, trump)))
        plain = [c for c in cards if c.suit != trump]
        return pick(min(plain or cards, key=lambda c: _cost(c, trump)))

    best = winning_card(trick, trump)
    winner = obs.trick.seat_of(winner_index(trick, trump), n)
    partner_wins = winner in obs.partners and (
        last or not any(beats(o, best, trick[0], trump) for o in others))
    if partner_wins:
        return pick(max(cards, key=lambda c: (points(c, trump),
                                              -strength(c, trump))))
    sure = [c for c in cards if sure_winner(c, trick, others, trump, last)]
    if sure:
        return pick(min(sure, key=lambda c: _cost(c, trump)))
    value = sum(points(c, trump) for c in trick)
    winners = [c for c in cards if c != ten and beats(c, best, trick[0], trump)]
    if winners and value > 0:
        # Not sure to hold, but worth a try: the strongest winner.
        return pick(max(winners, key=lambda c: strength(c, trump)))
    return pick(cheapest)
