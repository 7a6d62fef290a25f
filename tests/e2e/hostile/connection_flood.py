"""Hostile bot: opens 200 connections to its arbiter socket that never say
hello, and 20 gRPC streams that never send their Hello, keeps them open,
then at its first decision thinks for 2 s (the arbiter should sleep
meanwhile, whatever the flood); then plays well."""
import os
import socket
import time

import grpc

import hostile
from hostile import botlib

botlib.record_pid()
address = os.environ["ZETEMA_ARBITER_ADDRESS"]
path = address[len("unix://"):]
raw = []
for _ in range(200):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(path)
        raw.append(s)
    except OSError:
        s.close()
streams = []
for _ in range(20):
    channel = grpc.insecure_channel(address)
    call = channel.stream_stream("/arbiter.v1.Arbiter/Play")
    streams.append((channel, call(iter(lambda: time.sleep(3600), None))))
hostile.report(attack="flood", raw=len(raw), streams=len(streams))
thought = []


def choose(observation, legal):
    if not thought and botlib.first_time("connection_flood"):
        start = time.monotonic()
        time.sleep(2)
        state = os.environ["ZETEMA_E2E_STATE"]
        with open(os.path.join(state, "flood.window"), "w") as f:
            f.write("%f %f\n" % (start, time.monotonic()))
    thought.append(1)
    return botlib.greedy.choose(observation, legal)


botlib.zetema_bot.run(choose, name="connection_flood", version="e2e")
