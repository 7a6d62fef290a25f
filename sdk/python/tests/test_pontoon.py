"""zetema_bot.pontoon: actions, hand values, the observation and the game
loop's interface, on hand-made messages."""

import pytest

from zetema_bot import CardError, parse_card
from zetema_bot import pontoon as pt
from zetema_bot.proto import arbiter_pb2, pontoon_pb2


def cards(text):
    return [parse_card(t) if t != "??" else None for t in text.split()]


def test_actions_parse_and_format():
    assert str(pt.parse_action("BET 5")) == "bet 5"
    assert str(pt.parse_action("buy 12")) == "buy 12"
    assert pt.parse_action(" twist ") == pt.Action(pt.TWIST)
    assert pt.parse_action("stick") == pt.Action(pt.STICK)
    assert pt.parse_action("split").kind == pt.SPLIT
    for bad in ("", "bet", "bet x", "bet -1", "twist 2", "fold", "stick now"):
        with pytest.raises(CardError):
            pt.parse_action(bad)


def test_action_identity_ignores_the_index():
    assert pt.Action(pt.BET, 3, index=0) == pt.Action(pt.BET, 3, index=5)
    assert pt.Action(pt.BET, 3) != pt.Action(pt.BUY, 3)
    assert len({pt.Action(pt.TWIST, index=1), pt.Action(pt.TWIST)}) == 1


def test_action_protos_round_trip():
    for text in ("bet 4", "buy 8", "twist", "stick", "split"):
        action = pt.parse_action(text)
        proto = pt.action_to_proto(action)
        assert pt.action_from_proto(proto) == action
        legal = pontoon_pb2.LegalAction(action=proto, text=text)
        assert pt.action_from_proto(legal, index=2).index == 2
    assert pt.action_to_proto(pt.parse_action("buy 8")).type == \
        pontoon_pb2.ACTION_TYPE_BUY
    with pytest.raises(CardError):
        pt.action_from_proto(pontoon_pb2.Action())


@pytest.mark.parametrize("hand,total,soft", [
    ("AS KD", 21, True),
    ("AS AD", 12, True),
    ("AS AD 9C", 21, True),
    ("AS 6D 9C", 16, False),
    ("KS QD", 20, False),
    ("KS QD 5C", 25, False),
    ("7S ??", 7, False),
    ("", 0, False),
])
def test_hand_total_and_softness(hand, total, soft):
    assert pt.hand_total(cards(hand)) == total
    assert pt.is_soft(cards(hand)) == soft


def test_hand_classes():
    assert pt.is_pontoon(cards("AS TD")) and pt.is_pontoon(cards("JH AC"))
    assert not pt.is_pontoon(cards("AS 5D 5C"))
    assert not pt.is_pontoon(cards("AS ??"))
    assert pt.is_bust(cards("KS QD 2C")) and not pt.is_bust(cards("AS AD AC"))
    assert pt.is_five_card_trick(cards("2S 3D 4C 5H 6S"))
    assert not pt.is_five_card_trick(cards("2S 3D 4C 5H KS"))  # bust
    assert not pt.is_five_card_trick(cards("2S 3D 4C 5H"))


def decision():
    """Seat 1 plays its hand; seat 0 banks; seat 2 is still to play."""
    request = arbiter_pb2.DecisionRequest(request_id=9, game_id="p")
    o = request.pontoon.observation
    o.seat, o.num_players, o.banker, o.hand_number, o.hands = 1, 3, 0, 2, 20
    o.current_player, o.current_hand = 1, 0
    o.phase = pontoon_pb2.PHASE_PLAY
    banker = o.seats.add(chips=4)
    banker.hands.add(cards=["", "9C"], face_up=[False, True],
                     status=pontoon_pb2.HAND_STATUS_OPEN)
    me = o.seats.add(chips=-3, stake=2)
    me.hands.add(cards=["7H", "5D"], face_up=[False, True], stake=2,
                 first_stake=2, status=pontoon_pb2.HAND_STATUS_OPEN)
    other = o.seats.add(chips=-1, stake=5)
    other.hands.add(cards=["", "KS"], face_up=[False, True], stake=5,
                    first_stake=5, status=pontoon_pb2.HAND_STATUS_OPEN)
    o.pack_size = 40
    o.under_pack.extend(["2H", "", "QS"])
    for text in ("twist", "buy 2", "buy 3", "buy 4"):
        la = request.pontoon.legal_actions.add(text=text)
        la.action.CopyFrom(pt.action_to_proto(pt.parse_action(text)))
    return request


def test_observation_and_legal_actions():
    request = decision()
    obs = pt.observation(request, None)
    assert (obs.seat, obs.banker, obs.hand_number, obs.hands) == (1, 0, 2, 20)
    assert obs.phase == pt.PHASE_PLAY and not obs.is_banker
    assert obs.chips == [4, -3, -1]
    assert [str(c) for c in obs.my_hand.cards] == ["7H", "5D"]
    assert obs.my_hand.total == 12 and obs.my_hand.stake == 2
    assert obs.my_hand.status == pt.OPEN
    assert obs.banker_hand.cards[0] is None
    assert str(obs.banker_hand.cards[1]) == "9C"
    assert obs.seats[2].hands[0].face_up == [False, True]
    assert [str(c) if c else None for c in obs.under_pack] == \
        ["2H", None, "QS"]
    assert obs.unknown_pack == 37
    legal = pt.legal_actions(request)
    assert [str(a) for a in legal] == ["twist", "buy 2", "buy 3", "buy 4"]
    assert [a.index for a in legal] == [0, 1, 2, 3]


def test_set_answer():
    legal = pt.legal_actions(decision())
    reply = arbiter_pb2.ActionReply()
    assert pt.set_answer(legal[3], legal, reply)
    assert reply.WhichOneof("answer") == "index" and reply.index == 3
    reply = arbiter_pb2.ActionReply()
    assert pt.set_answer(pt.Action(pt.BUY, 3), legal, reply)
    assert reply.index == 2
    reply = arbiter_pb2.ActionReply()
    assert pt.set_answer(pt.Action(pt.STICK), legal, reply)
    assert reply.WhichOneof("answer") == "pontoon"
    assert reply.pontoon.type == pontoon_pb2.ACTION_TYPE_STICK
    reply = arbiter_pb2.ActionReply()
    assert not pt.set_answer(1, legal, reply)
