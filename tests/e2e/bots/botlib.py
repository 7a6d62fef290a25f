"""Shared by the e2e test bots: pid records, once-only misbehaviour, the
greedy choice for when a bot behaves, and a raw protocol stream for the bots
that must send what the SDK never would.

Environment (set by the e2e tests, inherited through the arbiter):
  ZETEMA_E2E_PIDS   a directory; every bot writes a file named by its pid
                    holding "pid pgid starttime pidns" so the test can check
                    that no process is left behind (by pid and process
                    group, or by pid namespace when sandboxed).
  ZETEMA_E2E_STATE  a directory; a bot misbehaves only while it has not yet
                    created its marker there, so a restarted bot plays well
                    and the next game can end normally.
"""

import os
import pathlib
import queue
import sys
import time

import grpc

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "sample-bots" / "greedy"))

import greedy  # noqa: E402  (sample-bots/greedy/greedy.py)
import zetema_bot  # noqa: E402
from zetema_bot.proto import arbiter_pb2, arbiter_pb2_grpc  # noqa: E402


def record_pid():
    """Writes this process's pid, process group, start time and pid
    namespace (in a sandbox, pids are the namespace's own: the test then
    looks for what is left by namespace)."""
    directory = os.environ.get("ZETEMA_E2E_PIDS")
    if not directory:
        return
    pid = os.getpid()
    with open("/proc/%d/stat" % pid) as f:
        start_time = f.read().rsplit(")", 1)[1].split()[19]
    namespace = os.stat("/proc/self/ns/pid").st_ino
    path = pathlib.Path(directory) / ("%d-%d" % (namespace, pid))
    path.write_text("%d %d %s %d\n" % (pid, os.getpgid(0), start_time,
                                       namespace))


def first_time(name):
    """True for the first process (of a test run) that asks for `name`."""
    directory = os.environ.get("ZETEMA_E2E_STATE")
    if not directory:
        return True
    try:
        fd = os.open(os.path.join(directory, name + ".done"),
                     os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return False
    os.close(fd)
    return True


def log_move(name, text):
    """Appends the action a bot meant to play, for the test to compare with
    the record (a late or duplicate answer must never be credited)."""
    directory = os.environ.get("ZETEMA_E2E_STATE")
    if directory:
        with open(os.path.join(directory, name + ".moves"), "a") as f:
            f.write(text + "\n")


def log(message):
    print("%s [%d]: %s" % (pathlib.Path(sys.argv[0]).stem, os.getpid(),
                           message), file=sys.stderr, flush=True)


def play_well(name):
    """Plays like the greedy sample bot for as long as the arbiter wants."""
    zetema_bot.run(greedy.choose, name=name, version="e2e")


class RawStream:
    """A Play stream that sends serialized bytes as they are, so that a bot
    can send what no SDK would (garbage, duplicates, oversized messages)."""

    def __init__(self):
        address, self.token, _ = zetema_bot.connection_args()
        self.channel = grpc.insecure_channel(
            address, options=[("grpc.enable_http_proxy", 0)])
        grpc.channel_ready_future(self.channel).result(timeout=10)
        play = self.channel.stream_stream(
            "/arbiter.v1.Arbiter/Play",
            request_serializer=lambda b: b,
            response_deserializer=arbiter_pb2.ArbiterMessage.FromString)
        self.outgoing = queue.Queue()
        self.responses = play(iter(self.outgoing.get, None))

    def send(self, message):
        """A BotMessage, or raw bytes."""
        if not isinstance(message, bytes):
            message = message.SerializeToString()
        self.outgoing.put(message)

    def hello(self, name, token=None):
        self.send(arbiter_pb2.BotMessage(hello=arbiter_pb2.Hello(
            token=self.token if token is None else token, bot_name=name,
            bot_version="e2e", protocol_version=zetema_bot.PROTOCOL_VERSION)))

    def decisions(self):
        """Yields every DecisionRequest until the stream ends."""
        try:
            for message in self.responses:
                if message.HasField("decision_request"):
                    yield message.decision_request
                elif message.HasField("error"):
                    log("arbiter error: %s" % message.error.message)
                    return
        except grpc.RpcError as e:
            log("stream ended: %s" % e.code())

    def close(self):
        self.outgoing.put(None)
        self.responses.cancel()
        self.channel.close()


def reply(request, **answer):
    return arbiter_pb2.BotMessage(action_reply=arbiter_pb2.ActionReply(
        request_id=request.request_id, **answer))


def greedy_index(request):
    """The greedy choice for a raw DecisionRequest, as an index."""
    legal = zetema_bot.game.legal_actions_of(request)
    return greedy.choose(zetema_bot.Observation(request, None), legal).index


def sleep_forever():
    while True:
        time.sleep(3600)


__all__ = ["arbiter_pb2", "arbiter_pb2_grpc", "zetema_bot", "greedy"]
