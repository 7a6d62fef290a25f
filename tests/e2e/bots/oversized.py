"""Misbehaving bot: answers with an 8 MiB message, beyond gRPC's 4 MiB
default receive limit (malformed message)."""
import botlib

botlib.record_pid()
misbehave = botlib.first_time("oversized")
stream = botlib.RawStream()
stream.hello("oversized")
for request in stream.decisions():
    if misbehave:
        misbehave = False
        botlib.log("sending 8 MiB")
        stream.send(botlib.reply(request, text="discard " + "X" * (8 << 20)))
    else:
        stream.send(botlib.reply(request, index=botlib.greedy_index(request)))
botlib.sleep_forever()
