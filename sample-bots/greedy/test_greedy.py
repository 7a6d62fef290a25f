"""The greedy bot's choice logic, on hand-made observations."""

import dataclasses

import pytest

import greedy
from zetema_bot import GameInfo, Observation, parse_action, parse_card
from zetema_bot.proto import arbiter_pb2, zetema_pb2

PARLETT = dict(imperial_bonus=zetema_pb2.IMPERIAL_BONUS_EACH)
SACKSON = dict(imperial_bonus=zetema_pb2.IMPERIAL_BONUS_SECOND)
HUNT = dict(imperial_bonus=zetema_pb2.IMPERIAL_BONUS_SECOND,
            kq_zetema_needs_assembly=True)


def observation(hand, piles="", waste="", rules=None, history=(),
                hand_sizes=(6, 6), team_of=None, known=None):
    start = arbiter_pb2.GameStart(game_id="g", seat=0,
                                  num_players=len(hand_sizes))
    if rules is not None:
        start.zetema.ruleset.CopyFrom(zetema_pb2.Ruleset(imperial_suit="S",
                                                         **rules))
    game = GameInfo(start)
    game.history.extend(history)
    request = arbiter_pb2.DecisionRequest(request_id=1, game_id="g")
    o = request.zetema.observation
    o.seat, o.num_players = 0, len(hand_sizes)
    o.hand.extend(hand.split())
    o.piles.extend(piles.split())
    o.waste.extend(waste.split())
    o.hand_sizes.extend(hand_sizes)
    o.team_of.extend(team_of or range(len(hand_sizes)))
    for cards in known or []:
        o.known.add(cards=cards.split())
    return Observation(request, game if rules is not None else None)


def legal(*texts):
    return [dataclasses.replace(parse_action(t), index=i)
            for i, t in enumerate(texts)]


def declare(text):
    action = parse_action(text)
    from zetema_bot import action_to_proto
    return zetema_pb2.Event(type=zetema_pb2.EVENT_TYPE_DECLARE, seat=1,
                            action=action_to_proto(action))


DEAL = zetema_pb2.Event(type=zetema_pb2.EVENT_TYPE_DEAL, seat=1, value=1)


@pytest.mark.parametrize("rules,text,expected", [
    (PARLETT, "marry KS QS, KS* QS", 50),  # docs/rules/zetema.md worked checks
    (PARLETT, "marry KS QS", 20),
    (PARLETT, "marry KH QH", 10),
    (PARLETT, "marry KH QH, KD QD", 30),
    (SACKSON, "marry KS QS, KS* QS", 50),
    (SACKSON, "marry KS QS", 10),  # the first imperial marriage is common
    (PARLETT, "marry KS QS, KS QS*, KH QH, KD QD, KC QC", 150),
    (PARLETT, "meld 4S 5H 6D 7C 8S 9H discard 9H", 20),
    (PARLETT, "meld 4H 7H 9H JH QH KH discard 4H", 30),
    (PARLETT, "meld 4H 5H 6H 7H 8H 9H discard 4H", 50),
    (PARLETT, "meld KS KS KH KD KC discard KH", 130),
    (PARLETT, "meld 7S 7S 7H 7D 7C discard 7H", 100),
    (PARLETT, "discard 3C", 0),
])
def test_points_now(rules, text, expected):
    obs = observation("4S", rules=rules)
    assert greedy.points_now(parse_action(text), obs) == expected


def test_second_imperial_marriage_of_a_deal_scores_the_bonus():
    earlier = [DEAL, declare("marry KS QS")]
    obs = observation("KS QS", rules=SACKSON, history=earlier)
    assert greedy.points_now(parse_action("marry KS QS"), obs) == 20
    # ... but not when the earlier one was in a previous deal.
    obs = observation("KS QS", rules=SACKSON, history=earlier + [DEAL])
    assert greedy.points_now(parse_action("marry KS QS"), obs) == 10


def test_discard_that_forms_a_zetema_scores():
    obs = observation("5C 9H", piles="5S 5S 5H 5D", rules=PARLETT)
    assert greedy.points_now(parse_action("discard 5C"), obs) == 15
    assert greedy.points_now(parse_action("discard 9H"), obs) == 0
    # A meld whose discard completes a pile scores both.
    obs = observation("4S 5H 6D 7C 8S 9H", piles="9S 9D 9C 9S", rules=PARLETT)
    assert greedy.points_now(
        parse_action("meld 4S 5H 6D 7C 8S 9H discard 9H"), obs) == 25


def test_king_zetema_needs_an_assembly_in_hunt():
    obs = observation("KC", piles="KS KS KH KD", rules=HUNT)
    assert greedy.points_now(parse_action("discard KC"), obs) == 0
    obs = observation("KC", piles="KS KS KH KD", rules=HUNT,
                      history=[DEAL, declare("meld QS QS QH QD QC")])
    assert greedy.points_now(parse_action("discard KC"), obs) == 0
    obs = observation("KC", piles="KS KS KH KD", rules=HUNT,
                      history=[DEAL, declare("meld KS KS KH KD KC")])
    assert greedy.points_now(parse_action("discard KC"), obs) == 50


def test_takes_the_action_worth_most():
    obs = observation("4S 5H 6D 7C 8S 9H KD", piles="KS KS KH KC",
                      rules=PARLETT)
    choice = greedy.choose(obs, legal(
        "discard 4S", "meld 4S 5H 6D 7C 8S 9H discard 9H", "discard KD"))
    assert str(choice) == "discard KD"  # the zetema of kings: 50 > 20
    choice = greedy.choose(obs, legal(
        "discard 4S", "meld 4S 5H 6D 7C 8S 9H discard 9H"))
    assert str(choice) == "meld 4S 5H 6D 7C 8S 9H discard 9H"


def test_equal_points_prefer_the_safer_discard():
    # Both melds score 20; discarding 9H would put a fourth 9 on the pile.
    obs = observation("4S 5H 6D 7C 8S 9H", piles="9S 9D 9C", rules=PARLETT)
    choice = greedy.choose(obs, legal("meld 4S 5H 6D 7C 8S 9H discard 9H",
                                      "meld 4S 5H 6D 7C 8S 9H discard 4S"))
    assert str(choice) == "meld 4S 5H 6D 7C 8S 9H discard 4S"


def test_without_points_discards_the_least_dangerous_card():
    # A fourth 7 or a fourth jack on its pile would let an opponent finish
    # it; a 3 is safe because a 3 already went to the waste.
    obs = observation("7H JD 3C", piles="7S 7D 7C JS JH JC", waste="3S",
                      rules=PARLETT)
    assert str(greedy.choose(obs, legal("discard 7H", "discard JD",
                                        "discard 3C"))) == "discard 3C"
    # Between the 7 and the jack, the 7's zetema (5) costs less than the
    # jack's (20).
    assert str(greedy.choose(obs, legal("discard 7H", "discard JD"))) == \
        "discard 7H"


def test_holding_another_copy_makes_a_discard_safe():
    obs = observation("7H 7D 2C", piles="7S 7C", rules=PARLETT)
    assert greedy.danger(parse_card("7H"), obs) == 0
    assert greedy.danger(parse_card("2C"), obs) > 0


def test_a_card_known_in_an_opponent_hand_is_certain_danger():
    obs = observation("7H 2C", piles="7S 7C 7D", rules=PARLETT,
                      known=["", "7S 8S 9S TS JS QS"])
    assert greedy.danger(parse_card("7H"), obs) == pytest.approx(5)


def test_feeding_a_partner_is_not_danger():
    # Four players: seat 2 is our partner and is known to hold the last 7.
    obs = observation("7H 2C", piles="7S 7C 7D", rules=PARLETT,
                      hand_sizes=(6, 6, 6, 6), team_of=[0, 1, 0, 1],
                      known=["", "", "7S 8S 9S TS JS QS", ""])
    assert greedy.danger(parse_card("7H"), obs) < 0
    assert str(greedy.choose(obs, legal("discard 2C", "discard 7H"))) == \
        "discard 7H"


def test_works_without_a_ruleset():
    obs = observation("KS QS 4H")
    assert str(greedy.choose(obs, legal("discard 4H", "marry KS QS"))) == \
        "marry KS QS"
