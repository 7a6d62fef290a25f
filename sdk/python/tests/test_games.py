"""The one-callback loop for every game: the Hello's declared games, each
game's observation and actions reaching the callback, the answers sent back,
and the refusal of a bot for a game it did not declare."""

import os
import subprocess
import sys

import pytest

import zetema_bot
from fake_arbiter import (FakeArbiter, decision, error, game_end, game_start,
                          welcome)
from zetema_bot import pontoon, scotch_whist
from zetema_bot.proto import arbiter_pb2, pontoon_pb2


def pontoon_start(game_id="p1", seat=1):
    m = arbiter_pb2.ArbiterMessage()
    s = m.game_start
    s.game_id, s.seat, s.num_players, s.game = game_id, seat, 3, "pontoon"
    s.teams.extend(range(3))
    s.pontoon.ruleset.base = "standard"
    s.pontoon.ruleset.hands = 20
    s.pontoon.first_banker = 2
    return m


def pontoon_events(game_id, *types):
    m = arbiter_pb2.ArbiterMessage()
    m.game_event.game_id = game_id
    for t in types:
        m.game_event.pontoon.events.add(type=t, seat=2)
    return m


def pontoon_decision(request_id, game_id="p1", legal=("bet 1", "bet 2")):
    m = arbiter_pb2.ArbiterMessage()
    r = m.decision_request
    r.request_id, r.game_id = request_id, game_id
    o = r.pontoon.observation
    o.seat, o.num_players, o.banker, o.hand_number = 1, 3, 2, 1
    o.phase = pontoon_pb2.PHASE_BET
    for chips in (0, 0, 0):
        o.seats.add(chips=chips)
    o.seats[1].hands.add(cards=["KH"], face_up=[False])
    r.num_legal_actions = len(legal)
    for text in legal:
        r.pontoon.legal_actions.add(
            text=text, action=pontoon.action_to_proto(
                pontoon.parse_action(text)))
    return m


def whist_start(game_id="w1"):
    m = arbiter_pb2.ArbiterMessage()
    s = m.game_start
    s.game_id, s.seat, s.num_players, s.game = game_id, 0, 2, "scotch_whist"
    s.scotch_whist.ruleset.base = "standard"
    s.scotch_whist.first_dealer = 1
    return m


def whist_decision(request_id, game_id="w1"):
    m = arbiter_pb2.ArbiterMessage()
    r = m.decision_request
    r.request_id, r.game_id = request_id, game_id
    o = r.scotch_whist.observation
    o.seat, o.num_players, o.current_player, o.dealer = 0, 2, 0, 1
    o.hand.extend(["6S", "JH"])
    o.trump_card, o.trump_suit = "9H", "H"
    for c in ("6S", "JH"):
        r.scotch_whist.legal_actions.add(text="play " + c).action.play.card = c
    return m


def outcome_end(game_id):
    m = arbiter_pb2.ArbiterMessage()
    m.game_end.game_id = game_id
    m.game_end.outcome.end_reason = arbiter_pb2.END_REASON_COMPLETE
    m.game_end.outcome.winner = -1
    m.game_end.outcome.scores.extend([3, -1, -2])
    return m


def test_hello_declares_no_game_by_default_and_the_given_ones(tmp_path):
    hellos = []

    def script(conn):
        hellos.append(conn.receive().hello)
        yield welcome()

    for games in (None, ["pontoon"], ("zetema", "scotch_whist")):
        with FakeArbiter(script, tmp_path) as fake:
            zetema_bot.play(lambda o, legal: 0, name="t", games=games,
                            address=fake.address, token="x")
    assert [list(h.games) for h in hellos] == [
        [], ["pontoon"], ["zetema", "scotch_whist"]]


@pytest.mark.parametrize("games", ["pontoon", [""], [" pontoon"], [3], 7])
def test_games_must_be_a_list_of_names(games):
    with pytest.raises(zetema_bot.ConfigurationError, match="game names"):
        zetema_bot.play(lambda o, legal: 0, name="t", games=games,
                        address="unix:///nowhere.sock", token="x")


def test_every_game_module_is_listed():
    assert zetema_bot.ALL_GAMES == ["zetema", "pontoon", "scotch_whist"]
    for name in zetema_bot.ALL_GAMES:
        module = zetema_bot.games.module_for(name)
        assert module.NAME == name
        for attr in ("start_info", "events_of", "observation",
                     "legal_actions", "set_answer"):
            assert callable(getattr(module, attr)), (name, attr)
    assert zetema_bot.games.module_for("chess") is None


def test_three_games_on_one_stream_reach_one_callback(tmp_path):
    """A Pontoon game, a Scotch Whist game and a Zetema game in turn: the
    callback gets each game's own types, and each answer form is sent as
    the game's."""
    replies, seen, events, ends = [], [], [], []

    def script(conn):
        conn.receive()
        yield welcome()
        yield pontoon_start()
        yield pontoon_events("p1", pontoon_pb2.EVENT_TYPE_SHUFFLE,
                             pontoon_pb2.EVENT_TYPE_HAND_START)
        yield pontoon_decision(1)
        replies.append(conn.receive().action_reply)
        yield pontoon_decision(2)
        replies.append(conn.receive().action_reply)
        yield pontoon_decision(3)
        replies.append(conn.receive().action_reply)
        yield outcome_end("p1")
        yield whist_start()
        yield whist_decision(4)
        replies.append(conn.receive().action_reply)
        yield outcome_end("w1")
        yield game_start("z1")
        yield decision(5, "4S 5H", ["discard 4S", "discard 5H"],
                       game_id="z1")
        replies.append(conn.receive().action_reply)
        yield game_end("z1")
        yield error(arbiter_pb2.ERROR_CODE_SHUTDOWN, "bye")

    answers = iter([
        lambda legal: pontoon.Action(pontoon.BET, 2),   # one of legal: index
        lambda legal: pontoon.Action(pontoon.BET, 7),   # structured
        lambda legal: "bet 1",                          # text
        lambda legal: scotch_whist.parse_action("play JH"),
        lambda legal: legal[1],
    ])

    def choose(observation, legal):
        seen.append((observation, legal))
        return next(answers)(legal)

    with FakeArbiter(script, tmp_path) as fake:
        played = zetema_bot.play(
            choose, name="t", games=zetema_bot.ALL_GAMES,
            address=fake.address, token="x",
            on_event=lambda e, g: events.append((g.game, e.type)),
            on_game_end=lambda r, g: ends.append((g.game, list(r.scores))))
    assert played == 3

    p_obs, p_legal = seen[0]
    assert isinstance(p_obs, pontoon.Observation)
    assert [str(a) for a in p_legal] == ["bet 1", "bet 2"]
    assert p_obs.banker == 2 and p_obs.phase == pontoon.PHASE_BET
    assert str(p_obs.my_hand.cards[0]) == "KH"
    assert [e.type for e in p_obs.history] == [
        pontoon_pb2.EVENT_TYPE_SHUFFLE, pontoon_pb2.EVENT_TYPE_HAND_START]
    assert p_obs.game.game == "pontoon"
    assert p_obs.ruleset.hands == 20 and p_obs.game.first_dealer == 2
    assert events == [("pontoon", pontoon_pb2.EVENT_TYPE_SHUFFLE),
                      ("pontoon", pontoon_pb2.EVENT_TYPE_HAND_START)]

    w_obs, w_legal = seen[3]
    assert isinstance(w_obs, scotch_whist.Observation)
    assert [str(a) for a in w_legal] == ["play 6S", "play JH"]
    assert w_obs.game.first_dealer == 1

    z_obs, z_legal = seen[4]
    assert isinstance(z_obs, zetema_bot.Observation)
    assert isinstance(z_legal[0], zetema_bot.Action)

    forms = [(r.request_id, r.WhichOneof("answer")) for r in replies]
    assert forms == [(1, "index"), (2, "pontoon"), (3, "text"), (4, "index"),
                     (5, "index")]
    assert replies[0].index == 1
    assert replies[1].pontoon.type == pontoon_pb2.ACTION_TYPE_BET
    assert replies[1].pontoon.amount == 7
    assert replies[2].text == "bet 1"
    assert replies[3].index == 1 and replies[4].index == 1
    assert ends == [("pontoon", [3, -1, -2]), ("scotch_whist", [3, -1, -2]),
                    ("zetema", [300, 0])]


def test_a_game_of_text_only_gets_text(tmp_path):
    replies, seen = [], []

    def script(conn):
        conn.receive()
        yield welcome()
        start = arbiter_pb2.ArbiterMessage()
        start.game_start.game_id, start.game_start.game = "h1", "high_card"
        yield start
        lines = arbiter_pb2.ArbiterMessage()
        lines.game_event.game_id = "h1"
        lines.game_event.text.lines.extend(["dealt"])
        yield lines
        m = arbiter_pb2.ArbiterMessage()
        m.decision_request.request_id, m.decision_request.game_id = 3, "h1"
        m.decision_request.text.observation = "you hold 9S"
        m.decision_request.text.legal_actions.extend(["keep", "swap"])
        yield m
        replies.append(conn.receive().action_reply)
        yield outcome_end("h1")

    def choose(observation, legal):
        seen.append((observation.text, observation.history, legal))
        return 1

    with FakeArbiter(script, tmp_path) as fake:
        zetema_bot.play(choose, name="t", games=["high_card"],
                        address=fake.address, token="x")
    assert seen == [("you hold 9S", ["dealt"], ["keep", "swap"])]
    assert replies[0].index == 1


def test_a_decision_of_a_game_the_sdk_does_not_know_is_an_error(tmp_path):
    def script(conn):
        conn.receive()
        yield welcome()
        m = arbiter_pb2.ArbiterMessage()
        m.decision_request.request_id, m.decision_request.game_id = 8, "x"
        yield m

    with FakeArbiter(script, tmp_path) as fake:
        with pytest.raises(zetema_bot.ProtocolError,
                           match="decision request 8 is for a game"):
            zetema_bot.play(lambda o, legal: 0, name="t",
                            address=fake.address, token="x")


def test_refusal_for_an_undeclared_game_names_the_declared_ones(tmp_path):
    # By number: the refusal's code is 6 (ERROR_CODE_GAME_NOT_DECLARED).
    def script(conn):
        conn.receive()
        yield error(6, "bot 'p' does not play pontoon")

    with FakeArbiter(script, tmp_path) as fake:
        with pytest.raises(zetema_bot.GameNotDeclared) as e:
            zetema_bot.play(lambda o, legal: 0, name="t", games=["zetema"],
                            address=fake.address, token="x")
    assert str(e.value) == (
        "the arbiter refused this bot for a game it does not declare: bot "
        "'p' does not play pontoon; declare every game the bot plays in "
        "run(..., games=[...]) (now: zetema)")
    assert isinstance(e.value, zetema_bot.ProtocolError)


def test_run_exits_7_with_one_line_when_refused_for_a_game(tmp_path):
    def script(conn):
        assert list(conn.receive().hello.games) == []
        yield error(6, "this tournament plays pontoon")

    bot = "import zetema_bot; zetema_bot.run(lambda o, legal: 0, name='sub')"
    with FakeArbiter(script, tmp_path) as fake:
        done = subprocess.run(
            [sys.executable, "-c", bot], capture_output=True, text=True,
            timeout=60, env=dict(os.environ, ZETEMA_ARBITER_ADDRESS=fake.address,
                                 ZETEMA_TOKEN="t"))
    assert done.returncode == 7 == zetema_bot.GameNotDeclared.exit_code
    assert done.stderr.strip().splitlines() == [
        "sub: error: the arbiter refused this bot for a game it does not "
        "declare: this tournament plays pontoon; declare every game the bot "
        "plays in run(..., games=[...]) (now: none, which means zetema "
        "only)"]
