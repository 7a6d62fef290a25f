"""Hostile bot: looks for other bots' tokens (every process's environment,
every socket it can find) and tries to act for another seat with them;
then plays well."""
import os
import queue
import threading
import time

import grpc

import hostile
from hostile import botlib

botlib_marker = "ZETEMA_E2E_RUN"

botlib.record_pid()
own = os.environ.get("ZETEMA_TOKEN", "")


def steal(deadline):
    """Polls /proc for a token of this test run (the run's marker) that is
    not its own (another bot's), for a moment; returns (token, address) or
    None."""
    marker = os.environ.get(botlib_marker, "").encode()
    while time.monotonic() < deadline:
        for pid in hostile.visible_pids():
            env = hostile.read("/proc/%d/environ" % pid, 1 << 16)
            if isinstance(env, Exception):
                continue
            vars_ = dict(v.split(b"=", 1) for v in env.split(b"\0")
                         if b"=" in v)
            if vars_.get(botlib_marker.encode()) != marker:
                continue
            token = vars_.get(b"ZETEMA_TOKEN", b"").decode()
            if token and token != own:
                return token, vars_.get(b"ZETEMA_ARBITER_ADDRESS",
                                        b"").decode()
        time.sleep(0.01)
    return None


def act_for(token, address):
    """Says Hello with `token` on `address`; what the arbiter answered."""
    channel = grpc.insecure_channel(address)
    play = channel.stream_stream(
        "/arbiter.v1.Arbiter/Play", request_serializer=lambda b: b,
        response_deserializer=botlib.arbiter_pb2.ArbiterMessage.FromString)
    outgoing = queue.Queue()
    responses = play(iter(outgoing.get, None), timeout=5)
    outgoing.put(botlib.arbiter_pb2.BotMessage(hello=botlib.arbiter_pb2.Hello(
        token=token, bot_name="thief", bot_version="e2e",
        protocol_version=botlib.zetema_bot.PROTOCOL_VERSION))
        .SerializeToString())
    try:
        first = next(responses)
        if first.HasField("welcome"):
            return "ACTED FOR ANOTHER SEAT"
        return "stolen token refused: " + first.error.message
    except (grpc.RpcError, StopIteration) as e:
        return "stolen token refused (%s)" % type(e).__name__
    finally:
        outgoing.put(None)
        channel.close()


def attack():
    found = steal(time.monotonic() + 1.5)
    outcome = "no foreign token found"
    if found:
        outcome = act_for(*found)
    hostile.report(attack="token", visible=len(hostile.visible_pids()),
                   found=bool(found), outcome=outcome)
    done.set()


def choose(observation, legal):
    done.wait(5)  # the first answer waits for the attack's outcome
    return botlib.greedy.choose(observation, legal)


done = threading.Event()
threading.Thread(target=attack, daemon=True).start()
botlib.zetema_bot.run(choose, name="token_thief", version="e2e")
