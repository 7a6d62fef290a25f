"""A tiny in-process arbiter for the SDK's tests: a real gRPC server on a Unix
socket whose Play handler follows a script.

    def script(conn):
        hello = conn.receive()               # the bot's first message
        yield welcome()
        yield decision(request_id=7, hand="4S 5H", legal=["discard 4S"])
        reply = conn.receive()
        ...

    with FakeArbiter(script, tmp_path) as fake:
        zetema_bot.play(choose, name="t", address=fake.address, token="tok")
        assert fake.received[0].hello.token == "tok"
"""

import queue
import threading
from concurrent import futures

import grpc

from zetema_bot.proto import arbiter_pb2, arbiter_pb2_grpc, zetema_pb2
from zetema_bot import parse_action, action_to_proto


class Connection:
    def __init__(self, request_iterator, received):
        self._inbox = queue.Queue()
        self._received = received
        self.closed = threading.Event()
        threading.Thread(target=self._pump, args=(request_iterator,),
                         daemon=True).start()

    def _pump(self, request_iterator):
        try:
            for message in request_iterator:
                self._received.append(message)
                self._inbox.put(message)
        except grpc.RpcError:
            pass
        finally:
            self.closed.set()
            self._inbox.put(None)

    def receive(self, timeout=5.0):
        """The bot's next message; None once its side of the stream ends."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError("the bot sent nothing within %.1f s" % timeout)


class _Servicer(arbiter_pb2_grpc.ArbiterServicer):
    def __init__(self, fake):
        self.fake = fake

    def Play(self, request_iterator, context):
        conn = Connection(request_iterator, self.fake.received)
        try:
            for message in self.fake.script(conn):
                yield message
        except Exception as e:  # surfaced by FakeArbiter.check()
            self.fake.errors.append(e)
            raise


class FakeArbiter:
    """On a Unix socket in tmp_path, or with tcp=True on a free port of
    127.0.0.1."""

    def __init__(self, script, tmp_path, tcp=False):
        self.script = script
        self.received = []
        self.errors = []
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        arbiter_pb2_grpc.add_ArbiterServicer_to_server(_Servicer(self),
                                                       self.server)
        if tcp:
            port = self.server.add_insecure_port("127.0.0.1:0")
            self.address = "127.0.0.1:%d" % port
        else:
            self.address = "unix://%s/fake-arbiter.sock" % tmp_path
            self.server.add_insecure_port(self.address)

    def __enter__(self):
        self.server.start()
        return self

    def __exit__(self, *exc):
        self.server.stop(grace=None)
        if exc[0] is None:
            self.check()

    def check(self):
        if self.errors:
            raise self.errors[0]


# ------------------------------------------------------------ message makers

def welcome(version=1):
    return arbiter_pb2.ArbiterMessage(welcome=arbiter_pb2.Welcome(
        protocol_version=version, arbiter_version="fake",
        player_name="player"))


def error(code, text="scripted error"):
    return arbiter_pb2.ArbiterMessage(
        error=arbiter_pb2.Error(code=code, message=text))


def game_start(game_id="g1", seat=0, num_players=2):
    m = arbiter_pb2.ArbiterMessage()
    s = m.game_start
    s.game_id, s.seat, s.num_players, s.game = game_id, seat, num_players, \
        "zetema"
    s.teams.extend(range(num_players))
    for i in range(num_players):
        s.players.add(seat=i, bot_name="bot%d" % i, bot_version="1", team=i)
    s.time_control.move_limit_ms = 1000
    s.zetema.first_dealer = num_players - 1
    s.zetema.ruleset.base = "parlett"
    s.zetema.ruleset.imperial_suit = "S"
    return m


def events(game_id, *items):
    """items: (EventType, seat, card) triples."""
    m = arbiter_pb2.ArbiterMessage()
    m.game_event.game_id = game_id
    for type_, seat, card in items:
        m.game_event.zetema.events.add(type=type_, seat=seat, card=card)
    return m


def decision(request_id, hand, legal, game_id="g1", seat=0, piles="",
             num_players=2, points=None):
    """A DecisionRequest; `points`: per legal action (default all 0)."""
    m = arbiter_pb2.ArbiterMessage()
    r = m.decision_request
    r.request_id, r.game_id, r.time_left_ms, r.move_limit_ms = \
        request_id, game_id, 900, 1000
    o = r.zetema.observation
    o.seat, o.current_player, o.num_players, o.hand_number = seat, seat, \
        num_players, 1
    o.hand.extend(hand.split())
    o.piles.extend(piles.split())
    o.hand_sizes.extend([len(hand.split())] * num_players)
    o.scores.extend([0] * num_players)
    o.team_of.extend(range(num_players))
    o.team_scores.extend([0] * num_players)
    points = points or [0] * len(legal)
    r.num_legal_actions = len(legal)
    r.legal_action_points.extend(points)
    for text, p in zip(legal, points):
        la = r.zetema.legal_actions.add(text=text, points=p)
        la.action.CopyFrom(action_to_proto(parse_action(text)))
    return m


def game_end(game_id="g1", winner=0, scores=(300, 0)):
    m = arbiter_pb2.ArbiterMessage()
    m.game_end.game_id = game_id
    r = m.game_end.zetema
    r.end_reason = arbiter_pb2.END_REASON_TARGET
    r.winner = winner
    r.scores.extend(scores)
    return m
