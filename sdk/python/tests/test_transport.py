"""The SDK's own HTTP/2 stream (zetema_bot._transport) against grpcio's
server: addresses, messages larger than a window, the end of a call."""

import socket
import threading
import time

import pytest

import zetema_bot
from fake_arbiter import FakeArbiter, decision, game_end, game_start, welcome
from test_client import HAND, LEGAL, one_game_script
from zetema_bot._transport import parse_address
from zetema_bot.proto import arbiter_pb2


@pytest.mark.parametrize("address,expected", [
    ("unix:///tmp/a.sock", (socket.AF_UNIX, "/tmp/a.sock", "localhost")),
    ("unix:rel/a.sock", (socket.AF_UNIX, "rel/a.sock", "localhost")),
    ("127.0.0.1:5", (socket.AF_INET, ("127.0.0.1", 5), "127.0.0.1:5")),
    ("localhost:50051", (socket.AF_INET, ("localhost", 50051),
                         "localhost:50051")),
    ("[::1]:7", (socket.AF_INET6, ("::1", 7), "[::1]:7")),
    ("dns:///example.org:9", (socket.AF_INET, ("example.org", 9),
                              "example.org:9")),
    ("ipv4:10.0.0.1:8", (socket.AF_INET, ("10.0.0.1", 8), "10.0.0.1:8")),
])
def test_addresses(address, expected):
    assert parse_address(address) == expected


@pytest.mark.parametrize("address", ["unix:", "unix://", "localhost",
                                     "host:port", ":5", "h:99999",
                                     "http://h:5", "::1:5"])
def test_unreadable_address_is_a_configuration_error(address):
    with pytest.raises(zetema_bot.ConfigurationError, match="HOST:PORT"):
        zetema_bot.play(lambda o, legal: 0, name="t", address=address,
                        token="x", connect_timeout=0.2)


def test_plays_over_tcp(tmp_path):
    replies = []
    with FakeArbiter(one_game_script(replies), tmp_path, tcp=True) as fake:
        assert zetema_bot.play(lambda o, legal: 1, name="t",
                               address=fake.address, token="x") == 1
    assert replies[1].action_reply.index == 1


def test_waits_for_an_arbiter_that_starts_late(tmp_path):
    fake = FakeArbiter(one_game_script([]), tmp_path)
    starter = threading.Timer(0.5, fake.server.start)
    starter.start()
    try:
        begin = time.monotonic()
        assert zetema_bot.play(lambda o, legal: 0, name="t",
                               address=fake.address, token="x",
                               connect_timeout=20) == 1
        assert time.monotonic() - begin >= 0.4
    finally:
        starter.join()
        fake.server.stop(grace=None)
    fake.check()


def test_messages_larger_than_a_window_both_ways(tmp_path):
    # 64 KiB is HTTP/2's first window and 16 KiB its first frame size.
    big_text = "x" * 300_000
    replies = []

    def script(conn):
        conn.receive()
        yield welcome()
        start = game_start("g1")
        start.game_start.players[1].bot_name = big_text
        yield start
        yield decision(3, HAND, LEGAL)
        replies.append(conn.receive())
        yield game_end("g1")

    names = []
    with FakeArbiter(script, tmp_path) as fake:
        zetema_bot.play(lambda o, legal: big_text[:200_000], name="t",
                        address=fake.address, token="x",
                        on_game_start=lambda g: names.append(
                            g.players[1].bot_name))
    assert names == [big_text]
    assert replies[0].action_reply.text == big_text[:200_000]


def test_a_status_other_than_ok_is_reported_with_its_details(tmp_path):
    def script(conn):
        conn.receive()
        yield welcome()
        yield game_start("g4")
        raise RuntimeError("the fake fails: 100% sure")

    with FakeArbiter(script, tmp_path) as fake:
        with pytest.raises(zetema_bot.ConnectionFailed,
                           match="g4: UNKNOWN .*100% sure"):
            zetema_bot.play(lambda o, legal: 0, name="t",
                            address=fake.address, token="x")
        fake.errors.clear()


def test_a_connection_closed_without_a_status_is_an_error(tmp_path):
    # A bare listener that reads the bot's first bytes and hangs up.
    path = str(tmp_path / "bare.sock")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(path)
    listener.listen(1)

    def hang_up():
        conn, _ = listener.accept()
        conn.recv(1024)
        conn.close()

    thread = threading.Thread(target=hang_up)
    thread.start()
    try:
        with pytest.raises(zetema_bot.ConnectionFailed,
                           match="before welcoming this bot: UNAVAILABLE"):
            zetema_bot.play(lambda o, legal: 0, name="t",
                            address="unix://" + path, token="x")
    finally:
        thread.join()
        listener.close()


def test_close_cancels_the_call(tmp_path):
    connections = []

    def script(conn):
        connections.append(conn)
        conn.receive()
        yield welcome()
        yield arbiter_pb2.ArbiterMessage(error=arbiter_pb2.Error(
            code=arbiter_pb2.ERROR_CODE_SHUTDOWN, message="bye"))

    with FakeArbiter(script, tmp_path) as fake:
        assert zetema_bot.play(lambda o, legal: 0, name="t",
                               address=fake.address, token="x") == 0
        # The arbiter's side sees the bot's messages end.
        assert connections[0].closed.wait(5)
