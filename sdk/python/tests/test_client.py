"""The SDK's connection and game loop against a scripted fake arbiter."""

import os
import subprocess
import sys

import pytest

import zetema_bot
from fake_arbiter import (FakeArbiter, decision, error, events, game_end,
                          game_start, welcome)
from zetema_bot.proto import arbiter_pb2, zetema_pb2

HAND = "4S 5H 6D 7C 8S KD 9H"
LEGAL = ["discard 4S", "discard 9H", "meld 4S 5H 6D 7C 8S 9H discard 9H"]


def one_game_script(replies, legal=LEGAL):
    """Welcome, one game with one decision; the bot's reply goes to
    `replies`; then the stream ends."""
    def script(conn):
        replies.append(conn.receive())  # the Hello
        yield welcome()
        yield game_start("g1", seat=0)
        yield events("g1", (zetema_pb2.EVENT_TYPE_DEAL, 1, ""),
                     (zetema_pb2.EVENT_TYPE_DRAW, 0, "9H"))
        yield decision(41, HAND, legal, game_id="g1", piles="9S 9D 4H",
                       points=[0, 15, 20][:len(legal)])
        replies.append(conn.receive())
        yield game_end("g1")
    return script


def test_handshake_game_and_index_reply(tmp_path):
    replies, seen, hooks = [], [], []

    def choose(observation, legal):
        seen.append((observation, legal))
        return 2

    with FakeArbiter(one_game_script(replies), tmp_path) as fake:
        games = zetema_bot.play(
            choose, name="tester", version="1.2", address=fake.address,
            token="secret",
            on_connect=lambda w: hooks.append(("connect", w.player_name)),
            on_game_start=lambda g: hooks.append(("start", g.game_id)),
            on_event=lambda e, g: hooks.append(("event", e.type)),
            on_game_end=lambda r, g: hooks.append(("end", r.winner,
                                                   g.result.winner)))
    assert games == 1
    hello = replies[0].hello
    assert (hello.token, hello.bot_name, hello.bot_version,
            hello.protocol_version) == ("secret", "tester", "1.2", 1)
    reply = replies[1].action_reply
    assert reply.request_id == 41
    assert reply.WhichOneof("answer") == "index" and reply.index == 2

    (observation, legal), = seen
    assert [str(a) for a in legal] == LEGAL
    assert [a.index for a in legal] == [0, 1, 2]
    # What each scores, as the arbiter sent it.
    assert [a.points for a in legal] == [0, 15, 20]
    assert zetema_bot.parse_action("discard 4S").points is None
    assert observation.seat == 0 and observation.time_left_ms == 900
    assert zetema_bot.format_cards(observation.hand) == HAND
    assert [str(c) for c in observation.pile("9")] == ["9S", "9D"]
    assert [str(c) for c in observation.piles["4"]] == ["4H"]
    assert observation.piles["K"] == []
    assert [e.type for e in observation.history] == [
        zetema_pb2.EVENT_TYPE_DEAL, zetema_pb2.EVENT_TYPE_DRAW]
    assert list(observation.proto.history) == observation.history
    assert list(observation.proto.hand) == HAND.split()
    assert observation.game.game_id == "g1"
    assert observation.ruleset.base == "parlett"
    assert hooks == [("connect", "player"), ("start", "g1"),
                     ("event", zetema_pb2.EVENT_TYPE_DEAL),
                     ("event", zetema_pb2.EVENT_TYPE_DRAW), ("end", 0, 0)]


@pytest.mark.parametrize("choice,field,value", [
    ("meld 9H 8S 7C 6D 5H 4S discard 9H", "text",
     "meld 9H 8S 7C 6D 5H 4S discard 9H"),
    ("discard 2C", "text", "discard 2C"),  # sent as is: the arbiter judges
    (zetema_bot.parse_action("discard 9H"), "index", 1),
    (zetema_bot.parse_action("discard 5H"), "action", "discard 5H"),
])
def test_reply_forms(tmp_path, choice, field, value):
    replies = []
    with FakeArbiter(one_game_script(replies), tmp_path) as fake:
        zetema_bot.play(lambda o, legal: choice, name="t", address=fake.address,
                        token="x")
    reply = replies[1].action_reply
    assert reply.WhichOneof("answer") == field
    if field == "action":
        assert str(zetema_bot.action_from_proto(reply.action)) == value
    else:
        assert getattr(reply, field) == value


def test_returning_a_legal_action_object_sends_its_index(tmp_path):
    replies = []
    with FakeArbiter(one_game_script(replies), tmp_path) as fake:
        zetema_bot.play(lambda o, legal: legal[-1], name="t",
                        address=fake.address, token="x")
    assert replies[1].action_reply.index == 2


def test_many_games_on_one_stream_then_shutdown(tmp_path):
    asked = []

    def script(conn):
        conn.receive()
        yield welcome()
        for g in ("a", "b", "c"):
            yield game_start(g, seat=1)
            for rid in (1, 2):
                yield decision(rid, HAND, LEGAL, game_id=g, seat=1)
                asked.append((g, conn.receive().action_reply.request_id))
            yield game_end(g)
        yield error(arbiter_pb2.ERROR_CODE_SHUTDOWN, "tournament over")

    with FakeArbiter(script, tmp_path) as fake:
        games = zetema_bot.play(lambda o, legal: 0, name="t",
                                address=fake.address, token="x")
    assert games == 3
    assert asked == [(g, r) for g in "abc" for r in (1, 2)]


def test_history_is_per_game(tmp_path):
    lengths = []

    def script(conn):
        conn.receive()
        yield welcome()
        for g in ("a", "b"):
            yield game_start(g)
            yield events(g, (zetema_pb2.EVENT_TYPE_DEAL, 1, ""))
            yield decision(1, HAND, LEGAL, game_id=g)
            conn.receive()
            yield game_end(g)

    with FakeArbiter(script, tmp_path) as fake:
        zetema_bot.play(lambda o, legal: lengths.append(len(o.history)) or 0,
                        name="t", address=fake.address, token="x")
    assert lengths == [1, 1]


def test_events_inside_a_request_come_before_its_decision(tmp_path):
    replies, histories, seen = [], [], []

    def script(conn):
        replies.append(conn.receive())  # the Hello
        yield welcome()
        yield game_start("g1")
        yield events("g1", (zetema_pb2.EVENT_TYPE_DEAL, 1, ""))
        for request_id, card in ((1, "9H"), (2, "4S")):
            m = decision(request_id, HAND, LEGAL)
            m.decision_request.events.CopyFrom(
                events("g1", (zetema_pb2.EVENT_TYPE_DRAW, 0, card)).game_event)
            yield m
            conn.receive()
        yield game_end("g1")

    with FakeArbiter(script, tmp_path) as fake:
        zetema_bot.play(
            lambda o, legal: histories.append(
                [e.card for e in o.history]) or 0,
            name="t", address=fake.address, token="x",
            on_event=lambda e, g: seen.append(e.card))
    assert replies[0].hello.events_in_request
    assert histories == [["", "9H"], ["", "9H", "4S"]]
    assert seen == ["", "9H", "4S"]


@pytest.mark.parametrize("code,exception,text", [
    (arbiter_pb2.ERROR_CODE_VERSION_MISMATCH, zetema_bot.VersionMismatch,
     "protocol version mismatch"),
    (arbiter_pb2.ERROR_CODE_BAD_TOKEN, zetema_bot.BadToken, "token"),
    (arbiter_pb2.ERROR_CODE_EXPECTED_HELLO, zetema_bot.ProtocolError,
     "ERROR_CODE_EXPECTED_HELLO"),
])
def test_refusals_raise_clear_errors(tmp_path, code, exception, text):
    def script(conn):
        conn.receive()
        yield error(code, "scripted refusal")

    with FakeArbiter(script, tmp_path) as fake:
        with pytest.raises(exception) as e:
            zetema_bot.play(lambda o, legal: 0, name="t", address=fake.address,
                            token="x")
    assert text in str(e.value) and "scripted refusal" in str(e.value)


def test_welcome_with_another_version_is_a_mismatch(tmp_path):
    def script(conn):
        conn.receive()
        yield welcome(version=2)

    with FakeArbiter(script, tmp_path) as fake:
        with pytest.raises(zetema_bot.VersionMismatch, match="version 2"):
            zetema_bot.play(lambda o, legal: 0, name="t", address=fake.address,
                            token="x")


def test_stream_closed_mid_game_is_an_error(tmp_path):
    def script(conn):
        conn.receive()
        yield welcome()
        yield game_start("g9")

    with FakeArbiter(script, tmp_path) as fake:
        with pytest.raises(zetema_bot.ConnectionFailed, match="g9"):
            zetema_bot.play(lambda o, legal: 0, name="t", address=fake.address,
                            token="x")


def test_bad_index_from_the_callback_is_refused_locally(tmp_path):
    replies = []
    with FakeArbiter(one_game_script(replies), tmp_path) as fake:
        with pytest.raises(ValueError, match="index 3, but there are 3"):
            zetema_bot.play(lambda o, legal: 3, name="t", address=fake.address,
                            token="x")
    assert [m.WhichOneof("message") for m in fake.received] == ["hello"]


def test_callback_exception_propagates_and_closes_the_stream(tmp_path):
    def boom(o, legal):
        raise RuntimeError("bot bug")

    with FakeArbiter(one_game_script([]), tmp_path) as fake:
        with pytest.raises(RuntimeError, match="bot bug"):
            zetema_bot.play(boom, name="t", address=fake.address, token="x")


def test_unreachable_arbiter(tmp_path):
    with pytest.raises(zetema_bot.ConnectionFailed, match="cannot reach"):
        zetema_bot.play(lambda o, legal: 0, name="t",
                        address="unix://%s/nothing.sock" % tmp_path,
                        token="x", connect_timeout=0.3)


def test_flags_override_environment():
    env = {"ZETEMA_ARBITER_ADDRESS": "unix:///env.sock",
           "ZETEMA_TOKEN": "envtok"}
    assert zetema_bot.connection_args([], env) == ("unix:///env.sock",
                                                   "envtok", [])
    assert zetema_bot.connection_args(
        ["--address", "127.0.0.1:5", "--token=flagtok", "--depth", "3"],
        env) == ("127.0.0.1:5", "flagtok", ["--depth", "3"])
    with pytest.raises(zetema_bot.ConfigurationError,
                       match="ZETEMA_ARBITER_ADDRESS"):
        zetema_bot.connection_args([], {"ZETEMA_TOKEN": "t"})
    with pytest.raises(zetema_bot.ConfigurationError, match="ZETEMA_TOKEN"):
        zetema_bot.connection_args(["--address", "a:1"], {})


BOT = "import zetema_bot; zetema_bot.run(lambda o, legal: 0, name='sub')"


def run_bot(env, *args):
    full = dict(os.environ, **env)
    return subprocess.run([sys.executable, "-c", BOT, *args], env=full,
                          capture_output=True, text=True, timeout=60)


def test_run_exits_nonzero_with_one_line_on_version_mismatch(tmp_path):
    def script(conn):
        hello = conn.receive()
        assert hello.hello.token == "from-env"
        yield error(arbiter_pb2.ERROR_CODE_VERSION_MISMATCH,
                    "this arbiter speaks version 9")

    with FakeArbiter(script, tmp_path) as fake:
        done = run_bot({"ZETEMA_ARBITER_ADDRESS": fake.address,
                        "ZETEMA_TOKEN": "from-env"})
    assert done.returncode == zetema_bot.VersionMismatch.exit_code
    assert done.stderr.strip().splitlines() == [
        "sub: error: protocol version mismatch: this SDK speaks version 1; "
        "the arbiter says: this arbiter speaks version 9"]


def test_run_flags_and_clean_exit(tmp_path):
    def script(conn):
        hello = conn.receive()
        assert hello.hello.token == "from-flag"
        yield welcome()
        yield game_start("g1")
        yield decision(5, HAND, LEGAL)
        assert conn.receive().action_reply.index == 0
        yield game_end("g1")
        yield error(arbiter_pb2.ERROR_CODE_SHUTDOWN, "bye")

    with FakeArbiter(script, tmp_path) as fake:
        done = run_bot({"ZETEMA_ARBITER_ADDRESS": "unix:///nowhere.sock",
                        "ZETEMA_TOKEN": "from-env"},
                       "--address", fake.address, "--token", "from-flag")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_run_without_address_exits_2():
    env = {k: v for k, v in os.environ.items()
           if k not in ("ZETEMA_ARBITER_ADDRESS", "ZETEMA_TOKEN")}
    done = subprocess.run([sys.executable, "-c", BOT], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "no arbiter address" in done.stderr


def test_explicit_address_with_token_from_environment(tmp_path, monkeypatch):
    replies = []
    monkeypatch.setenv("ZETEMA_TOKEN", "env-token")
    monkeypatch.delenv("ZETEMA_ARBITER_ADDRESS", raising=False)
    with FakeArbiter(one_game_script(replies), tmp_path) as fake:
        zetema_bot.play(lambda o, legal: 0, name="t", address=fake.address,
                        argv=[])
    assert replies[0].hello.token == "env-token"
    monkeypatch.delenv("ZETEMA_TOKEN")
    with pytest.raises(zetema_bot.ConfigurationError, match="no token"):
        zetema_bot.play(lambda o, legal: 0, name="t", address=fake.address,
                        argv=[])
