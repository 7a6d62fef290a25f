"""Card and action notation (docs/rules/zetema.md), parsing, printing and the
proto form."""

import pytest

from zetema_bot import (Action, Card, CardError, action_from_proto,
                        action_to_proto, format_action, format_cards,
                        full_deck, parse_action, parse_card, parse_cards)


@pytest.mark.parametrize("text,expected", [
    ("AS", Card(0, 0)), ("TH", Card(9, 1)), ("10H", Card(9, 1)),
    ("7c", Card(6, 3)), ("kd", Card(12, 2)), ("Q\u2660", Card(11, 0)),
    ("2\u2665", Card(1, 1)), ("J\u2666", Card(10, 2)), ("5\u2663", Card(4, 3)),
])
def test_parse_card_accepts_every_input_form(text, expected):
    assert parse_card(text) == expected


def test_cards_print_in_letter_form():
    assert [str(parse_card(t)) for t in ("10H", "q\u2660", "ac")] == \
        ["TH", "QS", "AC"]
    assert format_cards(parse_cards("4S 2C 10H")) == "4S 2C TH"


@pytest.mark.parametrize("bad", ["", "X", "1H", "11S", "AX", "TT", "K", "KS*"])
def test_bad_card_names_the_text(bad):
    with pytest.raises(CardError, match="bad card"):
        parse_card(bad)


def test_parse_cards_names_the_position():
    with pytest.raises(CardError, match="at card 2"):
        parse_cards("4S ZZ 5H")


def test_full_deck_has_five_of_every_rank():
    deck = full_deck("S")
    assert len(deck) == 65
    for rank in range(13):
        assert sum(1 for c in deck if c.rank == rank) == 5
    assert sum(1 for c in deck if c.suit_char == "S") == 26
    assert sum(1 for c in full_deck("H") if c.suit_char == "H") == 26


@pytest.mark.parametrize("text,canonical", [
    ("discard 9H", "discard 9H"),
    ("DISCARD 10h", "discard TH"),
    ("meld 4S 5H 6D 7C 8S 9H discard 9H", "meld 4S 5H 6D 7C 8S 9H discard 9H"),
    ("meld 9H 4S 8S 5H 7C 6D", "meld 4S 5H 6D 7C 8S 9H"),
    ("meld AH KH 9H QH TH JH discard AH", "meld 9H TH JH QH KH AH discard AH"),
    ("meld AH 2H 3H 4H 5H 6H discard 2H", "meld AH 2H 3H 4H 5H 6H discard 2H"),
    ("meld KS KH KS KD KC", "meld KS KS KH KD KC"),
    ("marry KS QS, KS* QS", "marry KS QS, KS* QS"),
    ("marry QS* KS, qs ks", "marry KS QS, KS QS*"),
    ("marry KH QH*", "marry KH QH*"),
    ("marry KD QD, KH QH", "marry KH QH, KD QD"),
    ("marry K\u2660 Q\u2660", "marry KS QS"),
])
def test_actions_print_canonically(text, canonical):
    action = parse_action(text)
    assert format_action(action) == canonical
    assert parse_action(canonical) == action


def test_action_parts():
    meld = parse_action("meld 4S 5H 6D 7C 8S 9H discard 9H")
    assert meld.kind == "meld"
    assert meld.discard == parse_card("9H")
    assert format_cards(sorted(meld.cards)) == "4S 5H 6D 7C 8S 9H"
    marry = parse_action("marry KS QS, KS* QS")
    assert marry.kind == "marry"
    assert sorted(map(str, marry.cards)) == ["KS", "QS", "QS"]
    assert list(map(str, marry.pile)) == ["KS"]
    assert [str(m) for m in marry.marriages()] == ["KS QS", "KS* QS"]
    pair = marry.marriages()[1]
    assert "%s" % pair == "KS* QS"
    assert (pair.king, pair.king_from_pile, pair.queen,
            pair.queen_from_pile) == (Card(12, 0), True, Card(11, 0), False)


def test_equality_ignores_order_and_meld_type_but_not_place():
    assert parse_action("meld 4S 5H 6D 7C 8S 9H") == \
        parse_action("meld 9H 8S 7C 6D 5H 4S")
    assert parse_action("marry KS QS, KS* QS") == \
        parse_action("marry KS* QS, QS KS")
    assert parse_action("marry KH QH*") != parse_action("marry KH* QH")
    assert parse_action("meld 4S 5H 6D 7C 8S 9H discard 9H") != \
        parse_action("meld 4S 5H 6D 7C 8S 9H discard 4S")
    assert parse_action("discard 9H") != parse_action("meld 9H")
    assert len({parse_action("discard 9H"), parse_action("discard 9h")}) == 1
    assert Action.meld("4S 5H 6D 7C 8S 9H", "9H") == \
        parse_action("meld 4S 5H 6D 7C 8S 9H discard 9H")
    assert Action.discard_card("TH") == parse_action("discard 10H")


@pytest.mark.parametrize("bad,message", [
    ("", "empty action"),
    ("pass", 'unknown action "pass"'),
    ("discard", 'missing card after "discard"'),
    ("discard 9H 9S", 'unexpected "9S" at token 3'),
    ("discard 9X", 'bad card "9X" at token 2'),
    ("meld", "meld needs the declared cards"),
    ("meld 4S 5H discard", 'missing card after "discard"'),
    ("meld 4S 5H discard 4S 5H", 'unexpected "5H" at token 6'),
    ("marry KS", "missing a card"),
    ("marry KS QH", "is not a king and queen of one suit"),
    ("marry KS QS KH QH", 'expected "," not "KH" at token 4'),
    ("marry KS QS,", "missing a card"),
])
def test_bad_actions_name_what_is_wrong(bad, message):
    with pytest.raises(CardError) as e:
        parse_action(bad)
    assert message in str(e.value)


@pytest.mark.parametrize("text", [
    "discard 9H", "meld 4S 5H 6D 7C 8S 9H discard 9H", "meld KS KS KH KD KC",
    "marry KS QS, KS* QS", "marry KH QH*, KD QD",
])
def test_proto_round_trip(text):
    action = parse_action(text)
    proto = action_to_proto(action)
    assert action_from_proto(proto) == action
    assert format_action(action_from_proto(proto)) == format_action(action)


def test_proto_structure():
    proto = action_to_proto(parse_action("marry KH QH*"))
    (m,) = proto.marry.marriages
    assert (m.king, m.king_from_pile, m.queen, m.queen_from_pile) == \
        ("KH", False, "QH", True)
    meld = action_to_proto(parse_action("meld 4S 5H 6D 7C 8S 9H"))
    assert meld.meld.discard == ""
    assert action_from_proto(meld).discard is None


def test_a_received_action_is_what_its_constructor_makes():
    import dataclasses
    from zetema_bot.proto import zetema_pb2
    legal = zetema_pb2.LegalAction(
        action=action_to_proto(parse_action("meld 4S 5H 6D 7C 8S discard 9H")),
        points=20)
    legal.action.meld.meld_type = zetema_pb2.MELD_TYPE_SEQUENCE
    received = action_from_proto(legal, index=2)
    made = Action("meld", cards=tuple(parse_cards("4S 5H 6D 7C 8S")),
                  discard=parse_card("9H"), meld_type="sequence", index=2,
                  points=20)
    assert vars(received) == vars(made)
    assert set(vars(received)) == {f.name for f in dataclasses.fields(Action)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        received.points = 3


def test_cards_in_any_form_and_their_errors():
    # Letter forms come from a table; every other form is still read.
    assert parse_cards(["TH", "10h", Card(9, 1), "T\u2665"]) == [Card(9, 1)] * 4
    assert parse_card("TH") is parse_card("TH")
    with pytest.raises(CardError, match='bad card "1H" .* at card 2'):
        parse_cards("TH 1H")
    with pytest.raises(CardError, match="at card 1"):
        parse_cards([["TH"]])


def test_card_is_a_value():
    c = parse_card("QS")
    assert "discard %s" % c == "discard QS"
    assert c == Card(11, 0) and hash(c) == hash(Card(11, 0))
    assert sorted(parse_cards("KS 4H AS 4S")) == parse_cards("AS 4S 4H KS")
    with pytest.raises(AttributeError):
        c.rank = 3
    with pytest.raises(CardError):
        Card(13, 0)
    import pickle
    assert pickle.loads(pickle.dumps(c)) == c
