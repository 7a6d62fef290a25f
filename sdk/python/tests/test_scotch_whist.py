"""zetema_bot.scotch_whist: actions, card order, the observation and the
game loop's interface, on hand-made messages."""

import pytest

from zetema_bot import CardError, parse_card
from zetema_bot import scotch_whist as sw
from zetema_bot.proto import arbiter_pb2, scotch_whist_pb2


def cards(text):
    return [parse_card(t) for t in text.split()]


def test_actions_parse_and_format():
    assert str(sw.parse_action("play 10h")) == "play TH"
    assert sw.parse_action("PLAY 9s") == sw.Action(parse_card("9S"))
    for bad in ("", "play", "lead 9S", "play 9S 9H", "play 1S"):
        with pytest.raises(CardError):
            sw.parse_action(bad)


def test_action_protos_round_trip():
    action = sw.parse_action("play JD")
    proto = sw.action_to_proto(action)
    assert proto.play.card == "JD"
    assert sw.action_from_proto(proto, index=3) == action
    assert sw.action_from_proto(proto, index=3).index == 3
    with pytest.raises(CardError):
        sw.action_from_proto(scotch_whist_pb2.Action())


def test_jack_of_trumps_is_highest_and_plain_jack_below_queen():
    hearts, spades = 1, 0
    order = sorted(cards("6H 7H 8H 9H TH JH QH KH AH"),
                   key=lambda c: sw.strength(c, hearts))
    assert " ".join(map(str, order)) == "6H 7H 8H 9H TH QH KH AH JH"
    order = sorted(cards("6S JS QS TS AS"), key=lambda c: sw.strength(c, hearts))
    assert " ".join(map(str, order)) == "6S TS JS QS AS"
    assert sw.strength(parse_card("JS"), spades) == 8


def test_trick_winner():
    hearts = 1
    assert str(sw.winning_card(cards("AS 6H KS"), hearts)) == "6H"
    assert str(sw.winning_card(cards("9S AD TS"), hearts)) == "TS"
    assert sw.winner_index(cards("AH JH 6S"), hearts) == 1
    # A card of another plain suit never wins.
    assert not sw.beats(parse_card("AD"), parse_card("9S"), parse_card("9S"),
                        hearts)


def decision():
    request = arbiter_pb2.DecisionRequest(request_id=7, game_id="g")
    o = request.scotch_whist.observation
    o.seat, o.num_players, o.current_player, o.dealer = 1, 4, 1, 3
    o.hand.extend(["6S", "JH", "TD"])
    o.trump_card, o.trump_suit, o.trump_held = "9H", "H", True
    o.trick.leader = 0
    o.trick.cards.extend(["AS"])
    o.trick.winner = -1
    t = o.tricks.add(leader=0, winner=2)
    t.cards.extend(["KC", "QC", "AC", "6C"])
    o.team_of.extend([0, 1, 0, 1])
    o.scores.extend([0, 3, 0, 10])
    for c in ("6S", "JH", "TD"):
        la = request.scotch_whist.legal_actions.add(text="play " + c)
        la.action.play.card = c
    return request


def test_observation_and_legal_actions():
    request = decision()
    obs = sw.observation(request, None)
    assert obs.seat == 1 and obs.trump == 1 and obs.trump_held
    assert str(obs.trump_card) == "9H"
    assert [str(c) for c in obs.played] == ["KC", "QC", "AC", "6C", "AS"]
    assert obs.trick.seat_of(0, 4) == 0
    assert obs.partners == [3]
    legal = sw.legal_actions(request)
    assert [str(a) for a in legal] == ["play 6S", "play JH", "play TD"]
    assert [a.index for a in legal] == [0, 1, 2]


def test_set_answer():
    legal = sw.legal_actions(decision())
    reply = arbiter_pb2.ActionReply()
    assert sw.set_answer(legal[2], legal, reply)
    assert reply.WhichOneof("answer") == "index" and reply.index == 2
    reply = arbiter_pb2.ActionReply()
    assert sw.set_answer(sw.parse_action("play AD"), legal, reply)
    assert reply.scotch_whist.play.card == "AD"
    reply = arbiter_pb2.ActionReply()
    assert not sw.set_answer(1, legal, reply)
