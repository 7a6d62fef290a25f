"""The Scotch Whist bot's choices, on hand-made observations."""

import whist
from zetema_bot import parse_card
from zetema_bot.proto import arbiter_pb2
from zetema_bot.scotch_whist import Observation, parse_action


def observation(hand, trump_card, trick="", leader=0, tricks=(),
                num_players=4, seat=0, team_of=None):
    request = arbiter_pb2.DecisionRequest(request_id=1, game_id="g")
    o = request.scotch_whist.observation
    o.seat, o.num_players, o.current_player = seat, num_players, seat
    o.hand.extend(hand.split())
    o.trump_card = trump_card
    o.trump_suit = trump_card[-1]
    o.trick.leader = leader
    o.trick.cards.extend(trick.split())
    o.trick.winner = -1
    for leader_of, cards, winner in tricks:
        t = o.tricks.add(leader=leader_of, winner=winner)
        t.cards.extend(cards.split())
    o.team_of.extend(team_of or range(num_players))
    return Observation(request, None)


def legal(obs):
    """Every card of the hand that follows suit (the arbiter's list)."""
    led = obs.trick.cards[0].suit if obs.trick.cards else None
    follow = [c for c in obs.hand if c.suit == led]
    cards = follow or obs.hand
    return [parse_action("play %s" % c) for c in cards]


def choice(obs):
    answer = whist.choose(obs, legal(obs))
    return str(answer.card)


def test_leads_the_jack_of_trumps_to_catch_the_ten():
    obs = observation("JH 7H AS 9D 6C", "KH")
    assert choice(obs) == "JH"


def test_keeps_the_ten_when_a_higher_trump_is_out():
    # Leading: the ten would fall to the jack, ace, king or queen.
    obs = observation("TH 7S 8D", "6H")
    assert choice(obs) != "TH"
    # Following a plain suit it cannot follow, it throws a small card.
    obs = observation("TH 7C", "6H", trick="AS", leader=3)
    assert choice(obs) == "7C"


def test_leads_the_ten_once_it_is_the_top_trump():
    # J A K Q of hearts all played: the ten cannot be beaten.
    played = [(0, "JH 6S 7S 8S", 0), (0, "AH 9S TS JS", 0),
              (0, "KH QS KS AS", 0), (0, "QH 6D 7D 8D", 0)]
    obs = observation("TH 9D", "6H", tricks=played)
    assert choice(obs) == "TH"


def test_wins_a_trick_holding_points_as_the_last_to_play():
    # Seat 0 is last (seat 1 led); the trick holds the ace of trumps (4).
    obs = observation("KH 6H 9C", "7H", trick="AD AH QD", leader=1)
    # The KH cannot beat the AH: it throws its cheapest card, a plain one.
    assert choice(obs) == "9C"
    obs = observation("JH 6H 9C", "7H", trick="AD AH QD", leader=1)
    assert choice(obs) == "JH"


def test_wins_cheaply_when_last():
    obs = observation("QS 9S 6S", "7H", trick="8S TS JS", leader=1)
    assert choice(obs) == "QS"


def test_gives_points_to_a_partner_sure_to_win():
    # Four seats in partnerships {0,2} {1,3}: seat 2 played the JH (highest
    # card); seat 0, last to play and void in spades, gives it the TH.
    obs = observation("TH 6H 7C", "8H", trick="AS JH 6S", leader=1,
                      team_of=[0, 1, 0, 1])
    assert choice(obs) == "TH"


def test_throws_the_card_worth_least_when_it_cannot_win():
    obs = observation("QH 8C 9D", "6H", trick="AS KS", leader=2)
    assert choice(obs) in ("8C", "9D")


def test_answers_with_a_legal_action():
    obs = observation("6S KS 7H", "6H", trick="9S", leader=3)
    answer = whist.choose(obs, legal(obs))
    assert answer in legal(obs)
    assert parse_card(str(answer.card)) in (parse_card("6S"),
                                            parse_card("KS"))
