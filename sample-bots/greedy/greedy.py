"""The greedy bot's choice: the legal action worth the most points now;
otherwise the discard least likely to give an opponent a zetema.

Pure functions of an Observation and the legal actions, so that they can be
tested without an arbiter (test_greedy.py).
"""

from zetema_bot import DISCARD, MARRY, MELD, parse_card, parse_suit
from zetema_bot.cards import KING, QUEEN
from zetema_bot.proto import zetema_pb2

# Parlett's points, for an observation that carries no ruleset.
DEFAULT_MARRIAGES = [10, 30, 60, 100, 150]
DEFAULT_ASSEMBLY = [110, 100, 100, 100, 110, 100, 100, 100, 100, 100, 120,
                    130, 130]
DEFAULT_ZETEMA = [15, 5, 5, 5, 15, 5, 5, 5, 5, 5, 20, 50, 50]
DEFAULT_MELDS = {"sequence": 20, "flush": 30, "flush_sequence": 50}

EVENT_DEAL = zetema_pb2.EVENT_TYPE_DEAL
EVENT_DECLARE = zetema_pb2.EVENT_TYPE_DECLARE
BONUS_EACH = zetema_pb2.IMPERIAL_BONUS_EACH
BONUS_SECOND = zetema_pb2.IMPERIAL_BONUS_SECOND
CARDS_PER_RANK = 5  # every rank has exactly five cards


class Points:
    """The point tables of the game's ruleset (Parlett's when absent)."""

    def __init__(self, ruleset):
        p = ruleset.points if ruleset is not None and \
            ruleset.HasField("points") else None
        self.melds = dict(DEFAULT_MELDS)
        if p is not None and p.sequence:
            self.melds = {"sequence": p.sequence, "flush": p.flush,
                          "flush_sequence": p.flush_sequence}
        self.marriages = list(p.marriages) if p is not None and \
            len(p.marriages) == 5 else DEFAULT_MARRIAGES
        self.assembly = list(p.assembly) if p is not None and \
            len(p.assembly) == 13 else DEFAULT_ASSEMBLY
        self.zetema = list(p.zetema) if p is not None and \
            len(p.zetema) == 13 else DEFAULT_ZETEMA
        self.imperial_suit = parse_suit(
            (ruleset.imperial_suit if ruleset is not None else "") or "S")
        self.imperial_bonus = ruleset.imperial_bonus if ruleset is not None \
            else BONUS_EACH
        self.kq_needs_assembly = bool(ruleset is not None and
                                      ruleset.kq_zetema_needs_assembly)


def this_deal(history):
    """The events since the last deal."""
    start = 0
    for i, event in enumerate(history):
        if event.type == EVENT_DEAL:
            start = i
    return history[start:]


def imperial_marriages_declared(history, imperial_suit):
    count = 0
    for event in this_deal(history):
        if event.type == EVENT_DECLARE and event.action.HasField("marry"):
            count += sum(1 for m in event.action.marry.marriages
                         if parse_card(m.king).suit == imperial_suit)
    return count


def assemblies_declared(history):
    ranks = set()
    for event in this_deal(history):
        if event.type == EVENT_DECLARE and event.action.HasField("meld"):
            cards = event.action.meld.cards
            parsed = [parse_card(c) for c in cards]
            if len(parsed) == CARDS_PER_RANK and \
                    len({c.rank for c in parsed}) == 1:
                ranks.add(parsed[0].rank)
    return ranks


def meld_kind(cards):
    """Classifies a meld when the arbiter did not say (informative field)."""
    ranks = sorted(c.rank for c in cards)
    if len(set(ranks)) == 1:
        return "assembly"
    same_suit = len({c.suit for c in cards}) == 1
    run = ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    high = sorted(13 if r == 0 else r for r in ranks)
    run = run or high == list(range(high[0], high[0] + len(high)))
    if same_suit:
        return "flush_sequence" if run else "flush"
    return "sequence"


def zetema_points(card, observation, points):
    """What discarding `card` scores now: a zetema when its pile holds four."""
    if card is None or len(observation.pile(card.rank)) != CARDS_PER_RANK - 1:
        return 0
    if points.kq_needs_assembly and card.rank in (QUEEN, KING) and \
            card.rank not in assemblies_declared(observation.history):
        return 0
    return points.zetema[card.rank]


def points_now(action, observation, points=None):
    """The points `action` scores on this turn."""
    points = points or Points(observation.ruleset)
    if action.kind == DISCARD:
        return zetema_points(action.discard, observation, points)
    if action.kind == MELD:
        kind = action.meld_type or meld_kind(action.cards)
        value = points.assembly[action.cards[0].rank] if kind == "assembly" \
            else points.melds[kind]
        return value + zetema_points(action.discard, observation, points)
    if action.kind == MARRY:
        pairs = action.marriages()
        n = len(pairs)
        value = points.marriages[min(n, 5) - 1] if n else 0
        imperial = sum(1 for p in pairs if p.king.suit == points.imperial_suit)
        if n < 5 and imperial:
            if points.imperial_bonus == BONUS_EACH:
                value += 10 * imperial
            elif points.imperial_bonus == BONUS_SECOND:
                earlier = imperial_marriages_declared(observation.history,
                                                      points.imperial_suit)
                if imperial >= 2 or earlier >= 1:
                    value += 10 * imperial
        return value
    return 0


def danger(card, observation, points=None):
    """Expected zetema points that discarding `card` hands to opponents
    (minus what it hands to partners)."""
    points = points or Points(observation.ruleset)
    rank = card.rank
    if any(c.rank == rank for c in observation.waste):
        return 0.0  # a card of the rank is gone: no zetema this deal
    on_pile = len(observation.pile(rank)) + 1
    mine = sum(1 for c in observation.hand if c.rank == rank) - 1
    missing = CARDS_PER_RANK - on_pile - mine
    if mine > 0 or missing <= 0:
        return 0.0  # nobody completes it without a card of ours
    me = observation.seat
    team_of = observation.team_of or list(range(observation.num_players))
    opponents = [s for s in range(len(observation.hand_sizes))
                 if team_of[s] != team_of[me]]
    partners = [s for s in range(len(observation.hand_sizes))
                if s != me and team_of[s] == team_of[me]]
    known = observation.known or [[] for _ in observation.hand_sizes]
    known_rank = {s: sum(1 for c in known[s] if c.rank == rank)
                  for s in range(len(known))}
    unseen = (65 - len(observation.hand) - len(observation.pile_cards) -
              len(observation.waste) - sum(len(k) for k in known))

    def unknown_in(seats):
        return sum(max(observation.hand_sizes[s] - len(known[s]), 0)
                   for s in seats)

    q_opp = unknown_in(opponents) / unseen if unseen > 0 else 0.0
    q_partner = unknown_in(partners) / unseen if unseen > 0 else 0.0
    by_opp = sum(known_rank.get(s, 0) for s in opponents)
    by_partner = sum(known_rank.get(s, 0) for s in partners)
    free = max(missing - by_opp - by_partner, 0)
    # Every missing card must be on one side for that side to complete it.
    p_opp = (q_opp ** free) if by_partner == 0 else 0.0
    p_partner = (q_partner ** free) if by_opp == 0 and partners else 0.0
    value = points.zetema[rank]
    return value * (p_opp - p_partner)


def keep_value(card, observation):
    """How much the card may be worth keeping (ties between safe discards)."""
    hand = observation.hand
    value = 2 * (sum(1 for c in hand if c.rank == card.rank) - 1)
    if card.rank in (QUEEN, KING):  # its partner is reachable
        other = QUEEN + KING - card.rank
        reachable = list(hand) + observation.pile(other)
        if any(c.rank == other and c.suit == card.suit for c in reachable):
            value += 3
    value += sum(1 for c in hand if abs(c.rank - card.rank) == 1)
    return value


def choose(observation, legal_actions):
    """The greedy choice among `legal_actions` (Action values)."""
    points = Points(observation.ruleset)

    def discard_risk(action):
        if action.discard is None:
            return 0.0
        return danger(action.discard, observation, points)

    scored = [(points_now(a, observation, points), a) for a in legal_actions]
    best = max(p for p, _ in scored) if scored else 0
    if best > 0:
        top = [a for p, a in scored if p == best]
        return min(top, key=lambda a: (discard_risk(a), a.index or 0))
    discards = [a for a in legal_actions if a.kind == DISCARD]
    if not discards:
        return legal_actions[0]
    return min(discards, key=lambda a: (discard_risk(a),
                                        keep_value(a.discard, observation),
                                        a.index or 0))
