"""Misbehaving bot: answers a decision with bytes that are no protobuf
message at all (malformed message)."""
import botlib

botlib.record_pid()
misbehave = botlib.first_time("garbage")
stream = botlib.RawStream()
stream.hello("garbage")
for request in stream.decisions():
    if misbehave:
        misbehave = False
        botlib.log("sending garbage")
        stream.send(b"\xff\xfe this is not a protobuf message \x00\x07")
    else:
        stream.send(botlib.reply(request, index=botlib.greedy_index(request)))
botlib.sleep_forever()
