"""The Pontoon bot's choices, on hand-made observations."""

import pontoon_bot
from zetema_bot.pontoon import Observation, parse_action
from zetema_bot.proto import arbiter_pb2, pontoon_pb2


def observation(hands, seat=1, banker=0, current_hand=0, under="",
                pack_size=None, phase=pontoon_pb2.PHASE_PLAY, statuses=None):
    """hands: per seat, a list of hands, each a string of cards ("??" for a
    card this seat does not see)."""
    request = arbiter_pb2.DecisionRequest(request_id=1, game_id="g")
    o = request.pontoon.observation
    o.seat, o.banker, o.num_players = seat, banker, len(hands)
    o.current_player, o.current_hand, o.phase = seat, current_hand, phase
    shown = 0
    for s, seat_hands in enumerate(hands):
        st = o.seats.add()
        for h, text in enumerate(seat_hands):
            hand = st.hands.add(stake=2, first_stake=2)
            hand.status = (statuses or {}).get((s, h),
                                               pontoon_pb2.HAND_STATUS_OPEN)
            for card in text.split():
                hand.cards.append("" if card == "??" else card)
                hand.face_up.append(card != "??")
                shown += 1
    o.under_pack.extend("" if c == "??" else c for c in under.split())
    o.pack_size = 52 - shown if pack_size is None else pack_size
    return Observation(request, None)


def legal(*texts):
    return [parse_action(t) for t in texts]


def test_bets_most_on_an_ace():
    obs = observation([["??"], ["AS"]], phase=pontoon_pb2.PHASE_BET)
    bets = legal(*("bet %d" % n for n in range(1, 11)))
    assert str(pontoon_bot.choose(obs, bets)) == "bet 10"


def test_bets_least_on_a_six():
    obs = observation([["??"], ["6S"]], phase=pontoon_pb2.PHASE_BET)
    bets = legal(*("bet %d" % n for n in range(1, 11)))
    assert str(pontoon_bot.choose(obs, bets)) == "bet 1"


def test_splits_eights_not_fives():
    actions = legal("stick", "twist", "split", "buy 2", "buy 3", "buy 4")
    eights = observation([["?? 7C"], ["8S 8H"]])
    assert str(pontoon_bot.choose(eights, actions)) == "split"
    fives = observation([["?? 7C"], ["5S 5H"]])
    assert str(pontoon_bot.choose(fives, actions)) != "split"


def test_buys_the_most_on_eleven_when_nothing_can_bust_it():
    obs = observation([["?? 7C"], ["6S 5H"]])
    actions = legal("stick", "twist", "buy 2", "buy 3", "buy 4")
    assert str(pontoon_bot.choose(obs, actions)) == "buy 4"


def test_sticks_at_nineteen():
    obs = observation([["?? 7C"], ["TS 9H"]])
    assert str(pontoon_bot.choose(obs, legal("stick", "twist"))) == "stick"


def test_counts_the_cards_at_the_bottom():
    """At 16 with every unseen card gone, the next card is the known top of
    the bottom: a 5 (safe) means twist, a king (bust) means stick."""
    safe = observation([["?? 7C"], ["TS 6H"]], under="5D KD", pack_size=2)
    assert str(pontoon_bot.choose(safe, legal("stick", "twist"))) == "twist"
    bust = observation([["?? 7C"], ["TS 6H"]], under="KD 5D", pack_size=2)
    assert str(pontoon_bot.choose(bust, legal("stick", "twist"))) == "stick"


def test_tens_at_the_bottom_make_the_next_card_safer():
    """At 15, the tens seen under the pack are not in the unseen part:
    with all sixteen of them at the bottom, twisting cannot bust a 15 on
    anything but a 7, 8 or 9."""
    tens = " ".join(r + s for r in "TJQK" for s in "SHDC")
    many = observation([["?? 7C"], ["9S 6H"]], under=tens)
    assert pontoon_bot.bust_chance(
        many.my_hand.cards, pontoon_bot.next_cards(many)) < 0.5
    assert str(pontoon_bot.choose(many, legal("stick", "twist"))) == "twist"
    none = observation([["?? 7C"], ["9S 6H"]])
    assert str(pontoon_bot.choose(none, legal("stick", "twist"))) == "stick"


def test_banker_draws_to_seventeen():
    obs = observation([["TS 6C"], ["?? 9H"]], seat=0,
                      phase=pontoon_pb2.PHASE_BANKER)
    assert str(pontoon_bot.choose(obs, legal("stick", "twist"))) == "twist"
    obs = observation([["TS 8C"], ["?? 9H"]], seat=0,
                      phase=pontoon_pb2.PHASE_BANKER)
    assert str(pontoon_bot.choose(obs, legal("stick", "twist"))) == "stick"


def test_soft_hands_twist_to_seventeen_and_stick_from_eighteen():
    soft16 = observation([["?? 7C"], ["AS 5H"]])
    assert str(pontoon_bot.choose(soft16, legal("stick", "twist"))) == "twist"
    soft18 = observation([["?? 7C"], ["AS 7H"]])
    assert str(pontoon_bot.choose(soft18, legal("stick", "twist"))) == "stick"
    soft20 = observation([["?? 7C"], ["AS 9H"]])
    assert str(pontoon_bot.choose(soft20, legal("stick", "twist"))) == "stick"


def test_four_cards_twist_more_boldly_for_the_five_card_trick():
    """A hard 14 of four cards twists where one of two cards sticks, at about
    the same chance of going bust (an 8 or more: about one in two)."""
    four = observation([["?? 7C"], ["2S 3H 4D 5S"]])
    two = observation([["?? 7C"], ["9S 5H"]])
    for obs in (four, two):
        chance = pontoon_bot.bust_chance(obs.my_hand.cards,
                                         pontoon_bot.next_cards(obs))
        assert 0.45 < chance < 0.55
    assert str(pontoon_bot.choose(four, legal("stick", "twist"))) == "twist"
    assert str(pontoon_bot.choose(two, legal("stick", "twist"))) == "stick"


def test_twists_when_it_may_not_stick_yet():
    """Under min_stick the list holds no stick: the bot twists, even at 15."""
    obs = observation([["?? 7C"], ["9S 6H"]])
    assert str(pontoon_bot.choose(obs, legal("twist", "buy 2"))) == "twist"


def test_sticks_on_an_empty_pack():
    obs = observation([["?? 7C"], ["2S 3H"]], pack_size=0)
    assert str(pontoon_bot.choose(obs, legal("stick"))) == "stick"
